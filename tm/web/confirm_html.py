"""The last step of every move that spends, places a tile, settles a selection or passes:
it waits, held in the page, for the player's Confirm (or Cancel, which takes nothing back
from the game; a selection's goes back to its ticks, a Pass's to the actions). A pure
function of the screen model."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tm.web.decide_html import cancel_button
from tm.web.html import attrs, esc
from tm.web.i18n import has, sentence, space_name, t, tn
from tm.web.model import Screen, player_name
from tm.web.panels import swatch
from tm.web.prompt_parts import choice_label

SILENT_STEPS = ("use", "region")  # payment steppers, a board row before its space
SELECTION_DONE = ("selection_done", "setup_done")  # (labels: tm.web.app_stage.held_steps)


def _space_words(screen: Screen, sid: str) -> str:
    """A space as the board names it: its number and name, if it has one."""
    sp = next((sp for sp in screen.game["spaces"] if sp["id"] == sid), None)
    printed = sp.get("name") if sp is not None else None
    name = f" · {space_name(printed)}" if printed else ""
    return t("held.space", space=sid) + name


def step_words(screen: Screen, step: Mapping[str, Any]) -> str:
    """One answer of the action in words (a purchase's Done: what it buys, at what price)."""
    if step.get("type") == "space":
        return _space_words(screen, str(step["space"]))
    label = step.get("label")
    if isinstance(label, Mapping) and label.get("key") == "final_greenery_done":
        return t("held.final_greenery_done")
    if isinstance(label, Mapping) and label.get("key") == "selection_done":
        count, price = int(label.get("count", 0)), int(label.get("price", 0))
        key = f"prompt.done.{label.get('purpose')}"
        if has(f"{key}.other"):
            return tn(key, count, total=count * price)
    return choice_label(screen.game, step)


def _key(step: Mapping[str, Any]) -> Any:
    """The key of a held step's label (None: unlabelled)."""
    label = step.get("label")
    return label.get("key") if isinstance(label, Mapping) else None


def _settles_selection(step: Mapping[str, Any]) -> bool:
    """Whether a held move is a selection's Done (Cancel goes back to the selection)."""
    label = step.get("label")
    return isinstance(label, Mapping) and label.get("key") in SELECTION_DONE


def held_panel(screen: Screen) -> str:
    """What the action did (shown on the board and panels), Confirm and Cancel."""
    steps = [s for s in screen.held if s.get("type") not in SILENT_STEPS]
    first, rest = steps[0], steps[1:]
    items = "".join(f"<li>{esc(step_words(screen, s))}</li>" for s in rest)
    viewer = screen.viewer if screen.viewer is not None else 0
    colour = screen.colours[viewer] if viewer < len(screen.colours) else "grey"
    who = (f'<p class="who">{swatch(colour, viewer)}'
           f'{esc(t("game.your_turn", name=player_name(screen.game, viewer)))}</p>')
    confirm = attrs(class_="primary confirm", data_action="confirm_action",
                    data_focus="confirm-action", data_autofocus=1)
    selection = _settles_selection(first)
    note = t("held.note_pass") if first.get("type") == "pass" else t(
        "held.note_final_greenery") if _key(first) == "final_greenery_done" else t(
        "held.note_selection" if selection else "held.note", action=step_words(screen, first))
    return (f'<section class="prompt held" aria-live="polite" data-kind="confirm">{who}'
            f'<h2>{esc(sentence(t("held.title", action=step_words(screen, first))))}</h2>'
            + (f'<ul class="held-steps">{items}</ul>' if items else "")
            + f'<div class="prompt-footer held-bar"><p class="stage-note">{esc(note)}</p>'
            f"{cancel_button(True, selection)}"
            f'<button type="button"{confirm}>{esc(t("held.confirm"))}</button></div>'
            f'<p class="stage-rule">{esc(t("held.rule"))}</p></section>')
