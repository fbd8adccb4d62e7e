"""The start screen: the game to continue, the new-game form (players, seats, the
expansions' switches from their page manifests, the board, the seed), the daily game and
the saved games; a pure function of the screen model (:class:`~tm.web.model.Screen`)."""
from __future__ import annotations

from collections.abc import Mapping

from tm.web.board_preview import board_picker
from tm.web.bots_html import form_note, name_placeholder, seat_select
from tm.web.cardlist_html import link_to_cards
from tm.web.expansions.pages import PAGES
from tm.web.html import button, esc
from tm.web.i18n import format_moment, t
from tm.web.linkplay_html import by_link_box, daily_section
from tm.web.model import COLOUR_CHOICES, Screen
from tm.web.rule_links import PAGE as RULES_PAGE


def _player_rows(form: Mapping[str, str]) -> str:
    count = int(form.get("players", "2"))
    rows = []
    for i in range(5):
        hidden = " hidden" if i >= count else ""
        name = form.get(f"name_{i}", "")
        colour = form.get(f"colour_{i}", COLOUR_CHOICES[i])
        options = "".join(
            f'<option value="{c}"{" selected" if c == colour else ""}>{esc(t("colour." + c))}'
            "</option>" for c in COLOUR_CHOICES)
        rows.append(
            f'<fieldset class="player-row"{hidden} data-row="{i}"><legend>'
            f'{esc(t("start.player_n", n=i + 1))}</legend>'
            f'<label>{esc(t("start.name"))} <input name="name_{i}" maxlength="40" '
            f'value="{esc(name)}" autocomplete="off"{name_placeholder(form, i)}></label>'
            f'<label>{esc(t("start.colour"))} <select name="colour_{i}">{options}</select></label>'
            f"{seat_select(form, i)}"
            f'<label><input type="checkbox" name="beginner_{i}"{_checked(form, f"beginner_{i}")}> '
            f'{esc(t("start.beginner"))}</label></fieldset>')
    return "".join(rows)


def _checked(form: Mapping[str, str], name: str, default: bool = False) -> str:
    """A checkbox's state as the player left it (the form sends only ticked boxes)."""
    captured = "seed" in form  # the whole form has been read at least once
    ticked = str(form.get(name, "")).lower() in ("on", "true", "1", "yes") if captured \
        else default
    return " checked" if ticked else ""


def _solo_note(count: str) -> str:
    """How solo plays, for one player only (the players select redraws the form)."""
    if count != "1":
        return ""
    return f'<p class="hint solo-note">{esc(t("start.solo_note"))} {esc(t("start.solo_ma"))}</p>'


def _switches(variant: bool, form: Mapping[str, str]) -> str:
    """The expansions' checkboxes (their page manifests' switches): the ones that stand
    with the game's variants, or the others."""
    return "".join(f'<label><input type="checkbox" name="{esc(sw.box)}"'
                   f'{_checked(form, sw.box, sw.default)}> {esc(t(sw.words))}</label>'
                   for page in PAGES if (sw := page.switch) is not None and sw.variant == variant)


def _new_game_form(form: Mapping[str, str]) -> str:
    count = form.get("players", "2")
    player_options = "".join(f'<option value="{n}"{" selected" if str(n) == count else ""}>{n}'
                             "</option>" for n in range(1, 6))
    return (
        f'<form class="new-game" data-action="new_game">'
        f'<h2>{esc(t("start.new_game"))}</h2>'
        f'<label>{esc(t("start.players"))} <select name="players" data-change="form">'
        f"{player_options}</select></label>"
        f"{_solo_note(count)}{form_note(int(count))}{_player_rows(form)}"
        f"{_switches(True, form)}"
        f'<label><input type="checkbox" name="draft"{_checked(form, "draft")}> '
        f'{esc(t("start.draft"))}</label>'
        f'{by_link_box(form, int(count))}'
        f'<label><input type="checkbox" name="strict_undo"{_checked(form, "strict_undo")}> '
        f'{esc(t("start.strict_undo"))}</label>'
        f"{_switches(False, form)}"
        f'{board_picker(form.get("board", ""))}'  # (none named: the first the engine ships)
        f'<label>{esc(t("start.seed"))} <input name="seed" inputmode="numeric" '
        f'value="{esc(form.get("seed", ""))}" autocomplete="off"></label>'
        f'<button type="submit" class="primary">{esc(t("start.start"))}</button></form>')


