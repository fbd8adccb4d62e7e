"""The recap panel: the others' actions since the viewer last acted.

Drawn above the board (a pure function of the screen): a heading with how many actions,
the list (each run of one player's actions under their name, one short line per action
with its gains and payments), and buttons to step through the actions one at a time (the
board lights the shown action's spaces, or every listed action's) or to skip the recap.
An action that placed tiles has a "show on the board" button: the page scrolls the board
to its spaces (static/screen.mjs) and a bar at the foot of the window (the dock) steps on
from there and leads back to the list.
"""
from __future__ import annotations

from tm.web.html import attrs, esc
from tm.web.i18n import t, tn
from tm.web.model import Screen, player_name
from tm.web.panels import swatch
from tm.web.recap import RecapAction, by_player, lit_spaces, recap_actions
from tm.web.recap_text import action_text

__all__ = ["action_text", "recap_box", "recap_lit", "shown_actions"]


def shown_actions(screen: Screen) -> list[RecapAction]:
    """The actions the screen's recap lists (none without a recap)."""
    recap = screen.recap
    if recap is None or screen.view is None:
        return []
    return recap_actions(screen.game["log"], recap.seat, recap.since, recap.setup)


def recap_lit(screen: Screen) -> frozenset[str]:
    """The spaces the recap lights on the board now."""
    recap = screen.recap
    return lit_spaces(shown_actions(screen), recap.step if recap else None)


def _who(screen: Screen, player: int) -> str:
    """A player's mark and name."""
    known = 0 <= player < len(screen.colours)
    mark = swatch(screen.colours[player] if known else "neutral", player if known else None)
    return f'{mark}<span class="recap-name">{esc(player_name(screen.game, player))}</span>'


def _show(index: int, action: RecapAction) -> str:
    """The button that shows an action's spaces on the board (none without spaces)."""
    if not action.spaces:
        return ""
    show = attrs(class_="recap-show", data_action="recap_show", data_index=index,
                 data_recap_go="", title=t("recap.show"))
    return (f'<button type="button"{show}><span aria-hidden="true">\u2b21</span> '
            f'{esc(t("recap.show"))}</button>')


def _line(screen: Screen, index: int, action: RecapAction, step: int | None) -> str:
    current = step == index
    classes = "recap-line" + (" current" if current else "") + \
        (" dim" if step is not None and not current else "")
    pick = attrs(class_="recap-pick", data_action="recap_step", data_index=index)
    return (f'<li{attrs(class_=classes, aria_current="step" if current else None)}>'
            f'<button type="button"{pick}>{esc(action_text(screen.game, action))}</button>'
            f'{"" if current else _show(index, action)}</li>')  # (stepped: in the nav)


def _groups(screen: Screen, actions: list[RecapAction], step: int | None) -> str:
    """Each run of one player's actions under the player's name."""
    return "".join(
        f'<li class="recap-group"><p class="recap-who">{_who(screen, player)}</p>'
        f'<ol class="recap-moves">'
        + "".join(_line(screen, i, actions[i], step) for i in indices)
        + "</ol></li>"
        for player, indices in by_player(actions))


def _where(step: int, count: int) -> str:
    return (f'<span class="recap-where" role="status">'
            f'{esc(t("recap.step_of", n=step + 1, total=count))}</span>')


def _nav(step: int | None, actions: list[RecapAction]) -> str:
    count = len(actions)
    prev = (f'<button type="button"{attrs(data_action="recap_prev", disabled=step is None)}>'
            f'{esc(t("recap.prev"))}</button>')
    last = step is not None and step >= count - 1
    forward = attrs(class_="primary", data_action="recap_next", disabled=last)
    nxt = f'<button type="button"{forward}>{esc(t("recap.next"))}</button>'
    close = t("recap.skip") if step is None else t("recap.close")
    where = _where(step, count) + _show(step, actions[step]) if step is not None else ""
    return (f'<div class="recap-nav">{prev}{nxt}{where}'
            f'<button type="button" data-action="recap_close">{esc(close)}</button></div>')


def _dock(screen: Screen, actions: list[RecapAction], step: int) -> str:
    """The bar at the foot of the window while the board shows an action: whose and what
    it was, stepping on (the page keeps the board on the action's spaces), back to the list."""
    action, count = actions[step], len(actions)
    prev = attrs(data_action="recap_prev", data_recap_go="", disabled=step == 0)
    nxt = attrs(class_="primary", data_action="recap_next", data_recap_go="",
                disabled=step >= count - 1)
    back = attrs(class_="recap-back", data_action="recap_back", data_recap_back="")
    return (f'<div class="recap-dock" role="group" aria-label="{esc(t("recap.show"))}">'
            f'<p class="recap-dock-text">{_who(screen, action.player)} '
            f'<span class="recap-dock-what">{esc(action_text(screen.game, action))}</span></p>'
            f'<div class="recap-dock-nav"><button type="button"{prev}>'
            f'<span aria-hidden="true">\u25c0</span> {esc(t("recap.prev"))}</button>'
            f"{_where(step, count)}"
            f'<button type="button"{nxt}>{esc(t("recap.next"))} '
            f'<span aria-hidden="true">\u25b6</span></button>'
            f'<button type="button"{back}><span aria-hidden="true">\u2191</span> '
            f'{esc(t("recap.back"))}</button></div></div>')


def recap_box(screen: Screen) -> str:
    """The recap, or "" when there is none (nobody else acted, or it was closed)."""
    recap, actions = screen.recap, shown_actions(screen)
    if recap is None or not actions:
        return ""
    step = recap.step if recap.step is None or 0 <= recap.step < len(actions) else None
    title = tn("recap.title", len(actions))
    dock = _dock(screen, actions, step) if recap.on_board and step is not None else ""
    return (f'<section class="recap" role="region" aria-label="{esc(title)}">'
            f'<h2>{esc(title)}</h2><ol class="recap-list">{_groups(screen, actions, step)}</ol>'
            f"{_nav(step, actions)}{dock}</section>")
