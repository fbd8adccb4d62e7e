"""One renderer per prompt kind (``RENDERERS``): the decision area of the game screen."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tm.cards import card
from tm.maps import get_map
from tm.prompts import Prompt
from tm.state import GameState
from tm.web import prompt_steps
from tm.web.card_text import qty, steps_text, tile_phrase
from tm.web.cards_html import card_html
from tm.web.html import esc
from tm.web.i18n import has, t
from tm.web.panels import player_name, swatch
from tm.web.prompt_parts import (
    choice_button,
    choice_label,
    game_of,
    head,
    label_of,
    list_html,
    option_label,
)

__all__ = ["RENDERERS", "choice_button", "choice_label", "render_prompt"]

if TYPE_CHECKING:
    from tm.web.app import App

ACTION_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("projects", ("standard_project",)),
    ("card_actions", ("card_action", "first_action")),
    ("milestones", ("claim_milestone",)),
    ("awards", ("fund_award",)),
    ("conversions", ("convert_plants", "convert_heat")),
    ("turn", ("end_turn", "pass")),
)


def _sub(g: GameState, player: int, choice: dict[str, Any]) -> str | None:
    """A second line for an action choice: what it does."""
    kind = choice["type"]
    if kind == "standard_project":
        return t(f"project_does.{choice['project']}")
    if kind in ("claim_milestone", "fund_award"):
        name = choice.get("milestone") or choice.get("award")
        return t(("ms." if kind == "claim_milestone" else "aw.") + str(name))
    if kind == "card_action":
        c = card(choice["card"])
        return steps_text(c.action, c)
    if kind == "first_action":
        corp = g.players[player].corporation
        return steps_text(card(corp).first_action, card(corp)) if corp else None
    return None


# ---------------------------------------------------------------- renderers
def _action(app: App, prompt: Prompt) -> str:
    g = game_of(app)
    p = prompt.player
    choices = list(enumerate(prompt.choices()))
    first = any(c["type"] == "first_action" for _, c in choices)
    title = t("prompt.first_action" if first else
              "prompt.action_second" if g.actions_this_turn == 1 else "prompt.action")
    parts = [head(app, prompt, title)]
    playable = [card_html(c["card"], g, p, action=("choose", i))
                for i, c in choices if c["type"] == "play_card"]
    if playable:
        parts.append(f'<div class="group"><h3>{esc(t("prompt.group.cards"))}</h3>'
                     f'<div class="cards playable">{"".join(playable)}</div></div>')
    for group, kinds in ACTION_GROUPS:
        buttons = [choice_button(i, choice_label(g, p, c), _sub(g, p, c),
                                 "choice" + (" primary" if c["type"] == "first_action" else ""))
                   for i, c in choices if c["type"] in kinds]
        if buttons:
            parts.append(f'<div class="group group-{group}"><h3>'
                         f'{esc(t("prompt.group." + group))}</h3>{list_html(buttons)}</div>')
    return "".join(parts)


def _space_label(g: GameState, sid: str) -> str:
    sp = get_map(g.options.board).spaces[sid]
    bits = [sid] + ([sp.name] if sp.name else []) + [t(f"bonus.{b}") for b in sp.bonus]
    return " · ".join(bits)


def _space(app: App, prompt: Prompt) -> str:
    g = game_of(app)
    tile = tile_phrase(str(prompt.data.get("tile") or "special"))
    src = prompt.data.get("src")
    title = t("prompt.space_for", tile=tile, card=src) if src else t("prompt.space", tile=tile)
    buttons = [choice_button(i, _space_label(g, c["space"]), cls="choice space-choice")
               for i, c in enumerate(prompt.choices())]
    return (f'{head(app, prompt, title)}<p class="hint">{esc(t("board.pick"))}</p>'
            f'{list_html(buttons, "choices spaces")}')


FULL_CARD_PURPOSES = ("draft", "keep_cards")  # choosing a card to keep: show all of it


def _card(app: App, prompt: Prompt) -> str:
    g = game_of(app)
    count = int(prompt.data.get("count", 1))
    names = prompt.data.get("cards") or []
    unit = (card(names[0]).resource if names else None) or "resource"
    title = t(f"prompt.card.{prompt.purpose}", count=count, qty=qty(unit, count))
    full = prompt.purpose in FULL_CARD_PURPOSES
    tiles = []
    for i, c in enumerate(prompt.choices()):
        owner = label_of(c).get("owner")
        whose = owner if isinstance(owner, int) else prompt.player
        held = g.players[whose].card_res.get(c["card"]) if 0 <= whose < len(g.players) else None
        note = t("prompt.card_owner", name=player_name(g, whose)) if owner is not None else None
        tiles.append(card_html(c["card"], g, prompt.player, action=("choose", i),
                               resources=None if full else held, compact=not full, note=note))
    hint = ""
    drafted = list(g.players[prompt.player].drafted) if prompt.purpose == "draft" else []
    if drafted:
        hint = f'<p class="hint">{esc(t("prompt.drafted", list=", ".join(drafted)))}</p>'
    return f'{head(app, prompt, title)}{hint}<div class="cards">{"".join(tiles)}</div>'


def _player(app: App, prompt: Prompt) -> str:
    g = game_of(app)
    step = prompt.data.get("step") or {}
    res = str(step.get("res", "megacredits"))
    count = int(step.get("count", 1))
    title = t(f"prompt.player.{prompt.purpose}", res=t(f"resname.{res}"),
              count=qty(res, count) if prompt.purpose == "remove_any" else count)
    colours = list(app.meta.colours) + ["grey"] * len(g.players)
    buttons = []
    for i, c in enumerate(prompt.choices()):
        p = c.get("player")
        lead = swatch(colours[p]) if isinstance(p, int) and 0 <= p < len(g.players) else ""
        buttons.append(choice_button(i, choice_label(g, prompt.player, c), lead=lead))
    return f"{head(app, prompt, title)}{list_html(buttons)}"


def _amount(app: App, prompt: Prompt) -> str:
    key = f"prompt.amount.{prompt.purpose}"
    title = t(key) if has(key) else t("prompt.amount")
    g = game_of(app)
    choices = prompt.choices()
    buttons = [choice_button(i, choice_label(g, prompt.player, c), cls="choice amount")
               for i, c in enumerate(choices)]
    low, high = int(prompt.data.get("min", 0)), int(prompt.data.get("max", 0))
    sample = (f'<p class="hint">{esc(t("prompt.amount_sample", min=low, max=high))}</p>'
              if high - low + 1 > len(choices) else "")
    return f"{head(app, prompt, title)}{sample}{list_html(buttons)}"


def _option(app: App, prompt: Prompt) -> str:
    src = prompt.data.get("src")
    buttons = [choice_button(i, option_label(label_of(c)))
               for i, c in enumerate(prompt.choices())]
    if prompt.purpose != "choose":
        title = t("prompt.option." + prompt.purpose)
    else:
        title = t("prompt.option_for", card=src) if src else t("prompt.option")
    return f"{head(app, prompt, title)}{list_html(buttons)}"


RENDERERS: dict[str, Callable[[App, Prompt], str]] = {
    "action": _action,
    "space": _space,
    "cards": prompt_steps.cards,
    "card": _card,
    "player": _player,
    "amount": _amount,
    "pay": prompt_steps.pay,
    "option": _option,
    "setup": prompt_steps.setup,
}


def _generic(app: App, prompt: Prompt) -> str:
    """Any kind without a renderer of its own (a test keeps this unused): plain buttons."""
    g = game_of(app)
    buttons = [choice_button(i, choice_label(g, prompt.player, c))
               for i, c in enumerate(prompt.choices())]
    return f'{head(app, prompt, t("prompt.option"))}{list_html(buttons)}'


def render_prompt(app: App, prompt: Prompt) -> str:
    """The decision area for a prompt."""
    body = RENDERERS.get(prompt.kind, _generic)(app, prompt)
    return (f'<section class="prompt" aria-live="polite" data-kind="{esc(prompt.kind)}">'
            f"{body}</section>")
