"""HTML of undo by link: a request to answer (Accept / Refuse with a reason), the request
or answer to send, what came of one, and the branch this device left (as a replay)."""
from __future__ import annotations

from tm.web.html import attrs, button, esc
from tm.web.i18n import t, tn
from tm.web.linkplay_html import send_panel
from tm.web.model import Screen
from tm.web.model_links import UndoShown

_SEND_TITLE = {"ask": "linkundo.ask_title", "pass": "linkundo.pass_title",
               "answer": "linkundo.answer_title"}


def link_panels(screen: Screen) -> str:
    """Beside a game played by link: undo requests, then the link to send (the game's own
    link waits while a request or answer is to be sent)."""
    shown = screen.linkplay.undo if screen.linkplay is not None else None
    if shown is None:
        return send_panel(screen)
    sending = bool(shown.kind)
    return undo_panel(shown) + ("" if sending else send_panel(screen))


def undo_panel(shown: UndoShown) -> str:
    """The request asked of this seat, the one to send on, the note, the branch left."""
    parts = []
    if shown.note:
        parts.append(f'<p class="undo-note" role="status">{esc(shown.note)}</p>')
    if shown.asked is not None:
        parts.append(_asked(shown.asked))
    if shown.kind:
        parts.append(_sending(shown))
    if shown.left:
        parts.append(f'<p class="hint">{esc(t("linkundo.left_hint"))}</p>'
                     + button(t("linkundo.see_left"), "branch_replay", ""))
    return f'<section class="send-panel undo-link">{"".join(parts)}</section>' if parts else ""


def _asked(asked: tuple[str, int, int, int, bool]) -> str:
    """Another seat asks to take back moves: Accept, or Refuse with a reason."""
    name, move, count, own, possible = asked
    lines = [tn("linkundo.asked", count, name=name, move=move)]
    if own:
        lines.append(tn("linkundo.asked_yours", own))
    if not possible:
        lines.append(t("linkundo.asked_revealed"))
    text = "".join(f"<p>{esc(line)}</p>" for line in lines)
    accept = button(t("linkundo.accept"), "undo_accept", "primary") if possible else ""
    refuse = (f'<form class="undo-refuse" data-action="undo_refuse"><label>'
              f'{esc(t("linkundo.reason"))} <input type="text" name="reason"'
              f'{attrs(maxlength=80)}></label>'
              f'<button type="submit">{esc(t("linkundo.refuse"))}</button></form>')
    return (f'<div class="undo-asked" role="alertdialog" aria-labelledby="undo-asked-title">'
            f'<h2 id="undo-asked-title">{esc(t("linkundo.asked_title", name=name))}</h2>'
            f'{text}<div class="tools">{accept}</div>{refuse}</div>')


def _sending(shown: UndoShown) -> str:
    """The request (or the answer) to send, with its link (once signed)."""
    name = shown.to
    hint = t(f"linkundo.{shown.kind}_hint", name=name, move=shown.move)
    head = (f'<h2 id="undo-send-title">{esc(t(_SEND_TITLE[shown.kind], name=name))}</h2>'
            f'<p>{esc(hint)}</p>')
    if shown.link is None:
        return head + f'<p role="status">{esc(t("linkplay.sealing"))}</p>'
    field = (f'<input class="send-link undo-send-link" readonly'
             f'{attrs(value=shown.link, aria_label=t("linkplay.link_label", name=name))}>'
             '<div class="tools">' + button(t("linkplay.copy"), "send_link", "primary",
                                             link=shown.link)
             + (button(t("linkundo.withdraw"), "undo_withdraw", "") if shown.can_withdraw
                else "") + "</div>")
    return head + field
