"""Forks kept apart in play by link: a link of a game this device holds opens over its save
only when it extends it (the same options and seed, this device's moves as they were, no
new move for this device's own seat); otherwise what differs, for the cover to say."""
from __future__ import annotations

import json
from typing import Any

from tm.core.errors import SaveError
from tm.core.values import is_int
from tm.game import Game
from tm.web.saves import SaveMeta, parse_entry

Verdict = tuple[int, int, str, str, int]  # Older's fields after save_id


def compare_link(stored: str | None, game: Game) -> tuple[SaveMeta | None, Verdict | None]:
    """This device's save of a link's game id against the link: (its meta, None when the
    link may replace it) or (meta, what the cover says: the link's and this device's move
    counts, the kind of fork, the player and move concerned). The link must hold the same
    options and seed, this device's moves as they were, and no new move for this device's
    own seat (a device answers only its own seat; no other device answers for it)."""
    if stored is None:
        return None, None
    try:
        meta, save = parse_entry(stored)
    except SaveError:  # an unreadable save is no game to keep (the link opens as before)
        return None, None
    ours = json.loads(json.dumps({"options": game.to_save()["options"],
                                  "moves": game.moves}))
    moves, theirs = save.get("moves"), ours["moves"]
    if not isinstance(moves, list):
        return meta, None
    counts = (len(theirs), len(moves))
    if save.get("options") != ours["options"]:
        differ = {k for k in {*save["options"], *ours["options"]}
                  if save["options"].get(k) != ours["options"].get(k)} \
            if isinstance(save.get("options"), dict) else set()
        return meta, (*counts, "other_deal" if differ == {"seed"} else "other_game", "", 0)
    names = [pl.name for pl in game.state.players]
    changed = _first_change(moves, theirs)
    if changed is not None:
        return meta, (*counts, "changes", _mover(moves[changed], names), changed + 1)
    if len(moves) > len(theirs):
        return meta, (*counts, "", "", 0)  # older: this device's game extends the link's
    own = next((i for i, (player, _) in enumerate(theirs[len(moves):], len(moves))
                if player == meta.seat and meta.seat >= 0), None)
    if own is not None:
        return meta, (*counts, "own_seat", names[meta.seat], own + 1)
    return meta, None


def saved_moves(game: Game) -> list[Any]:
    """A game's moves as a save and a signature hold them (``[player, response]``)."""
    moves: list[Any] = json.loads(json.dumps(game.moves))
    return moves


def _first_change(ours: list[Any], theirs: list[Any]) -> int | None:
    """The index of the first move the two histories differ in (None: one extends the
    other)."""
    return next((i for i, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b),
                None)


def _mover(move: Any, names: list[str]) -> str:
    """The name of the player of a stored move (``[player, response]``)."""
    player = move[0] if isinstance(move, list) and move else None
    if is_int(player) and 0 <= player < len(names):
        return names[player]
    return "?"

