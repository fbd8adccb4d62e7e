"""The bots' expansion manifests, and what determinization and the judge read of them all
at once (keyed by (expansion, key) where a key is its section's)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tm.bots.expansions import Json, Sample, UnseenManifest
from tm.bots.expansions.colonies import UNSEEN as COLONIES
from tm.bots.expansions.corpera import UNSEEN as CORPERA
from tm.bots.expansions.prelude import UNSEEN as PRELUDE
from tm.core.state import GameState

LISTED: tuple[UnseenManifest, ...] = (CORPERA, PRELUDE, COLONIES)

PILES: Mapping[tuple[str, str], str] = {
    (m.name, key): kind for m in LISTED for key, kind in m.piles.items()}
DECKS: Mapping[str, Callable[[tuple[str, ...]], list[str]]] = {
    kind: deck for m in LISTED for kind, deck in m.decks.items()}
SAMPLERS: Mapping[tuple[str, str], Callable[[Sample], Any]] = {
    (m.name, key): fn for m in LISTED for key, fn in m.samplers.items()}
PLACED: tuple[tuple[str, str], ...] = tuple((m.name, key) for m in LISTED for key in m.placed)
DISCARDED_BY: Mapping[str, tuple[str, str]] = {
    record: (m.name, pile) for m in LISTED for record, pile in m.discarded_by.items()}
SETUP_HELD: Mapping[str, Callable[[GameState, int], list[str]]] = {
    offer: fn for m in LISTED for offer, fn in m.setup_held.items()}
TURN_ASKS: tuple[Callable[[GameState, int], Json | None], ...] = tuple(
    m.turn_ask for m in LISTED if m.turn_ask is not None)
CUSTOM_VALUES: Mapping[str, float] = {
    name: worth for m in LISTED for name, worth in m.values.custom_steps.items()}
FIXED_WORTH: Mapping[str, float] = {
    kind: worth for m in LISTED for kind, worth in m.values.fixed_steps.items()}
