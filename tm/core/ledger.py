"""Changes to what a player holds, each with its log record.

Resources, production and TR change through these helpers so that the log accounts for
every gain and loss (the page shows them; ``tests/engine/test_log_records.py`` folds the
log back into the state to prove nothing is missing). Records are structured: a ``res`` or
``prod`` mapping of signed amounts, and the card or space that caused them when known.

The records that change holdings (every one has ``player``):

- ``gain`` / ``spent``: ``res`` {resource: signed amount}, ``card`` when a card caused it
- ``prod``: ``prod`` {resource: signed steps}, ``card``
- ``tr``: ``tr`` (the new value), ``steps``, ``card``; ``param`` also carries ``tr``
- ``paid``: an amount per currency, ``cards`` {card: resources spent from it}
- ``bonus``: ``space``, ``res``, ``cards`` (how many drawn) — the printed placement bonus
- ``ocean_bonus``: ``space``, ``oceans``, ``megacredits`` (R-TILE-5)
- ``income``: ``res``, ``tr``, ``mc_prod``, ``energy_to_heat`` (R-GEN-6)
- ``corporation``, ``prelude_discarded``, ``project`` (sell patents): ``megacredits``
- ``res_removed`` / ``prod_reduced``: ``target``, ``res``, ``count``, ``steal`` when taken
- ``card_res``: ``card``, ``count`` (signed)

Markers group the log: ``setup``, ``research``, ``generation``, ``turn`` (``player``),
``action`` (``player``, ``action``: the action's type), ``production``, ``final_greenery``.

Every key's shape, these and the rest, is a ``TypedDict`` in :mod:`tm.core.records`.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tm.core.records import RECORDS
from tm.core.state import GameState, PlayerState


def log(g: GameState, key: str, **data: Any) -> None:
    """Append a structured log record (the UI turns keys into words); ``key`` is one of
    :data:`tm.core.records.RECORDS` (ValueError otherwise), the fields its shape's."""
    if key not in RECORDS:
        raise ValueError(f"unknown log record {key!r}: give it a shape in tm.core.records")
    g.log.append({"key": key, **data})


def tr_up(g: GameState, pl: PlayerState, steps: int) -> None:
    """Raise TR and note the generation it rose in."""
    if steps > 0:
        pl.tr += steps
        pl.tr_raised_gen = g.generation


def _nonzero(amounts: Mapping[str, int]) -> dict[str, int]:
    return {r: int(n) for r, n in amounts.items() if n}


def _context(data: Mapping[str, Any]) -> dict[str, Any]:
    """Optional fields (a card, a space) only when they say something."""
    return {k: v for k, v in data.items() if v is not None}


def _change(g: GameState, p: int, pool: str, amounts: Mapping[str, int], key: str,
            context: Mapping[str, Any]) -> None:
    """Add signed ``amounts`` to one of player ``p``'s pools (``res`` or ``prod``) and log
    the change under ``key``, with the pool's name as the field."""
    changed = _nonzero(amounts)
    if not changed:
        return
    held = getattr(g.players[p], pool)
    for r, n in changed.items():
        held[r] += n
    log(g, key, player=p, **{pool: changed}, **_context(context))


def change_res(g: GameState, p: int, amounts: Mapping[str, int], key: str = "gain",
               **context: Any) -> None:
    """Add signed ``amounts`` to player ``p``'s resources and log them (``key``: ``gain``
    for gains and losses, ``spent`` for resources turned into something)."""
    _change(g, p, "res", amounts, key, context)


def change_prod(g: GameState, p: int, amounts: Mapping[str, int], **context: Any) -> None:
    """Add signed ``amounts`` to player ``p``'s production and log them."""
    _change(g, p, "prod", amounts, "prod", context)


def raise_tr(g: GameState, p: int, steps: int, **context: Any) -> None:
    """Raise player ``p``'s TR by ``steps`` and log the new value (R-GLOB-6)."""
    if steps <= 0:
        return
    pl = g.players[p]
    tr_up(g, pl, steps)
    log(g, "tr", player=p, tr=pl.tr, steps=steps, **_context(context))
