"""HTML of play by link (the seat check, sending the game on, an older link) and of the
daily challenge (on the start screen, beside a game, its result and history)."""
from __future__ import annotations

from collections.abc import Mapping

from tm import daily
from tm.web.app_linkplay import LinkPlayShown
from tm.web.html import attrs, button, esc
from tm.web.i18n import t
from tm.web.icons import icon
from tm.web.model import Screen
from tm.web.model_links import Older


def _shown(screen: Screen) -> LinkPlayShown:
    return screen.linkplay or LinkPlayShown()


def _whole_game() -> str:
    return f'<p class="whole-game">{esc(t("linkplay.whole_game"))}</p>'


def _who_sees(shown: LinkPlayShown) -> str:
    """Who can see what: in a sealed game each device its own cards, else everyone all."""
    if shown.sealed is None:
        return _whole_game()
    return f'<p class="hint who-sees">{esc(t("sealed.who_sees"))}</p>'


def _ticked(form: Mapping[str, str], name: str) -> str:
    return " checked" if str(form.get(name, "")).lower() in ("on", "true", "1") else ""


def by_link_box(form: Mapping[str, str], players: int = 2) -> str:
    """The new-game form's boxes: play by link, each player on their own device; and
    with it, hands kept secret (a sealed game). Solo has no one to send a link to: no
    boxes. Ticking "keep hands secret" redraws the form, so the hint never says a link
    holds the hands when it will not."""
    if players < 2:
        return ""
    sealed = _ticked(form, "sealed")
    whole = "" if sealed else f' {esc(t("linkplay.whole_game"))}'
    return (f'<label class="by-link"><input type="checkbox" name="by_link"'
            f'{_ticked(form, "by_link")}> {esc(t("linkplay.start"))}</label>'
            f'<p class="hint">{esc(t("linkplay.start_hint"))}{whole}</p>'
            f'<label class="sealed-box"><input type="checkbox" name="sealed" data-change="form"'
            f'{sealed}> {esc(t("sealed.start"))}</label>'
            f'<p class="hint">{esc(t("sealed.start_hint"))}</p>')


def seat_cover(screen: Screen) -> str:
    """"Who are you?": the seat this device plays (over the game as nobody's seat sees it;
    the page's notice goes on the cover: screens.render_app)."""
    shown = _shown(screen)
    sealed = shown.sealed is not None
    seats = "".join(_seat_button(i, name, i in shown.taken, i in shown.uninvited)
                    for i, name in enumerate(shown.names))
    body = f'<div class="seats">{seats}</div>'
    if shown.recovering is not None and shown.recovering[1]:
        seat, _, creator = shown.recovering
        body = _take_back(shown.names[seat], seat, creator, [
            shown.names[s] for s in shown.claims if 0 <= s < len(shown.names)])
    elif sealed:  # ("I am …" takes the seat with the passphrase typed: page_tools locks it)
        body = f'<div class="seal-seat-form">{_escrow_fields()}{body}</div>'
    return (f'<div class="handoff seat-check" role="dialog" aria-modal="true" '
            f'aria-labelledby="seat-title">'
            f'<h1 id="seat-title">{esc(t("linkplay.who"))}</h1>'
            f'<p class="hint">{esc(t("linkplay.who_hint"))}</p>'
            f'{body}{_who_sees(shown)}</div>')


def _escrow_fields() -> str:
    """A sealed seat's recovery passphrase, typed twice (optional; the hint says why)."""
    return (f'<p class="hint escrow-hint">{esc(t("sealed.escrow_hint"))}</p>'
            f'<label>{esc(t("sealed.escrow_pass"))} <input type="password" name="passphrase" '
            f'autocomplete="new-password"></label>'
            f'<label>{esc(t("sealed.escrow_again"))} <input type="password" name="again" '
            f'autocomplete="new-password"></label>')


