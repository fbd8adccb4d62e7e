"""A sealed game's decks as the fair deck takes them from the rules: each deck's names in
canonical order, and the rules' piles copied into the fair deck's (nothing shared)."""
from __future__ import annotations

from tm.cards import corporation_deck, prelude_deck, project_deck
from tm.core.ruleset import rules_for
from tm.fairdeck import Piles
from tm.game import Game


def canonical(game: Game, deck: str) -> list[str]:
    """A deck's names in canonical order: card ``i`` of the fair deck."""
    sets = rules_for(game.state.options).card_sets
    return {"project": project_deck, "corporation": corporation_deck,
            "prelude": prelude_deck}[deck](sets)


def _lists_copied(value: object) -> object:
    """``value`` with its (nested) lists copied: the piles' data are ints and lists of them
    (far cheaper than ``copy.deepcopy``, which a sealed game called thousands of times)."""
    return [_lists_copied(item) for item in value] if isinstance(value, list) else value


def piles_copy(data: dict[str, object]) -> Piles:
    """A deck's piles from the state's data, nothing shared with it."""
    return Piles(**{key: _lists_copied(value) for key, value in data.items()})  # type: ignore[arg-type]
