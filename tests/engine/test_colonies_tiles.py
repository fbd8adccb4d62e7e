"""Each colony tile as the rules give it (R-COL-3, R-COL-4): what building a colony gives,
what each colony there gives its owner on a trade, and what the trader gains with the
marker at 0, 3 and 6. The expected numbers are written out by hand from the tiles' printed
tracks (not read from our definitions); the tile list is checked against
tests/facts/colonies.json (the facts of ../shared/reference/colonies.json).
"""
from __future__ import annotations

from typing import Any

import pytest

from tests.kits.facts import load_reference
from tm.expansions.colonies.tiles import TILES
from tm.testing import (
    answer,
    board,
    colony_tiles,
    discard_pile,
    give_colony,
    make_game,
    parameters,
    player_state,
    prompt,
    put_in_play,
    set_colony_tiles,
    set_marker,
    set_resources,
    set_tr,
)

COLONIES = ["corpera", "colonies"]
HOLDERS = {"microbe": "Decomposers", "animal": "Birds", "floater": "Atmo Collectors"}

# tile: (build reward, colony bonus, trade at markers 0, 3, 6); a reward is
# {what: amount}, "what" a resource, "prod:<resource>", a card resource, "cards" or "ocean"
TABLE: dict[str, tuple[dict[str, int], dict[str, int], list[dict[str, int]]]] = {
    "Callisto": ({"prod:energy": 1}, {"energy": 3},
                 [{}, {"energy": 5}, {"energy": 13}]),
    "Ceres": ({"prod:steel": 1}, {"steel": 2},
              [{"steel": 1}, {"steel": 4}, {"steel": 10}]),
    "Enceladus": ({"microbe": 3}, {"microbe": 1},
                  [{}, {"microbe": 3}, {"microbe": 5}]),
    "Europa": ({"ocean": 1}, {"megacredits": 1},
               [{"prod:megacredits": 1}, {"prod:energy": 1}, {"prod:plants": 1}]),
    "Ganymede": ({"prod:plants": 1}, {"plants": 1},
                 [{}, {"plants": 3}, {"plants": 6}]),
    "Io": ({"prod:heat": 1}, {"heat": 2},
           [{"heat": 2}, {"heat": 6}, {"heat": 13}]),
    "Luna": ({"prod:megacredits": 2}, {"megacredits": 2},
             [{"megacredits": 1}, {"megacredits": 7}, {"megacredits": 17}]),
    "Miranda": ({"animal": 1}, {"cards": 1},
                [{}, {"animal": 2}, {"animal": 3}]),
    "Pluto": ({"cards": 2}, {"cards": 0},  # draw 1, then discard 1
              [{}, {"cards": 2}, {"cards": 4}]),
    "Titan": ({"floater": 3}, {"floater": 1},
              [{}, {"floater": 2}, {"floater": 4}]),
    "Triton": ({"titanium": 3}, {"titanium": 1},
               [{}, {"titanium": 2}, {"titanium": 5}]),
}
RESOURCE_OF = {"Enceladus": "microbe", "Miranda": "animal", "Titan": "floater"}


def _snapshot(game: Any, p: int) -> dict[str, int]:
    state = player_state(game, p)
    found = {r: state[r] for r in ("megacredits", "steel", "titanium", "plants", "energy",
                                   "heat")}
    found.update({f"prod:{r}": n for r, n in state["production"].items()})
    for rtype, holder in HOLDERS.items():
        found[rtype] = state["card_resources"].get(holder, 0)
    found["cards"] = len(state["hand"])
    found["ocean"] = parameters(game)["oceans"]
    return found


