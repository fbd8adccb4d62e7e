"""Saves: the moves are the truth, the stored state keeps a game alive across rules fixes.

Format 2 holds the options, the moves, the checksum of the state they lead to and that
state itself (packed); a game that continues from a stored state also holds that base
(and the rules version it was made under). Opening a save replays its moves: when the
replay reproduces the checksum, that is the game. The checksum is a public hash, so a
stored state proves nothing by itself: it is used only when the save was made under older
rules, and only in the fields a known rules change explains (RULES_REACH: MC and MC
production), within what that change can produce. The game then continues from the state
its moves reach today (as far as today's rules take them) with those fields as stored,
checked whole by tm/persist/validate.py, and says the rules changed. Otherwise a stored
state its moves do not reach is damaged or forged: the game opens from its moves and says
so, and when its moves do not replay either, the save is refused as damaged. Format 1
(moves and checksum only, options with a flag per expansion) still opens: its moves replay
under today's rules.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, NotRequired, Protocol, TypedDict, TypeVar

from tm.core.errors import IllegalMove, SaveError, reason
from tm.core.state import GameState, Options, from_dict, to_dict
from tm.core.values import is_int
from tm.persist.codec import (
    ENGINE_VERSION,
    RULES_VERSION,
    SAVE_FORMAT,
    check_save,
    pack_state,
    unpack_state,
)
from tm.persist.validate import alike, checked_state, damaged

Move = list[Any]  # [player, response]: one recorded move, as its JSON holds it


class Base(TypedDict):
    """The stored state a game continues from: after its first ``moves`` moves, made under
    the rules version ``rules`` (bases before that field came from rules 1)."""

    moves: int
    state: dict[str, Any]  # the state as plain data (tm.core.state.to_dict)
    rules: NotRequired[int]


class RulesNote(TypedDict):
    """Why a game just opened does not replay quite as it was played (the page words it
    by ``key``): the ``cards`` whose rules changed, or the ``moves`` replayed from a
    stored state."""

    key: Literal["rules_changed_cards", "rules_changed_state", "rules_changed_link",
                 "state_mismatch"]
    cards: NotRequired[list[str]]
    moves: NotRequired[int]


class SavedGame(Protocol):
    """What a save needs of a game (the game API's :class:`tm.game.Game` has it): saves sit
    below the API, which offers ``to_save``/``from_save`` through them."""

    state: GameState
    moves: list[Move]
    base: Base | None
    revealed_at: int
    rules_changed: list[RulesNote]

    def digest(self) -> str: ...

    def respond(self, player: int, response: Any) -> None: ...


G = TypeVar("G", bound=SavedGame)
Replay = Callable[[Options, list[Move], "Base | None"], G]
Resume = Callable[[GameState, list[Move], Base], G]

# Cards whose effect on the game changed in a rules version: a save made before it that
# has one of them in play replays, but not quite as it was played.
RULES_CHANGES: dict[int, tuple[str, ...]] = {
    2: ("Saturn Systems", "Immigrant City"),
}


# What each rules change can make differ between a save's stored state and today's replay of
# its moves: per card whose rules changed in that version, how much less MC production its
# owner had under the older rules (so that much less MC per production phase since). Nothing
# else may differ: Immigrant City's change only let it be played where it was refused, so
# moves the older rules took play the same today.
RULES_REACH: dict[int, dict[str, int]] = {
    2: {"Saturn Systems": 1, "Immigrant City": 0},  # Saturn's own Jovian tag
}
REACHED = "megacredits"  # the one resource those changes reach (amount and production)


LEGACY_SWITCHES: dict[str, str] = {  # format 1 named each expansion by a switch
    "corporate_era": "corpera", "prelude": "prelude", "colonies": "colonies"}


def options_from(raw: Any) -> Options:
    """Options from a save or link of any format (ValueError/TypeError when malformed)."""
    if not isinstance(raw, dict):
        raise ValueError("options must be an object")
    raw = dict(raw)
    if any(key in raw for key in LEGACY_SWITCHES):
        switches = {key: raw.pop(key, key == "corporate_era") for key in LEGACY_SWITCHES}
        raw["expansions"] = [name for key, name in LEGACY_SWITCHES.items() if switches[key]]
    return from_dict(Options, raw)


def save_of(game: SavedGame) -> dict[str, Any]:
    """The save of a game: options, moves, checksum, packed state (and base, if any)."""
    data: dict[str, Any] = {
        "format": SAVE_FORMAT, "engine": ENGINE_VERSION, "rules": RULES_VERSION,
        "options": to_dict(game.state.options), "moves": [list(m) for m in game.moves],
        "checksum": game.digest(), "state": pack_state(to_dict(game.state))}
    if game.base is not None:
        data["base"] = {"moves": game.base["moves"], "state": pack_state(game.base["state"]),
                        "rules": game.base.get("rules", 1)}
    return data


def _base_of(data: dict[str, Any], options: Options, replay: Replay[G],
             fresh: Fresh) -> Base | None:
    """The base state a game continues from: today's replay of the moves before it, with
    only what the rules changes since explain taken from the stored one (checked); None
    when there is none, or when those moves replay today as they did."""
    raw = data.get("base")
    if raw is None:
        return None
    moves = raw.get("moves") if isinstance(raw, dict) else None
    if not isinstance(moves, int) or isinstance(moves, bool) or not 0 <= moves <= len(
            data["moves"]):
        raise SaveError(reason("save.base_damaged", "the save's base state is damaged"))
    rules = raw.get("rules", 1)  # bases before this field came from rules 1, the only older
    if not isinstance(rules, int) or isinstance(rules, bool) or not 1 <= rules < RULES_VERSION:
        # a base is made only when the rules changed under a save: one of today's is forged
        raise SaveError(reason("save.base_damaged", "the save's base state is damaged"))
    _checked(unpack_state(raw.get("state")), fresh)
    try:
        today = replay(options, data["moves"][:moves], None)
    except (IllegalMove, TypeError, ValueError, KeyError, IndexError) as error:
        # they no longer replay as rules changed: the stored base is needed where it differs
        today = _refused_by_rules(rules, replay(options, [], None), data["moves"][:moves], error)
        kept = _explained_state(rules, raw.get("state"), today, fresh)
        return {"moves": moves, "state": to_dict(kept), "rules": rules}
    state = _explained(rules, raw.get("state"), today)
    if state is None or state == to_dict(today.state):
        return None  # its moves reach it today, or it is forged: the game is its moves
    return {"moves": moves, "state": to_dict(_checked(state, fresh)), "rules": rules}


Fresh = Callable[[], GameState]  # a new game of the save's options (its cards are the game's)


def _checked(raw: dict[str, Any], fresh: Fresh) -> GameState:
    """A stored state, validated whole (tm/persist/validate.py) with its options."""
    first = fresh()
    try:
        options = options_from(raw.get("options"))
    except (TypeError, ValueError) as error:
        raise damaged("options") from error
    if to_dict(options) != to_dict(first.options):
        raise SaveError(reason("save.options_mismatch",
                               "the save's options do not match its stored state"))
    return checked_state(raw, first.options, first)


def _save_options(data: dict[str, Any]) -> Options:
    """The options of a checked save; SaveError when they are damaged."""
    try:
        return options_from(data["options"])
    except (TypeError, ValueError) as error:
        raise SaveError(reason("save.options_damaged", f"the save's options are damaged: {error}",
                               reason=error)) from error


def open_save(data: Any, replay: Replay[G], resume: Resume[G]) -> G:
    """The game a save holds; SaveError when it cannot be opened. ``replay(options, moves,
    base)`` plays moves from the start (or a base state); ``resume(state, moves, base)``
    makes the game that continues from a stored state (both given by the game API).

    Its moves are the truth: the stored state is used only when the save records older
    rules than these and its moves no longer replay, or replay with a card whose rules
    changed since. Otherwise a stored state its moves do not reach is damaged or forged:
    the game opens from its moves (the engine referees each) and says so; under the same
    rules, moves that do not replay are refused.
    """
    check_save(data)
    options = _save_options(data)
    made: list[GameState] = []

    def fresh() -> GameState:  # (made once: a stored state and a base may both ask)
        if not made:
            made.append(replay(options, [], None).state)
        return made[0]

    base = _base_of(data, options, replay, fresh)
    replayed: G | None = None
    failure: Exception | None = None
    try:
        replayed = replay(options, data["moves"], base)
    except (IllegalMove, TypeError, ValueError, KeyError, IndexError) as error:
        failure = error
    if data["format"] == 1 or (replayed is None and data.get("rules") == RULES_VERSION):
        if replayed is None:
            raise SaveError(reason("save.no_replay", f"save does not replay: {failure}",
                               reason=failure)) from failure
        replayed.rules_changed = rules_notes(data.get("rules", 1), replayed)
        return replayed
    if replayed is not None and replayed.digest() == data["checksum"]:
        return replayed
    if replayed is not None:
        state = _explained(data["rules"], data.get("state"), replayed)
        if state is None:
            replayed.rules_changed = [{"key": "state_mismatch"}]  # its moves hold: forged
            return replayed
        return _continue_from(data, _checked(state, fresh), resume)
    start = data["moves"][:base["moves"]] if base else []
    today = _refused_by_rules(data["rules"], replay(options, start, base), data["moves"],
                              failure)
    return _continue_from(data, _explained_state(data["rules"], data.get("state"), today,
                                                 fresh), resume)


def _refused_by_rules(rules: int, game: G, moves: list[Move],
                      failure: Exception | None) -> G:
    """``game`` with the moves played on it until one is refused; SaveError unless by then
    a card whose rules changed since ``rules`` is in play (else no rules change explains
    the refusal, and a stored state beyond it would be taken on trust)."""
    for player, response in moves[len(game.moves):]:
        try:
            game.respond(player, response)
        except (IllegalMove, TypeError, ValueError, KeyError, IndexError):
            break
    if not rules_notes(rules, game):
        raise SaveError(reason("save.no_replay", f"save does not replay: {failure}",
                               reason=failure))
    return game


def _explained_state(rules: int, packed: Any, today: SavedGame, fresh: Fresh) -> GameState:
    """The state to continue from where today's rules refuse a move the older ones took:
    the state the moves reach today, with what the rules changes explain taken from the
    stored one; SaveError (damaged) when the stored state differs in anything else."""
    state = _explained(rules, packed, today)
    if state is None:
        raise damaged("not what its moves and the rules changes since explain")
    return _checked(state, fresh)


def _explained(rules: int, packed: Any, today: SavedGame) -> dict[str, Any] | None:
    """Today's state of the moves with each player's MC and MC production as stored, when
    the stored state differs from it only there and only within what the rules changes
    since ``rules`` can produce (RULES_REACH); None when it differs otherwise or further
    (then it is forged or damaged, and never used)."""
    if rules >= RULES_VERSION or not rules_notes(rules, today):
        return None
    try:
        stored = unpack_state(packed)
    except SaveError:
        return None
    state: dict[str, Any] = to_dict(today.state)
    if not isinstance(stored, dict) or not alike(stored, state, [REACHED]):
        return None
    phases = max(0, today.state.generation - 1)  # production phases so far, at most
    for index, player in enumerate(today.state.players):
        kept = _reached(stored["players"][index])
        if kept is None:
            return None
        gap = _production_gap(rules, player)
        amount, production = player.res[REACHED] - kept[0], player.prod[REACHED] - kept[1]
        if not (0 <= production <= gap and 0 <= amount <= gap * phases):
            return None
        state["players"][index]["res"][REACHED], state["players"][index]["prod"][REACHED] = kept
    return state


def _reached(player: Any) -> tuple[int, int] | None:
    """A stored player's MC and MC production (None when they are not whole numbers)."""
    try:
        amount, production = player["res"][REACHED], player["prod"][REACHED]
    except (TypeError, KeyError):
        return None
    if not all(is_int(v) for v in (amount, production)):
        return None
    return int(amount), int(production)


def _production_gap(rules: int, player: Any) -> int:
    """How much less MC production ``player``'s cards whose rules changed since ``rules``
    gave under those older rules, at most."""
    in_play = {name for name in (player.corporation, *player.played, *player.events) if name}
    return sum(gap for version, cards in sorted(RULES_REACH.items()) if version > rules
               for name, gap in cards.items() if name in in_play)


def _continue_from(data: dict[str, Any], state: GameState, resume: Resume[G]) -> G:
    """The rules changed under this save: carry on from ``state``, its moves' state today
    with only what those changes explain taken from the stored one."""
    moves = [list(m) for m in data["moves"]]
    game = resume(state, moves, {"moves": len(moves), "state": to_dict(state),
                                 "rules": data["rules"]})
    if game.digest() != data["checksum"]:
        raise SaveError(reason("save.checksum",
                               "the save's stored state does not match its checksum"))
    game.revealed_at = len(moves)
    game.rules_changed = [{"key": "rules_changed_state", "moves": len(moves)}]
    return game


def rules_notes(rules: int, game: SavedGame) -> list[RulesNote]:
    """A note naming the cards in this game whose rules changed since ``rules`` (or none)."""
    cards = _changed_cards(rules, game)
    return [{"key": "rules_changed_cards", "cards": cards}] if cards else []


def _changed_cards(rules: int, game: SavedGame) -> list[str]:
    """Cards in this game whose rules changed since the save's rules version."""
    changed = [name for version, names in sorted(RULES_CHANGES.items()) if version > rules
               for name in names]
    in_play = {name for pl in game.state.players
               for name in (pl.corporation, *pl.played, *pl.events) if name}
    return [name for name in changed if name in in_play]
