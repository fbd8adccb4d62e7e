"""Saves: the moves are the truth, the stored state keeps a game alive across rules fixes.

Format 2 holds the options, the moves, the checksum of the state they lead to and that
state itself (packed); a game that continues from a stored state also holds that base
(and the rules version it was made under). Opening a save replays its moves: when the
replay reproduces the checksum, that is the game. The checksum is a public hash, so a
stored state proves nothing by itself: it is used only when the save was made under older
rules and today's replay fails, or differs only where those rules changes reach (then the
game continues from it, checked whole by tm/persist/validate.py, and says the rules
changed). Otherwise a stored state its moves do not reach is damaged or forged, and the
game opens from its moves and says so. Format 1 (moves and checksum only, options with a
flag per expansion) still opens: its moves replay under today's rules.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from tm.core.errors import IllegalMove, SaveError, reason
from tm.core.state import GameState, Options, from_dict, to_dict
from tm.persist.codec import (
    ENGINE_VERSION,
    RULES_VERSION,
    SAVE_FORMAT,
    check_save,
    pack_state,
    unpack_state,
)
from tm.persist.validate import alike, checked_state, damaged


class SavedGame(Protocol):
    """What a save needs of a game (the game API's :class:`tm.game.Game` has it): saves sit
    below the API, which offers ``to_save``/``from_save`` through them."""

    state: GameState
    moves: list[list[Any]]
    base: dict[str, Any] | None
    revealed_at: int
    rules_changed: list[dict[str, Any]]

    def digest(self) -> str: ...

    def respond(self, player: int, response: Any) -> None: ...


G = TypeVar("G", bound=SavedGame)
Replay = Callable[[Options, list[list[Any]], "dict[str, Any] | None"], G]
Resume = Callable[[GameState, list[list[Any]], dict[str, Any]], G]

# Cards whose effect on the game changed in a rules version: a save made before it that
# has one of them in play replays, but not quite as it was played.
RULES_CHANGES: dict[int, tuple[str, ...]] = {
    2: ("Saturn Systems", "Immigrant City"),
}


# What each rules change can make differ between a save's stored state and today's replay of
# its moves (each player's amount and production of these resources): a stored state that
# differs anywhere else is not explained by the rules and is not used.
RULES_REACH: dict[int, tuple[str, ...]] = {
    2: ("megacredits",),  # Saturn Systems' and Immigrant City's MC production
}


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
             fresh: Fresh) -> dict[str, Any] | None:
    """The stored base state a game continues from, checked (it is used as it is); None
    when there is none, or when the moves before it replay today as they did."""
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
    state = unpack_state(raw.get("state"))
    _checked(state, fresh)
    try:
        replayed = replay(options, data["moves"][:moves], None)
    except (IllegalMove, TypeError, ValueError, KeyError, IndexError) as error:
        _refused_by_rules(rules, replay(options, [], None), data["moves"][:moves], error)
        replayed = None  # they no longer replay as rules changed: the stored base is needed
    if replayed is not None and not _by_rules(rules, replayed, raw.get("state")):
        return None  # its moves reach it today, or it is forged: the game is its moves
    return {"moves": moves, "state": state, "rules": rules}


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
    try:
        options = options_from(data["options"])
    except (TypeError, ValueError) as error:
        raise SaveError(reason("save.options_damaged", f"the save's options are damaged: {error}",
                               reason=error)) from error

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
    if replayed is not None and not _by_rules(data["rules"], replayed, data.get("state")):
        replayed.rules_changed = [{"key": "state_mismatch"}]  # its moves hold: a forged state
        return replayed
    if replayed is None:
        start = data["moves"][:base["moves"]] if base else []
        _refused_by_rules(data["rules"], replay(options, start, base), data["moves"], failure)
    return _continue_from_state(data, fresh, resume)


def _refused_by_rules(rules: int, game: SavedGame, moves: list[list[Any]],
                      failure: Exception | None) -> None:
    """SaveError unless the moves, played on ``game`` until one is refused, have by then a
    card in play whose rules changed since ``rules`` (else no rules change explains the
    refusal, and a stored state beyond it would be taken on trust)."""
    for player, response in moves[len(game.moves):]:
        try:
            game.respond(player, response)
        except (IllegalMove, TypeError, ValueError, KeyError, IndexError):
            break
    if not rules_notes(rules, game):
        raise SaveError(reason("save.no_replay", f"save does not replay: {failure}",
                               reason=failure))


def _by_rules(rules: int, replayed: SavedGame, packed: Any) -> bool:
    """Whether the stored state differs from today's replay only as the rules changed since
    ``rules`` explain: older rules, a card whose rules changed in play, and nothing else
    different but what those changes reach (RULES_REACH)."""
    if rules >= RULES_VERSION or not rules_notes(rules, replayed):
        return False
    try:
        stored = unpack_state(packed)
    except SaveError:
        return False
    reach = [name for version, names in sorted(RULES_REACH.items()) if version > rules
             for name in names]
    return alike(stored, to_dict(replayed.state), reach)


def _continue_from_state(data: dict[str, Any], fresh: Fresh, resume: Resume[G]) -> G:
    """The rules changed under this save: carry on from the state it stored (checked)."""
    state = _checked(unpack_state(data.get("state")), fresh)
    moves = [list(m) for m in data["moves"]]
    game = resume(state, moves, {"moves": len(moves), "state": to_dict(state),
                                 "rules": data["rules"]})
    if game.digest() != data["checksum"]:
        raise SaveError(reason("save.checksum",
                               "the save's stored state does not match its checksum"))
    game.revealed_at = len(moves)
    game.rules_changed = [{"key": "rules_changed_state", "moves": len(moves)}]
    return game


def rules_notes(rules: int, game: SavedGame) -> list[dict[str, Any]]:
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