def _take_back(name: str, seat: int, creator: bool, claims: list[str]) -> str:
    """A seat invited again on this device, or the creator's seat in the whole game sent
    to a new device: its recovery passphrase asked (several seats claiming the creator's
    key: it is tried on each)."""
    ask = "sealed.escrow_ask_creator" if creator else "sealed.escrow_ask"
    words = t(ask, name=name) if len(claims) < 2 else t("sealed.escrow_ask_claims",
                                                        names=", ".join(claims))
    return (f'<form class="take-back-form" data-action="seal_seat">'
            f'<p>{esc(words)}</p>'
            f'<label>{esc(t("sealed.escrow_typed"))} <input type="password" '
            f'name="passphrase" required autocomplete="current-password"></label>'
            f'<input type="hidden" name="seat" value="{seat}">'
            f'<button type="submit" class="primary">{esc(t("sealed.escrow_take"))}</button>'
            f'</form>')


def _seat_button(seat: int, name: str, taken: bool, uninvited: bool) -> str:
    """"I am <name>", or a disabled button where another device plays that seat or this
    device holds no invitation for it."""
    if not taken and not uninvited:
        return button(t("linkplay.i_am", name=name), "choose_seat", "primary", seat=seat)
    words = "linkplay.seat_elsewhere" if taken else "linkplay.seat_uninvited"
    return (f'<button type="button" disabled{attrs(data_seat=seat)}>'
            f'{esc(t(words, name=name))}</button>')


def older_cover(screen: Screen) -> str:
    """An older link of a game this device holds further on: the newer game offered. A
    link that does not extend it (a fork) says what differs and keeps this device's game."""
    older = _shown(screen).older
    if older is None:
        return ""
    if older.fork:
        return fork_cover(older)
    text = t("linkplay.older", link=older.link_moves, local=older.local_moves)
    return (f'<div class="handoff older-link" role="dialog" aria-modal="true" '
            f'aria-labelledby="older-title"><h1 id="older-title">'
            f'{esc(t("linkplay.older_title"))}</h1><p>{esc(text)}</p>'
            + button(t("linkplay.open_newer"), "older_newer", "primary")
            + button(t("linkplay.open_older"), "older_copy", "") + "</div>")


def fork_cover(fork: Older) -> str:
    """A link kept apart from this device's game: what differs in plain words; this
    device's game is kept (first button), the link's can be looked at as a copy."""
    text = t(f"linkplay.fork_{fork.fork}", name=fork.player, move=fork.move)
    return (f'<div class="handoff older-link fork-link" role="alertdialog" aria-modal="true" '
            f'aria-labelledby="fork-title"><h1 id="fork-title">'
            f'{esc(t("linkplay.fork_title"))}</h1><p>{esc(text)}</p>'
            f'<p class="hint">{esc(t("linkplay.fork_kept"))}</p>'
            + (f'<p class="hint">{esc(t("linkundo.adopt_hint"))}</p>' if fork.mendable else "")
            + button(t("linkplay.keep_mine"), "older_newer", "primary")
            + (button(t("linkundo.adopt"), "fork_adopt", "") if fork.mendable else "")
            + button(t("linkplay.open_older"), "older_copy", "") + "</div>")


def _copy_field(link: str, label: str, copied: bool, can_share: bool, title: str,
                field: str = "send-link") -> str:
    """A link in a field (of class ``field``) to select, a button that copies it, the share
    sheet if any."""
    if copied:
        copy = (f'<button type="button" class="primary copied"'
                f'{attrs(data_action="send_link", data_link=link)}>{icon("check")}'
                f'<span role="status">{esc(t("linkplay.copied"))}</span></button>')
    else:
        copy = button(t("linkplay.copy"), "send_link", "primary", link=link)
    share = button(t("linkplay.share"), "share_native", "", link=link,
                   title=title) if can_share else ""
    return (f'<input class="{field}" readonly{attrs(value=link, aria_label=label)}>'
            f'<div class="tools">{copy}{share}</div>')


