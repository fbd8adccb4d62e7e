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
- ``corporation``, ``project`` (sell patents): ``megacredits``
- ``res_removed`` / ``prod_reduced``: ``target``, ``res``, ``count``, ``steal`` when taken
- ``card_res``: ``card``, ``count`` (signed)

Markers group the log: ``setup``, ``research``, ``generation``, ``turn`` (``player``),
``action`` (``player``, ``action``: the action's type), ``production``, ``final_greenery``.

Every key's shape, these and the rest, is a ``TypedDict`` in :mod:`tm.core.records`.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Unpack, overload

from tm.core import records as rec
from tm.core.records import RECORDS
from tm.core.state import GameState, PlayerState


# One signature per record shape (tm.core.records), so mypy checks each call's fields.
@overload
def log(g: GameState, key: Literal["setup"],
        **data: Unpack[rec.SetupRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["generation"],
        **data: Unpack[rec.GenerationRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["research", "production"],
        **data: Unpack[rec.PhaseRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["turn"],
        **data: Unpack[rec.TurnRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["action"],
        **data: Unpack[rec.ActionRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["final_greenery", "game_over"],
        **data: Unpack[rec.BareRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["pass", "no_ocean_left"],
        **data: Unpack[rec.PlayerRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["gain", "spent"],
        **data: Unpack[rec.ResRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["prod"],
        **data: Unpack[rec.ProdRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["tr"],
        **data: Unpack[rec.TrRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["paid"],
        **data: Unpack[rec.PaidRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["bonus"],
        **data: Unpack[rec.BonusRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["ocean_bonus"],
        **data: Unpack[rec.OceanBonusRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["income"],
        **data: Unpack[rec.IncomeRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["corporation"],
        **data: Unpack[rec.MegacreditsRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["project"],
        **data: Unpack[rec.ProjectRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["res_removed", "prod_reduced"],
        **data: Unpack[rec.TakenRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["card_res"],
        **data: Unpack[rec.CardResRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["card_played", "card_action", "revealed"],
        **data: Unpack[rec.CardRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["draw", "discarded"],
        **data: Unpack[rec.CountRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["bought"],
        **data: Unpack[rec.BoughtRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["reshuffle"],
        **data: Unpack[rec.ReshuffleRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["tile"],
        **data: Unpack[rec.TileRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["no_space"],
        **data: Unpack[rec.NoSpaceRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["land_claim"],
        **data: Unpack[rec.SpaceRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["param"],
        **data: Unpack[rec.ParamRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["milestone"],
        **data: Unpack[rec.MilestoneRecord]) -> None: ...
@overload
def log(g: GameState, key: Literal["award"],
        **data: Unpack[rec.AwardRecord]) -> None: ...
def log(g: GameState, key: str, **data: Any) -> None:
    """Append a structured log record (the UI turns keys into words); ``key`` is one of
    :data:`tm.core.records.RECORDS` (ValueError otherwise), the fields its shape's."""
    write(g, key, data)


def write(g: GameState, key: str, data: Mapping[str, object]) -> None:
    """Append a record of ``key`` (one of :data:`tm.core.records.RECORDS`, ValueError
    otherwise): what an expansion's own typed ``log`` calls, its shapes in its package."""
    if key not in RECORDS:
        raise ValueError(f"unknown log record {key!r}: give it a shape in tm.core.records "
                         "or in its expansion's vocabulary")
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


def _change(held: dict[str, int], amounts: Mapping[str, int]) -> dict[str, int]:
    """Add signed ``amounts`` to one of a player's pools (``res`` or ``prod``); what changed."""
    changed = _nonzero(amounts)
    for r, n in changed.items():
        held[r] += n
    return changed


def change_res(g: GameState, p: int, amounts: Mapping[str, int],
               key: Literal["gain", "spent"] = "gain", **context: Any) -> None:
    """Add signed ``amounts`` to player ``p``'s resources and log them (``key``: ``gain``
    for gains and losses, ``spent`` for resources turned into something)."""
    changed = _change(g.players[p].res, amounts)
    if changed:
        log(g, key, player=p, res=changed, **_context(context))


def change_prod(g: GameState, p: int, amounts: Mapping[str, int], **context: Any) -> None:
    """Add signed ``amounts`` to player ``p``'s production and log them."""
    changed = _change(g.players[p].prod, amounts)
    if changed:
        log(g, "prod", player=p, prod=changed, **_context(context))


def raise_tr(g: GameState, p: int, steps: int, **context: Any) -> None:
    """Raise player ``p``'s TR by ``steps`` and log the new value (R-GLOB-6)."""
    if steps <= 0:
        return
    pl = g.players[p]
    tr_up(g, pl, steps)
    log(g, "tr", player=p, tr=pl.tr, steps=steps, **_context(context))