def _saved_games(screen: Screen) -> str:
    rows = []
    for entry in screen.saves:
        if entry.damaged or entry.meta is None:
            rows.append(f'<li class="damaged">{esc(t("start.damaged", key=entry.key))}</li>')
            continue
        meta = entry.meta
        names = meta.names if isinstance(meta.names, list) else []
        summary = t("start.save_summary", names=", ".join(str(n) for n in names),
                    generation=meta.generation, when=_when(meta.updated))
        if meta.over is True:
            summary += " · " + t("start.save_over")
        rows.append(
            f'<li data-save="{esc(entry.save_id)}"><span>{esc(summary)}</span> '
            + button(t("start.continue"), "continue", "primary", save=entry.save_id)
            + button(t("start.export"), "export", "", save=entry.save_id)
            + button(t("start.delete"), "delete", "danger", save=entry.save_id) + "</li>")
    listing = "".join(rows) or f'<li class="empty">{esc(t("start.no_saves"))}</li>'
    return (f'<section class="saves"><h2>{esc(t("start.saved_games"))}</h2>'
            f'<ul class="save-list">{listing}</ul>'
            f'<label class="import">{esc(t("start.import"))} '
            f'<input type="file" accept=".json,.txt,application/json,text/plain" '
            f'data-change="import"></label>'
            "</section>")


def _seat_file(screen: Screen) -> str:
    """A sealed seat's move file opened: its passphrase, typed (the page unlocks the file:
    static/seatkeys.mjs)."""
    if screen.linkplay is None or not screen.linkplay.seat_file:
        return ""
    return (f'<section class="seat-file" aria-labelledby="seat-file-title">'
            f'<h2 id="seat-file-title">{esc(t("sealed.file_title"))}</h2>'
            f'<form class="seat-file-form" data-action="take_seat">'
            f'<p class="hint">{esc(t("sealed.file_hint"))}</p>'
            f'<label>{esc(t("sealed.file_pass"))} <input type="password" name="passphrase" '
            f'required autocomplete="current-password"></label>'
            f'<div class="tools"><button type="submit" class="primary">'
            f'{esc(t("sealed.file_take"))}</button>'
            + button(t("sealed.file_cancel"), "drop_seat_file", "") + "</div></form></section>")


def _when(ms: float) -> str:
    import datetime
    try:
        moment = datetime.datetime.fromtimestamp(ms / 1000, tz=datetime.UTC)
    except (OverflowError, OSError, ValueError, TypeError):
        return "?"
    return format_moment(moment)


def _resume(screen: Screen) -> str:
    """The unfinished game played last, first on the screen: the one to continue."""
    playing = [e for e in screen.saves if e.meta is not None and not e.damaged
               and e.meta.over is not True and isinstance(e.meta.updated, (int, float))]
    if not playing:
        return ""
    last = max(playing, key=lambda e: float(e.meta.updated if e.meta else 0))
    assert last.meta is not None
    names = last.meta.names if isinstance(last.meta.names, list) else []
    summary = t("start.save_summary", names=", ".join(str(n) for n in names),
                generation=last.meta.generation, when=_when(last.meta.updated))
    return (f'<section class="resume" aria-labelledby="resume-title">'
            f'<h2 id="resume-title">{esc(t("start.resume"))}</h2>'
            f'<p>{esc(summary)}</p>'
            + button(t("start.continue"), "continue", "primary", save=last.save_id,
                     focus="resume") + "</section>")


def start_screen(screen: Screen) -> str:
    """The game to continue, the new-game form and the saved games."""
    return (f'<main class="start"><h1>{esc(t("app.title"))}</h1>{_seat_file(screen)}'
            f"{_resume(screen)}"
            f"{_new_game_form(screen.form)}{daily_section(screen)}{_saved_games(screen)}"
            f'<p class="rules-ref"><a href="{RULES_PAGE}" target="_blank" rel="noopener">'
            f'{esc(t("rules.open"))}</a> · {link_to_cards()}</p></main>')