def send_panel(screen: Screen) -> str:
    """Beside a game played by link: who this device is, and when the next decision is
    another player's, the link to send them."""
    shown = _shown(screen)
    if not shown.link_id or shown.seat < 0 or shown.seat >= len(shown.names):
        return ""
    you = (f'<p class="you-are">{esc(t("linkplay.you_are", name=shown.names[shown.seat]))}</p>'
           + invitations(shown))
    if shown.sealing:
        return (f'<section class="send-panel quiet">{you}'
                f'<p role="status">{esc(t("linkplay.sealing"))}</p></section>')
    if shown.sealed is not None:
        return sealed_panel(shown, you)
    if shown.send_to is None or shown.send_link is None:
        return f'<section class="send-panel quiet">{you}</section>'
    name = shown.send_to
    return (f'<section class="send-panel" aria-labelledby="send-title">{you}'
            f'<h2 id="send-title">{esc(t("linkplay.send_to", name=name))}</h2>'
            f'<p>{esc(t("linkplay.send_end" if shown.over else "linkplay.send_hint", name=name))}'
            "</p>"
            + _key_lost(shown)
            + (f'<p class="hint signed">{esc(t("linkplay.signed", name=shown.names[shown.seat]))}'
               "</p>" if shown.signed else "")
            + _copy_field(shown.send_link, t("linkplay.link_label", name=name), shown.copied,
                          shown.can_share, t("linkplay.send_to", name=name))
            + _whole_game() + "</section>")


def invitations(shown: LinkPlayShown) -> str:
    """On the creator's device: each seat's invitation link, and "Invite again" for a seat
    taken (a lost device)."""
    items = "".join(_invite_item(shown, seat, link) for seat, link in shown.invites)
    again = "".join(button(t("linkplay.invite_again", name=shown.names[seat]), "invite_again",
                           "", seat=seat) for seat in shown.reinvite)
    if not items and not again and shown.recovery is None:
        return ""
    hint = f'<p class="hint">{esc(t("linkplay.invites_hint"))}</p>' if items else ""
    more = (f'<details class="invite-again"><summary>{esc(t("linkplay.invite_again_hint"))}'
            f'</summary><div class="tools">{again}</div></details>' if again else "")
    return (f'<section class="invites" aria-labelledby="invites-title">'
            f'<h3 id="invites-title">{esc(t("linkplay.invites_title"))}</h3>{hint}'
            f'<ul class="invite-list">{items}</ul>{more}{_recovery(shown)}</section>')


def _recovery(shown: LinkPlayShown) -> str:
    """The creator's way back to its seat, should it lose this device (kept to itself)."""
    if shown.recovery is None or not 0 <= shown.seat < len(shown.names):
        return ""
    name = shown.names[shown.seat]
    label = t("linkplay.recovery_label", name=name)
    return (f'<details class="recovery"><summary>{esc(t("linkplay.recovery_summary"))}'
            f'</summary><p class="hint">{esc(t("linkplay.recovery_hint", name=name))}</p>'
            + _copy_field(shown.recovery, label, shown.copied_invite == shown.recovery,
                          False, label, "recovery-link") + "</details>")


def _invite_item(shown: LinkPlayShown, seat: int, link: str | None) -> str:
    name = shown.names[seat]
    if link is None:
        return (f'<li{attrs(data_seat=seat)}><p role="status">'
                f'{esc(t("linkplay.invite_signing", name=name))}</p></li>')
    label = t("linkplay.invite_label", name=name)
    return (f'<li{attrs(data_seat=seat)}><p class="invite-for">'
            f'{esc(t("linkplay.invite_for", name=name))}</p>'
            + _copy_field(link, label, shown.copied_invite == link, shown.can_share, label,
                          "invite-link")
            + "</li>")


