"""The recap panel: the others' actions since the viewer last acted, one line each.

Drawn above the board (a pure function of the screen): a heading with how many actions,
the list (each line its player's mark and the action's records in words), and buttons to
step through the actions one at a time (the board lights the shown action's spaces, or
every listed action's) or to skip the recap.
"""
from __future__ import annotations

from tm.web.html import attrs, esc
from tm.web.i18n import t, tn
from tm.web.log_text import log_line
from tm.web.model import Screen, View
from tm.web.panels import swatch
from tm.web.recap import RecapAction, lit_spaces, recap_actions


def shown_actions(screen: Screen) -> list[RecapAction]:
    """The actions the screen's recap lists (none without a recap)."""
    recap = screen.recap
    if recap is None or screen.view is None:
        return []
    return recap_actions(screen.game["log"], recap.seat, recap.since)


def recap_lit(screen: Screen) -> frozenset[str]:
    """The spaces the recap lights on the board now."""
    recap = screen.recap
    return lit_spaces(shown_actions(screen), recap.step if recap else None)


def action_text(view: View, action: RecapAction) -> str:
    """An action's records in words, as one line (gains and payments included)."""
    return t("recap.joiner").join(log_line(view, r) for r in action.records)


def _line(screen: Screen, index: int, action: RecapAction, step: int | None) -> str:
    view, p = screen.game, action.player
    colour = screen.colours[p] if 0 <= p < len(screen.colours) else "neutral"
    mark = swatch(colour, p if 0 <= p < len(screen.colours) else None)
    current = step == index
    classes = "recap-line" + (" current" if current else "") + \
        (" dim" if step is not None and not current else "")
    lit = (f' <span class="recap-spaces">{esc(tn("recap.spaces", len(action.spaces)))}</span>'
           if action.spaces else "")
    pick = attrs(class_="recap-pick", data_action="recap_step", data_index=index)
    return (f'<li{attrs(class_=classes, aria_current="step" if current else None)}>'
            f'<button type="button"{pick}>'
            f'{mark} {esc(action_text(view, action))}{lit}'
            "</button></li>")


def _nav(step: int | None, count: int) -> str:
    prev = (f'<button type="button"{attrs(data_action="recap_prev", disabled=step is None)}>'
            f'{esc(t("recap.prev"))}</button>')
    last = step is not None and step >= count - 1
    forward = attrs(class_="primary", data_action="recap_next", disabled=last)
    nxt = (f'<button type="button"{forward}>'
           f'{esc(t("recap.next"))}</button>')
    close = t("recap.skip") if step is None else t("recap.close")
    where = (f'<span class="recap-where" role="status">'
             f'{esc(t("recap.step_of", n=step + 1, total=count))}</span>'
             if step is not None else "")
    return (f'<div class="recap-nav">{prev}{nxt}{where}'
            f'<button type="button" data-action="recap_close">{esc(close)}</button></div>')


def recap_box(screen: Screen) -> str:
    """The recap, or "" when there is none (nobody else acted, or it was closed)."""
    recap, actions = screen.recap, shown_actions(screen)
    if recap is None or not actions:
        return ""
    step = recap.step if recap.step is None or 0 <= recap.step < len(actions) else None
    lines = "".join(_line(screen, i, a, step) for i, a in enumerate(actions))
    title = tn("recap.title", len(actions))
    return (f'<section class="recap" role="region" aria-label="{esc(title)}">'
            f'<h2>{esc(title)}</h2><ol class="recap-list">{lines}</ol>'
            f"{_nav(step, len(actions))}</section>")
