"""One renderer per prompt kind (``RENDERERS``): the decision area of the game screen."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tm.actions import HEAT_PER_STEP, plant_cost, project_cost
from tm.cards import card
from tm.maps import get_map
from tm.milestones import CLAIM_COST, fund_cost
from tm.prompts import Prompt
from tm.state import GameState
from tm.web.card_text import option_text, qty, steps_text, tile_phrase
from tm.web.cards_html import card_html
from tm.web.html import attrs, esc
from tm.web.i18n import has, t
from tm.web.panels import player_name, swatch

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


def choice_label(g: GameState, player: int, choice: dict[str, Any]) -> str:
    """A choice of any prompt in words."""
    kind = choice["type"]
    if kind == "standard_project":
        project = choice["project"]
        return t("action.standard_project", project=t(f"project.{project}"),
                 cost=project_cost(g, player, project))
    if kind == "claim_milestone":
        return t("action.claim_milestone", milestone=choice["milestone"], cost=CLAIM_COST)
    if kind == "fund_award":
        return t("action.fund_award", award=choice["award"], cost=fund_cost(g))
    if kind in ("play_card", "card_action"):
        return t(f"action.{kind}", card=choice["card"])
    if kind == "convert_plants":
        return t("action.convert_plants", n=plant_cost(g, player))
    if kind == "convert_heat":
        return t("action.convert_heat", n=HEAT_PER_STEP)
    if kind == "player":
        return player_name(g, choice["player"])
    if kind == "none":
        return t("prompt.none")
    if kind in ("amount", "space", "card"):
        return str(choice[kind])
    if kind == "pay":
        paid = [qty(c, v) for c, v in choice.items() if c != "type" and v]
        return " + ".join(paid) or qty("megacredits", 0)
    return t(f"action.{kind}")


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


def choice_button(index: int, label: str, sub: str | None = None, cls: str = "choice",
                  lead: str = "") -> str:
    """A button answering the prompt with choice ``index`` (``lead``: trusted HTML)."""
    extra = f'<span class="sub">{esc(sub)}</span>' if sub else ""
    return (f'<button type="button"{attrs(class_=cls, data_action="choose", data_index=index)}>'
            f'<span class="label">{lead}{esc(label)}</span>{extra}</button>')


def _list(items: list[str], cls: str = "choices") -> str:
    return f'<ul class="{cls}">{"".join(f"<li>{item}</li>" for item in items)}</ul>'


def _game(app: App) -> GameState:
    assert app.game is not None
    return app.game.state


def _head(app: App, prompt: Prompt, title: str) -> str:
    g = _game(app)
    colours = list(app.meta.colours) + ["grey"] * len(g.players)
    who = g.players[prompt.player].name
    context = [t("game.your_turn", name=who)]
    if prompt.kind == "action" and len(g.players) > 1:
        context.append(t("game.action_n", n=g.actions_this_turn + 1))
    return (f'<p class="who">{swatch(colours[prompt.player])}{esc(" · ".join(context))}</p>'
            f"<h2>{esc(title)}</h2>")


# ---------------------------------------------------------------- renderers
def _action(app: App, prompt: Prompt) -> str:
    g = _game(app)
    p = prompt.player
    choices = list(enumerate(prompt.choices()))
    first = any(c["type"] == "first_action" for _, c in choices)
    title = t("prompt.first_action" if first else
              "prompt.action_second" if g.actions_this_turn == 1 else "prompt.action")
    parts = [_head(app, prompt, title)]
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
                         f'{esc(t("prompt.group." + group))}</h3>{_list(buttons)}</div>')
    return "".join(parts)


def _space_label(g: GameState, sid: str) -> str:
    sp = get_map(g.options.board).spaces[sid]
    bits = [sid] + ([sp.name] if sp.name else []) + [t(f"bonus.{b}") for b in sp.bonus]
    return " · ".join(bits)


def _space(app: App, prompt: Prompt) -> str:
    g = _game(app)
    tile = tile_phrase(str(prompt.data.get("tile") or "special"))
    src = prompt.data.get("src")
    title = t("prompt.space_for", tile=tile, card=src) if src else t("prompt.space", tile=tile)
    buttons = [choice_button(i, _space_label(g, c["space"]), cls="choice space-choice")
               for i, c in enumerate(prompt.choices())]
    return (f'{_head(app, prompt, title)}<p class="hint">{esc(t("board.pick"))}</p>'
            f'{_list(buttons, "choices spaces")}')


def _cards(app: App, prompt: Prompt) -> str:
    g = _game(app)
    price = int(prompt.data.get("price", 3))
    title = t(f"prompt.cards.{prompt.purpose}", price=price, min=prompt.min, max=prompt.max)
    tiles = [card_html(name, g, prompt.player, action=("toggle", name),
                       selected=name in app.selection) for name in prompt.data["cards"]]
    picked = len(app.selection)
    count = t("prompt.selected_of", n=picked, min=prompt.min, max=prompt.max)
    if prompt.purpose == "buy_cards":
        mc = g.players[prompt.player].res["megacredits"]
        count += " · " + t("prompt.buy_total", total=picked * price, mc=mc)
    ok = prompt.min <= picked <= prompt.max
    confirm_attrs = attrs(class_="primary", data_action="confirm", disabled=not ok)
    confirm = f'<button type="button"{confirm_attrs}>{esc(t("prompt.confirm"))}</button>'
    return (f'{_head(app, prompt, title)}<div class="cards">{"".join(tiles)}</div>'
            f'<p class="selection" aria-live="polite">{esc(count)}</p>{confirm}')


def _card(app: App, prompt: Prompt) -> str:
    g = _game(app)
    count = int(prompt.data.get("count", 1))
    names = prompt.data.get("cards") or []
    unit = (card(names[0]).resource if names else None) or "resource"
    title = t(f"prompt.card.{prompt.purpose}", count=count, qty=qty(unit, count))
    owners = prompt.data.get("owners") or []
    tiles = []
    for i, c in enumerate(prompt.choices()):
        owner = owners[i] if i < len(owners) else prompt.player
        held = g.players[owner].card_res.get(c["card"]) if 0 <= owner < len(g.players) else None
        tiles.append(card_html(c["card"], g, prompt.player, action=("choose", i),
                               resources=held, compact=prompt.purpose != "corporation",
                               note=t("prompt.card_owner", name=player_name(g, owner))
                               if owners else None))
    return f'{_head(app, prompt, title)}<div class="cards">{"".join(tiles)}</div>'


def _player(app: App, prompt: Prompt) -> str:
    g = _game(app)
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
    return f"{_head(app, prompt, title)}{_list(buttons)}"


def _amount(app: App, prompt: Prompt) -> str:
    key = f"prompt.amount.{prompt.purpose}"
    title = t(key) if has(key) else t("prompt.amount")
    buttons = [choice_button(i, str(c["amount"]), cls="choice amount")
               for i, c in enumerate(prompt.choices())]
    return f"{_head(app, prompt, title)}{_list(buttons)}"


def _pay_label(choice: dict[str, Any], rates: dict[str, int]) -> str:
    parts = [f'<span class="pay-part">{esc(qty(c, int(choice.get(c, 0))))}</span>'
             for c in rates if choice.get(c)]
    return " + ".join(parts) or esc(qty("megacredits", 0))


def _pay(app: App, prompt: Prompt) -> str:
    rates: dict[str, int] = prompt.data["rates"]
    title = t("prompt.pay", cost=prompt.data["cost"])
    listed = ", ".join(t("prompt.rate", res=t(f"resname.{c}"), value=v)
                       for c, v in rates.items() if c != "megacredits")
    buttons = []
    for i, c in enumerate(prompt.choices()):
        button_attrs = attrs(class_="choice pay", data_action="choose", data_index=i)
        buttons.append(f'<button type="button"{button_attrs}>{_pay_label(c, rates)}</button>')
    return (f'{_head(app, prompt, title)}<p class="hint">{esc(t("prompt.pay_rates", list=listed))}'
            f"</p>{_list(buttons)}")


def _option(app: App, prompt: Prompt) -> str:
    options = prompt.data["options"]
    src = prompt.data.get("src")
    source = card(src) if isinstance(src, str) else None
    buttons = [choice_button(i, _option_label(options[c["option"]], source))
               for i, c in enumerate(prompt.choices())]
    if prompt.purpose != "choose":
        title = t("prompt.option." + prompt.purpose)
    else:
        title = t("prompt.option_for", card=src) if src else t("prompt.option")
    return f"{_head(app, prompt, title)}{_list(buttons)}"


def _option_label(option: list[Any], source: Any = None) -> str:
    if option and isinstance(option[0], str):
        return t(f"option.{option[0]}")
    return option_text(option, source)


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


def _generic(app: App, prompt: Prompt) -> str:
    """Any kind without a renderer of its own (a test keeps this unused): plain buttons."""
    g = _game(app)
    buttons = [choice_button(i, choice_label(g, prompt.player, c))
               for i, c in enumerate(prompt.choices())]
    return f'{_head(app, prompt, t("prompt.option"))}{_list(buttons)}'


def render_prompt(app: App, prompt: Prompt) -> str:
    """The decision area for a prompt."""
    body = RENDERERS.get(prompt.kind, _generic)(app, prompt)
    return (f'<section class="prompt" aria-live="polite" data-kind="{esc(prompt.kind)}">'
            f"{body}</section>")
