"""One renderer per prompt kind (``RENDERERS``): the decision area of the game screen."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tm.actions import project_cost
from tm.milestones import CLAIM_COST, fund_cost
from tm.prompts import KINDS, Prompt
from tm.state import NEUTRAL, GameState
from tm.web.cards_html import card_html
from tm.web.html import button, esc
from tm.web.i18n import t

if TYPE_CHECKING:
    from tm.web.app import App


def _name(g: GameState, p: int) -> str:
    return t("game.neutral") if p == NEUTRAL else g.players[p].name


def choice_label(g: GameState, player: int, choice: dict[str, Any]) -> str:
    """A choice of any prompt in words."""
    kind = choice["type"]
    if kind == "standard_project":
        project = choice["project"]
        return t("action.standard_project", project=t(f"project.{project}"),
                 cost=project_cost(g, player, project))
    if kind == "claim_milestone":
        return t("action.claim_milestone", milestone=choice["milestone"]) + f" ({CLAIM_COST} MC)"
    if kind == "fund_award":
        return t("action.fund_award", award=choice["award"]) + f" ({fund_cost(g)} MC)"
    if kind in ("play_card", "card_action"):
        return t(f"action.{kind}", card=choice["card"])
    if kind == "player":
        return _name(g, choice["player"])
    if kind == "none":
        return t("prompt.none")
    if kind == "amount":
        return str(choice["amount"])
    if kind == "pay":
        return " + ".join(f"{v} {t('res.' + c)}" for c, v in choice.items()
                          if c != "type" and v) or "0 MC"
    if kind == "space":
        return choice["space"]
    if kind == "card":
        return choice["card"]
    return t(f"action.{kind}")


def _buttons(app: App, prompt: Prompt, skip: tuple[str, ...] = ()) -> str:
    assert app.game is not None
    g = app.game.state
    items = []
    for index, choice in enumerate(prompt.choices()):
        if choice["type"] in skip:
            continue
        items.append("<li>" + button(choice_label(g, prompt.player, choice), "choose",
                                     "choice", index=index) + "</li>")
    return f'<ul class="choices">{"".join(items)}</ul>'


def _action(app: App, prompt: Prompt) -> str:
    assert app.game is not None
    g = app.game.state
    title = t("prompt.action_second" if g.actions_this_turn == 1 else "prompt.action")
    playable = []
    for index, choice in enumerate(prompt.choices()):
        if choice["type"] == "play_card":
            playable.append(card_html(choice["card"], g, prompt.player,
                                      action=("choose", index)))
    cards = f'<div class="cards playable">{"".join(playable)}</div>' if playable else ""
    return f"<h2>{esc(title)}</h2>{cards}{_buttons(app, prompt, skip=('play_card',))}"


def _space(app: App, prompt: Prompt) -> str:
    tile = t(f"tile.{prompt.data.get('tile')}") if prompt.data.get("tile") in (
        "ocean", "greenery", "city") else t("tile.special")
    return f"<h2>{esc(t('prompt.space', tile=tile))}</h2>{_buttons(app, prompt)}"


def _cards(app: App, prompt: Prompt) -> str:
    assert app.game is not None
    g = app.game.state
    title = t(f"prompt.cards.{prompt.purpose}", price=prompt.data.get("price", 3),
              min=prompt.min, max=prompt.max)
    tiles = []
    for name in prompt.data["cards"]:
        tiles.append(card_html(name, g, prompt.player, action=("toggle", name),
                               selected=name in app.selection))
    count = t("prompt.selected", n=len(app.selection))
    ok = prompt.min <= len(app.selection) <= prompt.max
    confirm = button(t("prompt.confirm"), "confirm", "primary") if ok else (
        f'<button type="button" disabled>{esc(t("prompt.confirm"))}</button>')
    return (f'<h2>{esc(title)}</h2><div class="cards">{"".join(tiles)}</div>'
            f'<p class="selection">{esc(count)}</p>{confirm}')


def _card(app: App, prompt: Prompt) -> str:
    assert app.game is not None
    g = app.game.state
    title = t(f"prompt.card.{prompt.purpose}", count=prompt.data.get("count", 1))
    tiles = [card_html(c["card"], g, prompt.player, action=("choose", i))
             for i, c in enumerate(prompt.choices())]
    return f'<h2>{esc(title)}</h2><div class="cards">{"".join(tiles)}</div>'


def _player(app: App, prompt: Prompt) -> str:
    return f"<h2>{esc(t('prompt.player.' + prompt.purpose))}</h2>{_buttons(app, prompt)}"


def _amount(app: App, prompt: Prompt) -> str:
    return f"<h2>{esc(t('prompt.amount'))}</h2>{_buttons(app, prompt)}"


def _pay(app: App, prompt: Prompt) -> str:
    return (f"<h2>{esc(t('prompt.pay', cost=prompt.data['cost']))}</h2>"
            f"{_buttons(app, prompt)}")


def _option(app: App, prompt: Prompt) -> str:
    options = prompt.data["options"]
    items = []
    for index, choice in enumerate(prompt.choices()):
        label = _option_label(options[choice["option"]])
        items.append("<li>" + button(label, "choose", "choice", index=index) + "</li>")
    title = t("prompt.option." + prompt.purpose) if prompt.purpose != "choose" else t(
        "prompt.option")
    return f'<h2>{esc(title)}</h2><ul class="choices">{"".join(items)}</ul>'


def _option_label(option: list[Any]) -> str:
    if option and isinstance(option[0], str):
        return t(f"option.{option[0]}")
    from tm.web.card_text import step_text
    return "; ".join(step_text(step) for step in option)


RENDERERS: dict[str, Callable[[App, Prompt], str]] = {
    "action": _action,
    "space": _space,
    "cards": _cards,
    "card": _card,
    "player": _player,
    "amount": _amount,
    "pay": _pay,
    "option": _option,
}
assert set(RENDERERS) == set(KINDS)


def render_prompt(app: App, prompt: Prompt) -> str:
    """The decision area for a prompt."""
    return f'<section class="prompt" aria-live="polite">{RENDERERS[prompt.kind](app, prompt)}</section>'
