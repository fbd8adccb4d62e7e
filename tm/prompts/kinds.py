"""Prompts: the decisions a player can be asked for, as data with a ``kind``.

A queued ask is a plain dict; :class:`Prompt` wraps it. ``choices()`` lists
:class:`~tm.core.contract.Choice` pairs: a response that is legal as it stands, and a
``label`` record saying what it does (the page translates it; nobody needs
``prompt.data``). The kinds, purposes and shapes are the public contract of
:mod:`tm.core.contract`.
Selections are built a step at a time and held in the ask itself: a ``cards`` or
``setup`` prompt takes ``pick`` / ``unpick`` / ``done`` (setup also ``corporation``, and
``keep`` / ``unkeep`` of expansions' offers: :mod:`tm.prompts.setup`), a ``pay`` prompt
takes ``use`` (how many of one resource) and ``confirm``, a ``space`` prompt with many
legal spaces takes a ``region`` (a board row) first (:mod:`tm.prompts.space`). So lists
stay short and a game waiting halfway saves as JSON.

A whole selection or payment in one response (``{"type": "cards", "cards": [...]}``,
``{"type": "pay", "steel": 2, ...}``, the format of saves made before the
step-by-step prompts) is accepted too: :meth:`Prompt.expand` turns it into the
listed steps it stands for, and those steps are what the game records.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from tm.core.contract import KINDS, Choice, Kind, Purpose, Response, response_of
from tm.core.dealing import Deal, deal_of
from tm.core.errors import IllegalMove, reason
from tm.core.frozen import freeze
from tm.core.state import GameState
from tm.core.values import is_int
from tm.prompts.sealed import sealed_choices
from tm.prompts.selection import (
    Item,
    check_pick,
    expect,
    pick_choices,
    picked,
    selection_steps,
    stage_cards,
)
from tm.prompts.setup import check_setup, expand_setup, setup_choices, stage_setup
from tm.prompts.space import check_space, expand_space, space_choices, stage_space
from tm.rules import actions
from tm.rules.play import why_not_playable
from tm.vocab import payment

MAX_AMOUNT_CHOICES = 20  # an amount prompt lists a sample; any value in range is legal


class Prompt:
    """A decision one player must make now."""

    __slots__ = ("_data", "_deal", "_g", "_item", "player")

    def __init__(self, g: GameState, player: int, item: Item, deal: Deal | None = None) -> None:
        self._g = g
        self._deal = deal  # the game's (tm.core.dealing); None: the one ``g`` plays with now
        self._item = item
        self._data: Any = None
        self.player = player

    @property
    def kind(self) -> Kind:
        """What sort of decision this is (one of :data:`~tm.core.contract.KINDS`)."""
        return cast(Kind, self._item["kind"])

    @property
    def purpose(self) -> Purpose:
        """What the answer is for (one of :data:`~tm.core.contract.PURPOSES`, e.g.
        ``buy_cards``: the page and bots key their words and habits on it)."""
        return cast(Purpose, self._item["on"])

    @property
    def data(self) -> Any:
        """The ask's details, read-only (a frozen copy: nothing here changes the game)."""
        if self._data is None:
            self._data = freeze(self._item)
        return self._data

    @property
    def min(self) -> int:
        """Fewest items a multi-select (``cards``) response may hold."""
        return int(self._item.get("min", 0))

    @property
    def max(self) -> int:
        """Most items a multi-select (``cards``) response may hold."""
        return int(self._item.get("max", 0))

    def choices(self) -> list[Choice]:
        """Every listed choice is legal now: its response and its label (a sealed game's
        as this device reads its cards: tm.prompts.sealed)."""
        g, p = self._g, self.player
        names = (self._deal or deal_of(g)).names(g)
        if not names:  # (every card this device reads is named in the state: always so seeded)
            return KIND_TABLE[self.kind].choices(g, p, self._item)
        return sealed_choices(g, p, names,
                              lambda named: Prompt(named, p, named.queues[p][0]).choices())

    def check(self, response: Any) -> Response:
        """One listed-form response (or a Choice) in clean form, or IllegalMove (nothing
        changes)."""
        response = response_of(response)
        _require_type(response)
        return KIND_TABLE[self.kind].check(self._g, self.player, self._item, response)

    def expand(self, response: Any) -> list[Response]:
        """The steps a response (or a Choice) stands for (one, or a whole selection's), each
        to be checked by :meth:`check` when its turn comes (`Game.respond` does, once)."""
        response = response_of(response)
        _require_type(response)
        expand = KIND_TABLE[self.kind].expand
        if expand is not None:
            steps = expand(self._g, self.player, self._item, response)
            if steps is not None:
                return steps
        return [response]

    def index_of(self, response: Response) -> int:
        """Where a clean response sits among :meth:`choices` (ValueError if absent)."""
        for index, choice in enumerate(self.choices()):
            if choice.response == response:
                return index
        raise ValueError("not a listed choice")

    def __repr__(self) -> str:
        return f"Prompt(player={self.player}, kind={self.kind!r}, purpose={self.purpose!r})"


