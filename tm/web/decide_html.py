"""The decision flow's own parts of the game screen: the status strip (always in view),
the Cancel of an action under way, and the questions of taking back moves in a hot-seat
game. Pure functions of the screen model."""
from __future__ import annotations

from tm.view_model import PlayerView
from tm.web.bots_html import strip_item
from tm.web.expansions.pages import PAGES
from tm.web.html import attrs, button, esc
from tm.web.i18n import has, t, tn
from tm.web.model import RESOURCES, Screen, View, player_name
from tm.web.panels import swatch
from tm.web.regions import drawn_for


def _strip_player(screen: Screen) -> int | None:
    """Whose status shows: the viewer's, else the one deciding, else the active player."""
    view = screen.game
    for p in (screen.viewer, screen.turn, view.get("active")):
        if isinstance(p, int) and 0 <= p < len(view["players"]):
            return p
    return None


def _item(cls: str, shown: str, said: str) -> str:
    """A strip entry: compact on screen, said in full to a screen reader."""
    return (f'<li class="{cls}"><span aria-hidden="true">{shown}</span>'
            f'<span class="sr">{esc(said)}</span></li>')


def _resources(pl: PlayerView) -> str:
    """The strip's resources and production (as last drawn while they are the same: a
    step of a decision changes none of them)."""
    return drawn_for("strip-resources", (pl["res"], pl["prod"]), lambda: _draw_resources(pl))


def _draw_resources(pl: PlayerView) -> str:
    items = []
    for r in RESOURCES:
        have, prod = int(pl["res"][r]), int(pl["prod"][r])
        shown = (f'<span class="sres-name">{esc(t(f"strip.short.{r}"))}</span> <b>{have}</b> '
                 f'<span class="sres-prod">{prod:+d}</span>')
        said = t("strip.resource", res=t(f"res.{r}"), n=have, prod=f"{prod:+d}")
        items.append(_item(f"sres res-{r}", shown, said))
    return f'<ul class="strip-res">{"".join(items)}</ul>'


def _expansion_items(view: View, p: int) -> str:
    """Each expansion's item of the strip (its page manifest's: Colonies, colonies built),
    where the game plays with it."""
    items = [page.strip(view, p) for page in PAGES if page.strip is not None]
    return "".join(_item(*item) for item in items if item is not None)


def _generation(view: View) -> str:
    n, last = view["generation"], view.get("last_generation")
    shown = t("strip.generation_solo", n=n, last=last) if last else t("strip.generation", n=n)
    said = (t("strip.generation_solo_label", n=n, last=last) if last
            else t("strip.generation_label", n=n))
    return _item("sgen", esc(shown), said)


def _turn(screen: Screen) -> str:
    """Whose turn and the actions left in it (or the phase when nobody acts)."""
    view = screen.game
    if view["over"]:
        return _item("sturn", esc(t("strip.over")), t("strip.over"))
    phase = str(view["phase"])
    if phase != "action":
        key = f"strip.phase.{phase}"
        words = t(key) if has(key) else ""
        return _item("sturn", esc(words), words) if words else ""
    active = int(view["active"])
    whose = (t("strip.turn_you") if active == screen.viewer
             else t("strip.turn_of", name=player_name(view, active)))
    left = max(0, 2 - int(view["actions_this_turn"]))
    words = f"{whose} · {tn('strip.actions_left', left)}"
    return _item("sturn", esc(words), words)


def status_strip(screen: Screen) -> str:
    """The viewer's resources and production, TR, VP now, generation, whose turn and the
    actions left: one line kept in view (sticky) on every screen size."""
    view = screen.game
    p = _strip_player(screen)
    if p is None:
        return ""
    pl = view["players"][p]
    name = player_name(view, p)
    vp = next((int(r["total"]) for r in view["scores"] if r["player"] == p), 0)
    colour = screen.colours[p] if p < len(screen.colours) else "grey"
    stats = (_item("str", esc(t("strip.tr", n=pl["tr"])), t("strip.tr_label", n=pl["tr"]))
             + _item("svp", esc(t("strip.vp", n=vp)), tn("strip.vp_label", vp))
             + _expansion_items(view, p) + _generation(view) + _turn(screen) + strip_item(screen))
    return (f'<section{attrs(class_="status-strip", aria_label=t("strip.label", name=name))}>'
            f'<span class="strip-who">{swatch(colour, p)}<span class="strip-name">{esc(name)}'
            f"</span></span>{_resources(pl)}"
            f'<ul class="strip-stats">{stats}</ul></section>')


# ---------------------------------------------------------------- staged actions
def cancel_button(staged: bool, selection: bool = False) -> str:
    """Cancel of an action under way, or of a selection's Done held for its Confirm
    (``selection``: back to the selection); empty when nothing is staged."""
    if not staged:
        return ""
    said = t("stage.cancel_selection_label" if selection else "stage.cancel_label")
    cancel = attrs(class_="cancel", data_action="cancel", data_focus="cancel",
                   aria_label=said)
    return f'<button type="button"{cancel}>{esc(t("stage.cancel"))}</button>'


def stage_footer(staged: bool) -> str:
    """For decisions without a footer of their own: what staging means, and Cancel."""
    if not staged:
        return ""
    return (f'<div class="prompt-footer stage-footer"><p class="stage-note">'
            f'{esc(t("stage.note"))}</p>{cancel_button(True)}</div>')


# ---------------------------------------------------------------- taking back moves
def undo_bar(screen: Screen) -> str:
    """The question before taking back another player's move, or, during a run of undos
    that left the decision with someone else, the button that ends it (one hand-off)."""
    tools = screen.tools
    if tools.undo_ask is not None:
        name = player_name(screen.game, tools.undo_ask)
        return (f'<section class="undo-bar" role="alertdialog" aria-label="'
                f'{esc(t("undo.ask", name=name))}"><p>{esc(t("undo.ask", name=name))}</p>'
                # the answer takes the keyboard focus (browser.py: data-autofocus)
                + button(t("undo.ask_yes", name=name), "undo_confirm", "primary", autofocus=1)
                + button(t("undo.ask_no"), "undo_keep", "") + "</section>")
    turn = screen.turn
    if tools.undoing and turn is not None and turn != screen.viewer:
        name = player_name(screen.game, turn)
        more = button(t("undo.more"), "undo", "") if tools.can_undo else ""
        return (f'<section class="undo-bar" role="status"><p>{esc(t("undo.run", name=name))}'
                "</p>" + button(t("undo.done", name=name), "undo_done", "primary") + more
                + "</section>")
    return ""
