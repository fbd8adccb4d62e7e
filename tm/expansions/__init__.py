"""The card sets and expansions this engine ships, in the one listed load order.

Every set is a package here: its cards in our notation, the named functions of the cards
that need code, and (for an expansion) its manifest. :func:`install` puts them in the
registries once, in the order below; nothing else imports a module for what it registers.
The card order is the order every deck is built in, so saved games replay only with it.
"""
from __future__ import annotations

from tm.board import maps
from tm.cards import install as install_cards
from tm.core import manifest
from tm.core.manifest import Manifest
from tm.expansions.base import cards as base_cards
from tm.expansions.base import cards_more as base_cards_more
from tm.expansions.base import custom as base_custom
from tm.expansions.colonies import cards as colonies_cards
from tm.expansions.colonies import custom as colonies_custom
from tm.expansions.colonies.manifest import COLONIES
from tm.expansions.corpera import cards as corpera_cards
from tm.expansions.corpera import cards_more as corpera_cards_more
from tm.expansions.corpera import custom as corpera_custom
from tm.expansions.corpera.manifest import CORPERA
from tm.expansions.prelude import cards as prelude_cards
from tm.expansions.prelude import custom as prelude_custom
from tm.expansions.prelude.manifest import PRELUDE
from tm.rules import actions, measures, milestones, phases, play
from tm.vocab import cards, choices, custom, kinds, payment, resources, tiles

# The modules whose step kinds, operations and handlers the game's flow dispatches to by
# name (each fills those tables with its decorators when imported: here, once, in order).
RULE_MODULES = (kinds, resources, tiles, cards, choices, payment, custom, play, milestones,
                measures, actions, phases)

# The card lists in the order they were first added (base and Corporate Era each came in
# two batches); every deck is this order, shuffled by the game's seed.
CARD_LISTS = (base_cards.CARDS, corpera_cards.CARDS, base_cards_more.CARDS,
              corpera_cards_more.CARDS, prelude_cards.CARDS, colonies_cards.CARDS)
# The modules whose named card functions (custom steps) the cards above use.
CUSTOM_MODULES = (base_custom, corpera_custom, prelude_custom, colonies_custom)
MANIFESTS: tuple[Manifest, ...] = (CORPERA, PRELUDE, COLONIES)

_INSTALLED: list[bool] = []


def install() -> None:
    """Install every set's cards and every expansion's manifest (once); the
modules listed above are imported by then."""
    if _INSTALLED:
        return
    maps.install()
    for map_def in maps.builtin_maps():
        milestones.index_map(map_def)
    for card_list in CARD_LISTS:
        install_cards(card_list)
    for expansion in MANIFESTS:
        manifest.add(expansion)
    _INSTALLED.append(True)
