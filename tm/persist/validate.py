"""A stored state checked before anything uses it: types, ranges, the engine's invariants.

A save's stored state (and the base state a game continues from) is used only when the
rules changed since it was saved, so its moves cannot rebuild it. Its checksum is a public
hash: anyone can make a state that matches it. So such a state is taken field by field as
the dataclasses of tm/core/state.py declare them (no key missing, none added, each of its
type), its numbers in their ranges, its cards the game's own (each once), its queues well
formed, and every player's view and pending choices drawn once; anything else is refused
with a SaveError, before the page draws it or the engine plays on from it.
"""
from __future__ import annotations

import dataclasses
import typing
from collections import Counter
from typing import Any

from tm.board.parameters import limits
from tm.core import ruleset
from tm.core.errors import SaveError, reason
from tm.core.flow import HANDLERS, OPS
from tm.core.rng import Rng
from tm.core.ruleset import rules_of
from tm.core.state import NEUTRAL, RESOURCES, GameState, Options, PlayerState, from_dict
from tm.core.values import is_int
from tm.prompts.kinds import Prompt
from tm.rules.phases import PHASES
from tm.view import view_for
from tm.vocab.kinds import PROD_FLOOR

MAX_GENERATION = 100  # far beyond any game (random games end near 20)
MAX_NUMBER = 10_000  # resources, TR, counters: far beyond any game
MAX_ITEMS = 1_000  # queue items, board spaces, log entries per player are far fewer


def damaged(detail: str) -> SaveError:
    """The one refusal of a stored state that is not a state this engine could reach (what
    failed is a note for the command line and tests, not words for the page)."""
    error = SaveError(reason("save.state_invalid", "the save's stored state is not a game "
                             "this version can continue: it is damaged or was changed"))
    error.add_note(f"stored state: {detail}")
    return error


def checked_state(raw: Any, options: Options, fresh: GameState) -> GameState:
    """The GameState of a stored state dict, every field checked; SaveError otherwise.
    ``fresh`` is a new game of the same options (the cards it holds are the game's)."""
    if not isinstance(raw, dict):
        raise damaged("not an object")
    body = {key: value for key, value in raw.items() if key != "options"}
    _typed(GameState, {**body, "options": {}}, "state", skip=("options",))
    try:
        state = from_dict(GameState, {**body, "options": {}})
    except (TypeError, ValueError, KeyError) as error:
        raise damaged("fields") from error
    state.options = options
    try:
        _ranges(state)
        _queues(state)
        _cards(state, fresh)
        _drawn(state)
    except SaveError:
        raise
    except Exception as error:  # a check that meets a shape no game has: not a game either
        raise damaged("its shape") from error
    return state


# ---------------------------------------------------------------- types
def _typed(cls: type, data: Any, where: str, skip: tuple[str, ...] = ()) -> None:
    """``data`` has exactly the init fields of dataclass ``cls`` (those left out while
    unset may be missing), each of its hinted type."""
    if not isinstance(data, dict):
        raise damaged(f"{where} is not an object")
    hints = typing.get_type_hints(cls)
    names = {f.name for f in dataclasses.fields(cls) if f.init}
    unset = {f.name for f in dataclasses.fields(cls) if f.metadata.get("if_set")}
    if not names - unset <= set(data) <= names:
        raise damaged(f"{where} has other fields")
    for name in sorted(set(data)):
        if name not in skip:
            _fits(hints[name], data[name], f"{where}.{name}")


def _fits(hint: Any, value: Any, where: str) -> None:
    """``value`` (JSON) is of the type ``hint`` declares."""
    if hint is Any:
        return
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if hint is Rng:
            ok = isinstance(value, dict) and set(value) == {"state"} and _whole(
                value["state"], 0, (1 << 64) - 1)
            if not ok:
                raise damaged(f"{where} is not a random stream")
            return
        _typed(hint, value, where)
        return
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is list:
        if not isinstance(value, list) or len(value) > 10 * MAX_ITEMS:
            raise damaged(f"{where} is not a list")
        for item in value:
            _fits(args[0] if args else Any, item, where)
        return
    if origin is dict:
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            raise damaged(f"{where} is not an object")
        for item in value.values():
            _fits(args[1] if args else Any, item, where)
        return
    if args and type(None) in args:  # X | None
        if value is not None:
            _fits(next(a for a in args if a is not type(None)), value, where)
        return
    if hint is int:
        if not _whole(value, -MAX_NUMBER, MAX_NUMBER):
            raise damaged(f"{where} is not a number in range")
        return
    if hint is object:
        return
    if not isinstance(value, hint) or (hint is not bool and isinstance(value, bool)):
        raise damaged(f"{where} is not {hint.__name__}")


def _whole(value: Any, low: int, high: int) -> bool:
    return is_int(value) and low <= value <= high