def stage(item: Item, response: Response) -> Response | None:
    """Apply a checked response to its ask: None while a selection is being built,
    else the final response for the ask's handler."""
    staging = KIND_TABLE[cast(Kind, item["kind"])].stage
    return response if staging is None else staging(item, response)


def _require_type(response: Any) -> None:
    if not isinstance(response, dict) or not isinstance(response.get("type"), str):
        raise IllegalMove(reason("move.not_a_response",
                                 "a response is a dict with a 'type'"), "R-ACT-1")


# ---------------------------------------------------------------- simple kinds
def _action_choices(g: GameState, p: int, d: Item) -> list[Choice]:
    return actions.choices(g, p)


def _check_action(g: GameState, p: int, d: Item, r: Response) -> Response:
    why = actions.why_not(g, p, r)
    if why is not None:
        raise IllegalMove(why[0], why[1])
    return actions.clean(g, r)


def _card_label(d: Item, index: int, name: str) -> dict[str, Any]:
    label: dict[str, Any] = {"key": "card", "card": name}
    owners = d.get("owners")
    if owners:
        label["owner"] = owners[index]
    return label


def _card_choices(g: GameState, p: int, d: Item) -> list[Choice]:
    if d.get("playable"):  # a sealed hand: the cards this device reads and can play, or none
        deal = deal_of(g)
        found = [Choice({"type": "card", "card": c}, {"key": "card", "card": c})
                 for c in d["cards"] if deal.readable(c) and why_not_playable(g, p, c) is None]
        return found or [Choice({"type": "none"}, {"key": "none"})]
    return [Choice({"type": "card", "card": c}, _card_label(d, i, c))
            for i, c in enumerate(d["cards"])]


def _check_card(g: GameState, p: int, d: Item, r: Response) -> Response:
    if d.get("playable") and r["type"] == "none":
        return {"type": "none"}  # (only its owner's device knows whether one is playable)
    expect(r, "card")
    name = r.get("card")
    if not isinstance(name, str) or name not in d["cards"]:
        raise IllegalMove(reason("move.not_a_choice",
                                 "that card is not one of the choices"), "R-SETUP-4")
    if d.get("playable"):
        why = why_not_playable(g, p, name)
        if why is not None:
            raise IllegalMove(why[0], why[1])
    return {"type": "card", "card": name}


def _expand_card(g: GameState, p: int, d: Item, r: Response) -> list[Response] | None:
    """Saves of format 1 chose one card of a draft or keep-one as a one-card selection."""
    if r["type"] != "cards":
        return None
    picked = r.get("cards")
    if not isinstance(picked, list) or len(picked) != 1:
        raise IllegalMove(reason("move.pick_one", "pick exactly one card"), "R-GEN-4")
    return [_check_card(g, p, d, {"type": "card", "card": picked[0]})]


def _player_choices(g: GameState, p: int, d: Item) -> list[Choice]:
    found = [Choice({"type": "player", "player": q}, {"key": "player", "player": q})
             for q in d["players"]]
    if d.get("optional"):
        found.append(Choice({"type": "none"}, {"key": "none"}))
    return found


def _check_player(g: GameState, p: int, d: Item, r: Response) -> Response:
    if r["type"] == "none" and d.get("optional"):
        return {"type": "none"}
    expect(r, "player")
    target = r.get("player")
    if not is_int(target) or target not in d["players"]:
        raise IllegalMove(reason("move.target", "that player cannot be targeted"), "R-PROD-3")
    return {"type": "player", "player": target}


