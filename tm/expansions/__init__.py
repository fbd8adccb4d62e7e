"""The card sets and expansions this engine ships, in the one listed load order.

Every set is a package here: its cards in our notation, the named functions of the cards
that need code, and (for an expansion) its manifest and the rules it adds. :func:`install`
puts them in the engine's tables once, in the order below: the maps, the counts their
milestones and awards measure, the manifests (with each expansion's words in the
contract: purposes, shapes, log records), the entries each listed module marks (ops,
handlers, step kinds, custom steps, countables, requirement kinds: :mod:`tm.core.entries`)
and the cards. Importing a module registers nothing. The card order is the order every
deck is built in, so saved games replay only with it.
"""
from __future__ import annotations

from types import ModuleType

from tm.board import maps
from tm.cards import install as install_cards
from tm.core import entries, flow, manifest
from tm.core.manifest import Manifest
from tm.expansions.base import cards as base_cards
from tm.expansions.base import custom as base_custom
from tm.expansions.colonies import cards as colonies_cards
from tm.expansions.colonies import colony, countables, trade
from tm.expansions.colonies import custom as colonies_custom
from tm.expansions.colonies.manifest import COLONIES
from tm.expansions.corpera import cards as corpera_cards
from tm.expansions.corpera import custom as corpera_custom
from tm.expansions.corpera.manifest import CORPERA
from tm.expansions.prelude import cards as prelude_cards
from tm.expansions.prelude import custom as prelude_custom
from tm.expansions.prelude import manifest as prelude_manifest
from tm.expansions.prelude.manifest import PRELUDE
from tm.rules import actions, measures, milestones, phases, play
from tm.vocab import cards, choices, custom, kinds, payment, resources, tiles

# The modules whose marked functions (step kinds, ops, handlers, ...) the game's flow and
# the card interpreter dispatch to by name: the rules' and then each set's, in order.
RULE_MODULES: tuple[ModuleType, ...] = (
    kinds, resources, tiles, cards, choices, payment, custom, play, milestones, measures,
    actions, phases)
SET_MODULES: tuple[ModuleType, ...] = (
    base_custom, corpera_custom, prelude_custom, prelude_manifest, colonies_custom, colony,
    countables, trade)
# The card lists in the order they were first added (base and Corporate Era each came in
# two batches); every deck is this order, shuffled by the game's seed.
CARD_LISTS = (base_cards.FIRST_ADDED, corpera_cards.FIRST_ADDED, base_cards.ADDED_LATER,
              corpera_cards.ADDED_LATER, prelude_cards.CARDS, colonies_cards.CARDS)
MANIFESTS: tuple[Manifest, ...] = (CORPERA, PRELUDE, COLONIES)
# Each table's installer, by the name its entries are marked with.
TABLES: dict[str, entries.Installer] = {
    "op": flow.add_op, "handler": flow.add_handler, "step_kind": kinds.add_step_kind,
    "countable": kinds.add_countable, "custom_step": custom.add_custom_step,
    "requirement_kind": play.add_requirement_kind}

_INSTALLED: list[bool] = []


def install() -> None:
    """Install the maps, the rules' and every set's table entries, every set's cards and
    every expansion's manifest (once, in the listed order)."""
    if _INSTALLED:
        return
    for name, count in measures.BUILTIN_COUNTS:
        measures.register_count(name, count)
    maps.install()
    for map_def in maps.builtin_maps():
        milestones.index_map(map_def)
    for expansion in MANIFESTS:  # first: their words are what the handlers answer
        manifest.add(expansion)
    for module in (*RULE_MODULES, *SET_MODULES):
        entries.install(module, TABLES)
    for card_list in CARD_LISTS:
        install_cards(card_list)
    _INSTALLED.append(True)