def sealed_panel(shown: LinkPlayShown, you: str) -> str:
    """Beside a sealed game: who sees what, the link to send (as a file too when it is
    long) and, at the end, the audit."""
    sealed = shown.sealed
    assert sealed is not None
    who = (f'<details class="hint who-sees"><summary>{esc(t("sealed.who_title"))}</summary>'
           f'<p>{esc(t("sealed.who_sees"))}</p></details>')  # (folded: a phone's height)
    audit = _audit(sealed.audit, sealed.checking) if sealed.over else ""
    if sealed.over:  # (the seeds awaited; before the end, the waiting text names them)
        audit += "".join(f'<p class="awaited hint">{esc(text)}</p>' for text in sealed.awaited)
    if sealed.moved:  # (this device only shows the game now)
        return (f'<section class="send-panel sealed quiet moved"{attrs(data_posts=sealed.posts)}>'
                f'{you}<p class="moved-away" role="status">'
                f'{esc(sealed.moved)}</p>{audit}{who}</section>')
    move = (_move_seat(shown) if sealed.can_move else "") + _send_whole(shown)
    if sealed.send_to is None or sealed.link is None:
        return (f'<section class="send-panel sealed quiet"{attrs(data_posts=sealed.posts)}>'
                f'{you}{audit}{who}{move}</section>')
    name = sealed.send_to
    hint = ("linkplay.send_end" if sealed.over else "sealed.send_hint" if sealed.ready
            else "sealed.shuffling")
    file = (f'<p class="hint long-link">{esc(t("sealed.long", name=name))}</p>'
            + button(t("sealed.save_file"), "save_link", "", link=sealed.link, name=name)
            if sealed.long else "")
    return (f'<section class="send-panel sealed" aria-labelledby="send-title"'
            f'{attrs(data_posts=sealed.posts)}>{you}{audit}'
            f'<h2 id="send-title">{esc(t("linkplay.send_to", name=name))}</h2>'
            f'<p>{esc(t(hint, name=name))}</p>'
            + _copy_field(sealed.link, t("linkplay.link_label", name=name), shown.copied,
                          shown.can_share, t("linkplay.send_to", name=name))
            + file + who + move + "</section>")


def _move_seat(shown: LinkPlayShown) -> str:
    """A sealed seat's way to another device: a passphrase typed twice, then the move
    file (the page locks it: static/seatkeys.mjs)."""
    name = shown.names[shown.seat]
    return (f'<details class="move-seat"><summary>{esc(t("sealed.move_title"))}</summary>'
            f'<form class="move-seat-form" data-action="move_seat">'
            f'<p class="hint">{esc(t("sealed.move_hint", name=name))}</p>'
            f'<label>{esc(t("sealed.move_pass"))} <input type="password" name="passphrase" '
            f'minlength="8" required autocomplete="new-password"></label>'
            f'<label>{esc(t("sealed.move_again"))} <input type="password" name="again" '
            f'minlength="8" required autocomplete="new-password"></label>'
            f'<button type="submit">{esc(t("sealed.move_make"))}</button></form></details>')


def _send_whole(shown: LinkPlayShown) -> str:
    """The whole game for the creator's new device, should the creator lose theirs (they
    take their seat back there with their recovery passphrase)."""
    sealed = shown.sealed
    if sealed is None or sealed.whole is None:
        return ""
    name, link = sealed.whole
    label = t("sealed.whole_label", name=name)
    return (f'<details class="send-whole"><summary>{esc(t("sealed.whole_title", name=name))}'
            f'</summary><p class="hint">{esc(t("sealed.whole_hint", name=name))}</p>'
            + _copy_field(link, label, shown.copied_invite == link, shown.can_share, label,
                          "whole-link")  # (always long: a file too, as a long link)
            + button(t("sealed.save_file"), "save_link", "", link=link, name=name)
            + "</details>")