def _amounts(low: int, high: int) -> list[int]:
    span = high - low
    if span < MAX_AMOUNT_CHOICES:
        return list(range(low, high + 1))
    last = MAX_AMOUNT_CHOICES - 1
    return sorted({low + span * i // last for i in range(MAX_AMOUNT_CHOICES)})


def _amount_choices(g: GameState, p: int, d: Item) -> list[Choice]:
    return [Choice({"type": "amount", "amount": n}, {"key": "amount", "amount": n})
            for n in _amounts(d["min"], d["max"])]


def _check_amount(g: GameState, p: int, d: Item, r: Response) -> Response:
    expect(r, "amount")
    n = r.get("amount")
    if not is_int(n) or not d["min"] <= n <= d["max"]:
        raise IllegalMove(reason("move.amount", f"amount must be from {d['min']} to {d['max']}",
                                 low=d["min"], high=d["max"]), "R-PROD-1")
    return {"type": "amount", "amount": n}


def _option_label(d: Item, index: int) -> dict[str, Any]:
    labels = d.get("labels")
    if labels:
        return dict(labels[index])
    return {"key": "steps", "steps": d["options"][index], "src": d.get("src")}


def _option_choices(g: GameState, p: int, d: Item) -> list[Choice]:
    return [Choice({"type": "option", "option": i}, _option_label(d, i)) for i in d["open"]]


def _check_option(g: GameState, p: int, d: Item, r: Response) -> Response:
    expect(r, "option")
    index = r.get("option")
    if not is_int(index) or index not in d["open"]:
        raise IllegalMove(reason("move.option", "that option is not available"), "R-CARD-2")
    return {"type": "option", "option": index}


# ---------------------------------------------------------------- selections
MAX_LISTED = 20  # a selection over a whole hand lists its cards a page at a time
PAGE_CARDS = MAX_LISTED - 2  # room for "more cards" and "done"


def _pages(d: Item) -> int:
    """How many pages the selection's cards take (1: listed whole)."""
    if len(d["cards"]) + 1 <= MAX_LISTED:
        return 1
    return -(-len(d["cards"]) // PAGE_CARDS)


def whole_selection(d: Any) -> list[Response]:
    """A selection's choices as listed before pages existed: a pick or unpick of every
    card, then done when allowed (clean; links number a move by its place here)."""
    found = [c.response for c in pick_choices(d, d["max"])]
    if d["min"] <= len(picked(d)) <= d["max"]:
        found.append({"type": "done"})
    return found


def _cards_choices(g: GameState, p: int, d: Item) -> list[Choice]:
    found = pick_choices(d, d["max"])
    pages = _pages(d)
    if pages > 1:  # the page's picks and unpicks, then the way to the next page
        page = int(d.get("page", 0)) % pages
        shown = set(d["cards"][page * PAGE_CARDS:(page + 1) * PAGE_CARDS])
        found = [c for c in found if c["card"] in shown]
        found.append(Choice({"type": "more_cards"}, {"key": "more_cards",
                                                     "page": (page + 1) % pages + 1,
                                                     "pages": pages}))
    if d["min"] <= len(picked(d)) <= d["max"]:
        found.append(Choice({"type": "done"}, {"key": "done", "count": len(picked(d)),
                                               "price": d.get("price", 0)}))
    return found


def _selection_rule(d: Item) -> str:
    return "R-GEN-3" if d.get("price") else "R-GEN-4"


def _check_cards(g: GameState, p: int, d: Item, r: Response) -> Response:
    expect(r, "pick", "unpick", "done", "more_cards")
    if r["type"] == "more_cards":
        if _pages(d) == 1:
            raise IllegalMove(reason("move.all_listed", "every card is listed already"),
                              _selection_rule(d))
        return {"type": "more_cards"}
    if r["type"] != "done":
        return check_pick(d, r, d["max"], _selection_rule(d))
    if not d["min"] <= len(picked(d)) <= d["max"]:
        raise IllegalMove(reason("move.pick_between",
                                 f"pick between {d['min']} and {d['max']} cards",
                                 low=d["min"], high=d["max"]), _selection_rule(d))
    return {"type": "done"}


def _expand_cards(g: GameState, p: int, d: Item, r: Response) -> list[Response] | None:
    if r["type"] != "cards":
        return None
    rule = _selection_rule(d)
    steps = selection_steps(d, r.get("cards"), rule)
    if not d["min"] <= len(r["cards"]) <= d["max"]:
        raise IllegalMove(reason("move.pick_between",
                                 f"pick between {d['min']} and {d['max']} cards",
                                 low=d["min"], high=d["max"]), rule)
    return [*steps, {"type": "done"}]


# ---------------------------------------------------------------- the table
ChoicesFn = Callable[[GameState, int, Item], list[Choice]]
CheckFn = Callable[[GameState, int, Item, Response], Response]
ExpandFn = Callable[[GameState, int, Item, Response], "list[Response] | None"]
StageFn = Callable[[Item, Response], "Response | None"]


class KindRules:
    """How one prompt kind lists, checks, expands and stages its responses."""

    __slots__ = ("check", "choices", "expand", "stage")

    def __init__(self, choices: ChoicesFn, check: CheckFn, expand: ExpandFn | None = None,
                 stage: StageFn | None = None) -> None:
        self.choices, self.check, self.expand, self.stage = choices, check, expand, stage


KIND_TABLE: dict[Kind, KindRules] = {
    "action": KindRules(_action_choices, _check_action),
    "space": KindRules(space_choices, check_space, expand_space, stage_space),
    "cards": KindRules(_cards_choices, _check_cards, _expand_cards, stage_cards),
    "card": KindRules(_card_choices, _check_card, _expand_card),
    "player": KindRules(_player_choices, _check_player),
    "amount": KindRules(_amount_choices, _check_amount),
    "pay": KindRules(payment.pay_choices, payment.check_step, payment.expand_payment,
                payment.stage_payment),
    "option": KindRules(_option_choices, _check_option),
    "setup": KindRules(setup_choices, check_setup, expand_setup, stage_setup),
}

assert tuple(KIND_TABLE) == KINDS  # every kind of the contract has its rules, in its order