def _gained(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    return {k: after[k] - before[k] for k in after if after[k] != before[k]}


def _game(tile: str, players: int = 2) -> Any:
    game, _ = make_game(players, seed=3, expansions=COLONIES)
    set_colony_tiles(game, [tile])
    for p in range(players):
        if tile in RESOURCE_OF:  # R-COL-2: someone holds the resource; each player may
            put_in_play(game, p, [HOLDERS[RESOURCE_OF[tile]]])  # take it (one per player)
    return game


def _holder_game(tile: str, players: int = 2) -> Any:
    game, _ = make_game(players, seed=3, expansions=COLONIES)
    set_colony_tiles(game, [tile])
    if tile in RESOURCE_OF:
        put_in_play(game, 0, [HOLDERS[RESOURCE_OF[tile]]])
    return game


def test_the_eleven_tiles_are_those_of_the_reference() -> None:
    reference = load_reference("colonies.json")
    assert sorted(t["name"] for t in reference["tiles"]) == sorted(TILES) == sorted(TABLE)
    for ref in reference["tiles"]:  # R-COL-2: the tiles that wait for a card resource
        assert TILES[ref["name"]].resource == ref["card_resource"], ref["name"]


@pytest.mark.parametrize("tile", sorted(TABLE))
def test_building_a_colony_gives_the_build_reward_R_COL_3(tile: str) -> None:
    game = _holder_game(tile)
    set_resources(game, 0, megacredits=17)
    before = _snapshot(game, 0)
    answer(game, "standard_project", "build_colony")
    if prompt(game).kind == "space":  # Europa: the ocean goes where the player says
        spaces = board(game)
        plain = [s for s in prompt(game).data["spaces"] if not spaces[s]["bonus"]]
        answer(game, "space", plain[0])
    gained = _gained(before, _snapshot(game, 0))
    assert gained.pop("megacredits", 0) == TABLE[tile][0].get("megacredits", 0) - 17
    assert gained == {k: v for k, v in TABLE[tile][0].items() if k != "megacredits"}
    assert colony_tiles(game)[tile]["colonies"] == [0]


@pytest.mark.parametrize("tile", sorted(TABLE))
@pytest.mark.parametrize("position", [0, 1, 2])
def test_trading_gives_the_reward_at_the_marker_R_COL_4(tile: str, position: int) -> None:
    marker = (0, 3, 6)[position]
    game = _holder_game(tile)
    set_marker(game, tile, marker)
    set_resources(game, 0, megacredits=9)
    before = _snapshot(game, 0)
    answer(game, "trade", tile)
    gained = _gained(before, _snapshot(game, 0))
    expected = dict(TABLE[tile][2][position])
    expected["megacredits"] = expected.get("megacredits", 0) - 9
    assert {k: v for k, v in gained.items() if v} == {k: v for k, v in expected.items() if v}
    assert colony_tiles(game)[tile]["marker"] == 0  # no colonies: the marker drops to 0


@pytest.mark.parametrize("tile", sorted(TABLE))
def test_every_colony_gives_its_owner_the_colony_bonus_R_COL_4(tile: str) -> None:
    game = _game(tile, players=3)
    give_colony(game, 1, tile)
    give_colony(game, 2, tile)
    set_marker(game, tile, 2)
    set_resources(game, 0, megacredits=9)
    owners_before = [_snapshot(game, p) for p in (1, 2)]
    discarded = len(discard_pile(game))
    answer(game, "trade", tile)
    for p, before in zip((1, 2), owners_before, strict=True):
        assert _gained(before, _snapshot(game, p)) == {
            k: v for k, v in TABLE[tile][1].items() if v}, p
    if tile == "Pluto":  # each owner drew a card and discarded one (a hand of one: itself)
        assert len(discard_pile(game)) == discarded + 2
    assert colony_tiles(game)[tile]["marker"] == 2  # R-COL-4: down to the colony count


def test_the_trader_gets_the_bonus_of_their_own_colony_too_R_COL_4() -> None:
    game = _game("Luna")
    give_colony(game, 0, "Luna")
    set_marker(game, "Luna", 4)
    set_resources(game, 0, megacredits=9)
    set_tr(game, 0, 20)
    answer(game, "trade", "Luna")
    assert player_state(game, 0)["megacredits"] == 9 - 9 + 10 + 2  # marker 4: 10, bonus 2
    assert colony_tiles(game)["Luna"]["marker"] == 1


def test_pluto_discard_lists_a_long_hand_a_page_at_a_time() -> None:
    from tm.cards import all_cards
    game = _game("Pluto")
    give_colony(game, 1, "Pluto")
    names = [c.name for c in all_cards() if c.is_project][:24]
    from tm.testing import give_cards
    give_cards(game, 1, names)
    set_resources(game, 0, megacredits=9)
    answer(game, "trade", "Pluto")
    waiting = prompt(game, 1)
    assert len(waiting.choices()) == 20 and waiting.choices()[-1].label["key"] == "more_cards"
    answer(game, "option", 19, player=1)  # the next page: the other 6 cards and "more"
    shown = [c.label.get("card") for c in prompt(game, 1).choices()]
    assert len(shown) == 7 and shown[-1] is None
    answer(game, "option", 0, player=1)
    assert len(player_state(game, 1)["hand"]) == 24  # drew 1, discarded 1