# ---------------------------------------------------------------- ranges
def _ranges(g: GameState) -> None:
    count = g.options.players
    _need(len(g.players) == count and len(g.queues) == count, "players")
    _need(g.phase in PHASES or g.phase in ("setup", "end"), "phase")
    _need(1 <= g.generation <= MAX_GENERATION, "generation")
    _need(0 <= g.first_player < count and 0 <= g.active < count, "player order")
    _need(0 <= g.actions_this_turn <= 2 and g.draft_round >= 0 and g.reveals >= 0, "counters")
    for param, goal in limits(g).items():
        _need(goal.start <= getattr(g, param) <= goal.max, param)
    spaces = rules_of(g).map.spaces
    owners = (None, NEUTRAL, *range(count))
    for sid, entry in g.board.items():
        _need(sid in spaces and isinstance(entry, dict) and entry.get("owner", None) in owners
              and isinstance(entry.get("tile"), (str, type(None))), "board")
    _need(sum(1 for e in g.board.values() if e.get("tile") == "ocean") == g.oceans, "oceans")
    for pairs in (g.milestones, g.awards):
        _need(len(pairs) <= 3 and all(len(p) == 2 and isinstance(p[0], str)
                                      and _whole(p[1], 0, count - 1) for p in pairs), "awards")
    _need(all(_whole(p, 0, count - 1) for p in g.final_greenery), "final greenery")
    for i, pl in enumerate(g.players):
        _player(pl, i)


def _player(pl: PlayerState, index: int) -> None:
    _need(pl.index == index, "player index")
    _need(set(pl.res) == set(RESOURCES) and set(pl.prod) == set(RESOURCES), "resources")
    for name in RESOURCES:
        _need(pl.res[name] >= 0 and pl.prod[name] >= PROD_FLOOR.get(name, 0), "resources")
    _need(pl.tr >= 0 and all(n >= 0 for n in pl.card_res.values()), "TR")
    in_play = {*pl.played, *pl.events}
    _need(all(name in in_play or name == pl.corporation for name in pl.card_res), "card resources")


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise damaged(what)


# ---------------------------------------------------------------- cards
def card_places(g: GameState) -> Counter[str]:
    """Every project card (and expansion card) of the game by where it is, as sim counts."""
    found: Counter[str] = Counter(g.deck)
    found.update(g.discard)
    try:
        found.update(ruleset.cards_held(g))
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as error:
        raise damaged("expansion cards") from error
    for pl in g.players:
        for pile in (pl.hand, pl.played, pl.events, pl.offer, pl.draft_hand, pl.drafted):
            found.update(pile)
        for item in g.queues[pl.index]:
            cards = item.get("cards") if isinstance(item, dict) else None
            if item.get("on") in ("keep_cards", "buy_cards") and cards != pl.offer:
                _need(isinstance(cards, list) and all(isinstance(c, str) for c in cards), "offer")
                found.update(cards)
    return found


def _cards(g: GameState, fresh: GameState) -> None:
    """The game's own cards, each in exactly one place; corporations of its deck."""
    _need(card_places(g) == card_places(fresh), "cards")
    corps = {*fresh.corp_deck, *(c for pl in fresh.players for c in pl.dealt_corps)}
    chosen = [pl.corporation for pl in g.players if pl.corporation]
    dealt = [c for pl in g.players for c in pl.dealt_corps]
    _need(set(chosen) | set(dealt) | set(g.corp_deck) <= corps, "corporations")
    _need(len(set(chosen)) == len(chosen) and len(set(g.corp_deck)) == len(g.corp_deck),
          "corporations")


# ---------------------------------------------------------------- queues and drawing
def _queues(g: GameState) -> None:
    for queue in g.queues:
        _need(len(queue) <= MAX_ITEMS, "queue")
        for item in queue:
            _need(isinstance(item, dict) and isinstance(item.get("op"), str), "queue")
            op = item["op"]
            purpose = item.get("on")
            _need(op == "ask" and isinstance(purpose, str) and purpose in HANDLERS
                  or op in OPS, "queue op")


def _drawn(g: GameState) -> None:
    """Every player's view and waiting choices made once: what the page will draw."""
    try:
        for player in (None, *range(len(g.players))):
            view_for(g, player)
        for p, queue in enumerate(g.queues):
            if queue and queue[0]["op"] == "ask":
                _need(bool(Prompt(g, p, queue[0]).choices()), "a decision without choices")
    except SaveError:
        raise
    except Exception as error:  # a state the engine cannot draw is not one it could reach
        raise damaged("it cannot be drawn") from error


def alike(stored: dict[str, Any], replayed: dict[str, Any], reach: list[str]) -> bool:
    """Whether two state dicts are the same but for each player's amount and production of
    the resources in ``reach`` (and the log, whose wording may change)."""
    def masked(state: dict[str, Any]) -> Any:
        data = {key: value for key, value in state.items() if key not in ("log", "options")}
        players = data.get("players")
        if isinstance(players, list):
            data["players"] = [_masked_player(pl, reach) for pl in players]
        return data
    return bool(masked(stored) == masked(replayed))


def _masked_player(pl: Any, reach: list[str]) -> Any:
    if not isinstance(pl, dict):
        return pl
    out = dict(pl)
    for field in ("res", "prod"):
        if isinstance(out.get(field), dict):
            out[field] = {k: v for k, v in out[field].items() if k not in reach}
    return out