def _audit(findings: tuple[str, ...] | None, checking: bool) -> str:
    """The end-of-game check: waiting for keys, running, passed, or what it found."""
    if checking:
        return (f'<p class="audit" data-audit="checking" role="status">'
                f'{esc(t("sealed.audit_checking"))}</p>')
    if findings is None:
        return f'<p class="audit" data-audit="waiting">{esc(t("sealed.audit_waiting"))}</p>'
    if not findings:
        return (f'<p class="audit" data-audit="passed" role="status">'
                f'{esc(t("sealed.audit_passed"))}</p>')
    items = "".join(f"<li>{esc(text)}</li>" for text in findings)
    return (f'<div class="audit" data-audit="failed" role="alert">'
            f'<p>{esc(t("sealed.audit_failed"))}</p><ul>{items}</ul></div>')


def _key_lost(shown: LinkPlayShown) -> str:
    if not shown.key_lost:
        return ""
    name = shown.names[shown.seat]
    return f'<p class="key-lost" role="alert">{esc(t("linkplay.key_lost", name=name))}</p>'



def _history(shown: LinkPlayShown) -> str:
    rows = "".join(
        f'<li data-date="{esc(date)}" data-result="{"won" if won else "lost"}">'
        f'{esc(_history_row(date, score, won))}</li>' for date, score, won in shown.history)
    listing = rows or f'<li class="empty">{esc(t("daily.no_history"))}</li>'
    return (f'<h3>{esc(t("daily.history"))}</h3>'
            f'<ul class="daily-history">{listing}</ul>')


def _history_row(date: str, score: int | None, won: bool) -> str:
    """One finished challenge: a win with its score, a loss without one (R-SOLO-3)."""
    if won and score is not None:
        return t("daily.result_won", date=date, score=score)
    return t("daily.result_lost", date=date)


def daily_panel(screen: Screen) -> str:
    """Beside a daily challenge: its date; once over, the score, the result link and the
    player's history of daily results."""
    shown = _shown(screen)
    if not shown.daily:
        return ""
    title = f'<h2>{esc(t("daily.playing", date=shown.daily))}</h2>'
    if shown.result_link is None or (shown.score is None and not shown.lost):
        return (f'<section class="daily-panel quiet">{title}'
                f'<p class="hint">{esc(t("daily.rules"))}</p></section>')
    label = t("daily.result_label", date=shown.daily)
    if shown.lost:  # R-SOLO-3: a loss, no score
        result, marks = t("daily.lost", date=shown.daily), ' data-result="lost"'
        link_text = t("daily.result_link_lost")
    else:
        result = t("daily.score", date=shown.daily, score=shown.score)
        marks = f' data-result="won" data-score="{shown.score}"'
        link_text = t("daily.result_link")
    return (f'<section class="daily-panel"{marks}>{title}'
            f'<p class="daily-score">{esc(result)}</p><p>{esc(link_text)}</p>'
            + _copy_field(shown.result_link, label, shown.copied, shown.can_share, label)
            + _history(shown) + "</section>")


def daily_section(screen: Screen) -> str:
    """On the start screen: today's challenge, a calendar for other dates, the history."""
    shown = _shown(screen)
    if not shown.today:
        return ""
    extras = [t(f"daily.expansion.{name}") for name in shown.today_extras]
    variant = (t("daily.variant_with", extras=", ".join(extras)) if extras
               else t("daily.variant"))
    done = any(date == shown.today for date, _, _ in shown.history)
    play = button(t("daily.see_today" if done else "daily.play_today"), "daily", "primary",
                  date=shown.today)
    dates = attrs(min=daily.FIRST_DATE.isoformat(), max=shown.today, value=shown.today)
    calendar = (f'<form class="daily-date" data-action="daily"><label>{esc(t("daily.date"))} '
                f'<input type="date" name="date" required{dates}>'
                f'</label><button type="submit">{esc(t("daily.play_date"))}</button></form>')
    return (f'<section class="daily" aria-labelledby="daily-title">'
            f'<h2 id="daily-title">{esc(t("daily.title"))}</h2>'
            f'<p class="hint">{esc(t("daily.hint"))} {esc(t("daily.rules"))}</p>'
            f'<p class="daily-today">{esc(t("daily.today", date=shown.today, variant=variant))}'
            f"</p>{play}{calendar}{_history(shown)}</section>")
