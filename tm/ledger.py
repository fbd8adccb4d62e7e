"""Changes to what a player holds, each with its log record.

Resources, production and TR change through these helpers so that the log accounts for
every gain and loss (the page shows them; ``tests/engine/test_log_records.py`` folds the
log back into the state to prove nothing is missing). Records are structured: a ``res`` or
``prod`` mapping of signed amounts, and the card or space that caused them when known.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tm.player import log, tr_up
from tm.state import GameState


def _nonzero(amounts: Mapping[str, int]) -> dict[str, int]:
    return {r: int(n) for r, n in amounts.items() if n}


def _context(data: Mapping[str, Any]) -> dict[str, Any]:
    """Optional fields (a card, a space) only when they say something."""
    return {k: v for k, v in data.items() if v is not None}


def change_res(g: GameState, p: int, amounts: Mapping[str, int], key: str = "gain",
               **context: Any) -> None:
    """Add signed ``amounts`` to player ``p``'s resources and log them (``key``: ``gain``
    for gains and losses, ``spent`` for resources turned into something)."""
    changed = _nonzero(amounts)
    if not changed:
        return
    pl = g.players[p]
    for r, n in changed.items():
        pl.res[r] += n
    log(g, key, player=p, res=changed, **_context(context))


def change_prod(g: GameState, p: int, amounts: Mapping[str, int], **context: Any) -> None:
    """Add signed ``amounts`` to player ``p``'s production and log them."""
    changed = _nonzero(amounts)
    if not changed:
        return
    pl = g.players[p]
    for r, n in changed.items():
        pl.prod[r] += n
    log(g, "prod", player=p, prod=changed, **_context(context))


def raise_tr(g: GameState, p: int, steps: int, **context: Any) -> None:
    """Raise player ``p``'s TR by ``steps`` and log the new value (R-GLOB-6)."""
    if steps <= 0:
        return
    pl = g.players[p]
    tr_up(g, pl, steps)
    log(g, "tr", player=p, tr=pl.tr, steps=steps, **_context(context))
