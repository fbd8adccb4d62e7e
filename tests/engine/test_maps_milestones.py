"""Milestones and awards of Elysium, Hellas, Vastitas Borealis and Amazonis Planitia
(R-MAP-1, R-MAP-4, R-ACT-3, R-MA-3): each measure against the reference condition, and each
measured in a position built by hand. Expectations come from milestones_awards.json, the
reference boards' adjacency and card facts, and RULES.md."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from tests.kits.facts import load_reference
from tm import Game, IllegalMove
from tm.core.mapdef import Measure, get_map
from tm.core.state import RESOURCES
from tm.rules import milestones, playability
from tm.testing import (
    answer,
    choices,
    make_game,
    place,
    player_state,
    prompt,
    put_in_play,
    set_production,
    set_resources,
    set_tr,
)

REF_IDS = {"elysium": "elysium", "hellas": "hellas", "vastitas_borealis": "vastitas_borealis_nova",
           "amazonis_planitia": "amazonis_planitia_published"}


def ref_items() -> dict[str, dict[str, Any]]:
    return {i["name"]: i for i in load_reference("milestones_awards.json")["items"]}


def ref_neighbors(board: str, sid: str) -> list[str]:
    spaces = load_reference("boards.json")["maps"][REF_IDS[board]]["spaces"]
    found: list[str] = next(s["neighbors"] for s in spaces if s["id"] == sid)
    return found


# ---------------------------------------------------------------- measures vs the reference
def expected_measure(c: dict[str, Any]) -> Measure:
    """Our measure for a reference condition, by a hand-written table of its notation."""
    kind, M = c.get("measure") or c.get("count"), Measure
    table: dict[str, Callable[[], Measure]] = {
        "terraform_rating": lambda: M("tr"),
        "city_tiles_owned": lambda: M("tiles", ("capital", "city")),
        "greenery_tiles_owned": lambda: M("tiles", ("greenery",)),
        "tiles_owned": lambda: M("tiles", rows=tuple(c.get("rows", ()))),
        "tags": lambda: M("tags", tuple(c["tags"])),
        "cards_in_hand": lambda: M("hand"),
        "production": lambda: M("production", (c["resource"],)),
        "production_sum": lambda: M("production", tuple(c["resources"])),
        "stock": lambda: M("stock", tuple(c["resources"])),
        "distinct_tag_types": lambda: M("distinct_tags"),
        "played_cards_with_requirements": lambda: M("cards_with_requirements",
                                                    ("automated", "active")),
        "production_types_above": lambda: M("productions_above_start", tuple(c["resources"])),
        "max_single_production": lambda: M("max_production", tuple(c["resources"])),
        "played_cards": lambda: M("cards", tuple(c["types"]),
                                  min_cost=c.get("printed_cost_min", 0)),
        "played_events": lambda: M("cards", ("event",)),
        "tiles_owned_adjacent_to_ocean_tiles": lambda: M("tiles", where="next_to_ocean"),
        "tiles_owned_not_adjacent_to_ocean_tiles": lambda: M("tiles", where="not_next_to_ocean"),
        "tiles_owned_on_or_adjacent_to_volcanic_spaces": lambda: M("tiles",
                                                                   where="volcanic_area"),
        "resources_on_own_cards": lambda: M("card_resources", () if c["resource_types"] == "all"
                                            else tuple(c["resource_types"])),
        "largest_connected_group_of_own_tiles": lambda: M("largest_group"),
        "tile_kinds_owned": lambda: M("tile_kinds", tuple(c["kinds"])),
        "min_standard_resource_in_stock": lambda: M("min_stock", tuple(c["resources"])),
        "own_delegates_in_parties": lambda: M("delegates"),
        "distinct_resource_types_held": lambda: M("resource_kinds"),
        "city_tiles_plus_colonies_owned": lambda: M("cities_and_colonies"),
    }
    return table[str(kind)]()


@pytest.mark.parametrize("board", ["tharsis", *REF_IDS])
def test_each_milestone_measures_its_reference_condition(board: str) -> None:
    items = ref_items()
    by_shown = {i.get("display_name", name): i for name, i in items.items()
                if REF_IDS.get(board, board) in i["maps"]}
    for name in get_map(board).milestone_names:
        ref, ours = by_shown[name], milestones.MILESTONES[name]
        assert ours.measure == expected_measure(ref["condition"]), name
        assert ours.threshold == ref["condition"]["min"], name
        assert ours.requires == ref["condition"].get("requires"), name


@pytest.mark.parametrize("board", ["tharsis", *REF_IDS])
def test_each_award_measures_its_reference_condition(board: str) -> None:
    items = ref_items()
    for name in get_map(board).award_names:
        assert REF_IDS.get(board, board) in items[name]["maps"], name
        measure = expected_measure(items[name]["condition"])
        if measure.count == "tags":  # awards count printed tags: a wild tag is no tag of theirs
            measure = dataclasses.replace(measure, count="printed_tags")
        assert milestones.AWARDS[name].measure == measure, name


# ---------------------------------------------------------------- helpers
def new_game(board: str, **options: Any) -> Game:
    game, _ = make_game(players=3, board=board, **options)
    return game


def act(game: Game, kind: str, *values: Any, **fields: Any) -> None:
    while prompt(game).player != 0 and prompt(game).kind == "action":
        answer(game, "pass", player=prompt(game).player)
    answer(game, kind, *values, player=0, **fields)


def standing(game: Game, name: str, p: int = 0) -> dict[str, Any]:
    """A milestone as player p's view shows it: current value, needed, reasons."""
    entry: dict[str, Any] = next(m for m in game.view(p)["you"]["milestones"]
                                 if m["name"] == name)
    return entry


def standings(game: Game, name: str) -> list[int]:
    """An award's measure for every player, as the view shows it."""
    found: list[int] = next(a for a in game.view(0)["you"]["awards"]
                            if a["name"] == name)["standings"]
    return found


def tiles(game: Game, p: int, tile: str, spaces: list[str]) -> None:
    for sid in spaces:
        place(game, sid, tile, p)


PLANT_CARDS = ["Adapted Lichen", "Lichen", "Grass", "Heather", "Trees"]  # one plant tag each
EARTH_CARDS = ["Sponsors", "Cartel", "Acquired Company", "Nuclear Zone", "Earth Office"]
JOVIAN_CARDS = ["Asteroid Mining", "Methane From Titan", "Io Mining Industries"]  # + space
SPACE_CARDS = [*JOVIAN_CARDS, "Callisto Penal Mines"]  # one space tag each
GREEN_CARDS = ["Power Plant", "Solar Power", "Geothermal Power", "Nuclear Power",
               "Carbonate Processing", "Food Factory", "Deep Well Heating", "Mine",
               "Strip Mine", "Adapted Lichen", "Sponsors", "Cartel", "Ants", "Fish",
               "AI Central"]  # automated and active, no requirements
REQUIRING = ["Lichen", "Grass", "Heather", "Trees", "ArchaeBacteria"]  # automated, requirements
EVENTS = ["Asteroid", "Comet", "Big Asteroid", "Ice Asteroid", "Release of Inert Gases"]
PRICEY = ["Strip Mine", "Capital", "Mohole Area"]  # printed at 25, 26, 20 MC
# Diversifier: cards and the kinds of tag they bring
DIVERSE = [("Beam From A Thorium Asteroid", 3), ("AI Central", 5), ("Sponsors", 6),
           ("Adapted Lichen", 7), ("Ants", 8)]
HELLAS_SOUTH = ["53", "55", "57", "59", "62"]  # rows 7 and 8 (land)
VOLCANIC_AREA = ["05", "11", "46"]  # Vastitas: on Hecates Tholus, next to it, on Uranius Tholus


def _generalist(game: Game, p: int, n: int) -> None:
    set_production(game, p, **{r: int(i < n) for i, r in enumerate(RESOURCES)})


def _diversifier(game: Game, p: int, n: int) -> None:
    put_in_play(game, p, [name for name, total in DIVERSE if total <= n])


def _landshaper(game: Game, p: int, n: int) -> None:
    for sid, tile in [("76", "city"), ("60", "greenery"), ("49", "mining_area")][:n]:
        place(game, sid, tile, p)


def _merchant(game: Game, p: int, n: int) -> None:
    set_resources(game, p, **{r: n for r in RESOURCES if r != "megacredits"})


def _engineer(game: Game, p: int, n: int) -> None:
    set_production(game, p, energy=n // 2, heat=n - n // 2)


def _farmer(game: Game, p: int, n: int) -> None:
    put_in_play(game, p, ["Fish"], resources=2)
    put_in_play(game, p, ["Ants"], resources=n - 2)
    put_in_play(game, p, ["Search For Life"], resources=3)  # science: not counted


Stage = Callable[[Game, int, int], None]
MILESTONE_STAGES: list[tuple[str, str, Stage]] = [
    ("elysium", "Generalist", _generalist),
    ("elysium", "Specialist", lambda game, p, n: set_production(game, p, heat=n, steel=n - 1)),
    ("elysium", "Ecologist", lambda game, p, n: put_in_play(
        game, p, ["Adapted Lichen", "Ants", "Fish", "Birds", "Lichen"][:n])),
    ("elysium", "Tycoon", lambda game, p, n: put_in_play(game, p, GREEN_CARDS[:n] + EVENTS)),
    ("elysium", "Legend", lambda game, p, n: put_in_play(game, p, EVENTS[:n] + GREEN_CARDS)),
    ("hellas", "Diversifier", _diversifier),
    ("hellas", "Tactician", lambda game, p, n: put_in_play(
        game, p, REQUIRING[:n] + ["Ice Cap Melting", "Mine"])),  # an event, no requirement
    ("hellas", "Polar Explorer", lambda game, p, n: tiles(
        game, p, "greenery", HELLAS_SOUTH[:n] + ["47"])),  # 47: row 6
    ("hellas", "Energizer", lambda game, p, n: set_production(game, p, energy=n, heat=9)),
    ("hellas", "Rim Settler", lambda game, p, n: put_in_play(game, p, JOVIAN_CARDS[:n])),
    ("vastitas_borealis", "Agronomist", lambda game, p, n: put_in_play(game, p,
                                                                       PLANT_CARDS[:n])),
    ("vastitas_borealis", "Engineer", _engineer),
    ("vastitas_borealis", "Spacefarer", lambda game, p, n: put_in_play(game, p,
                                                                       SPACE_CARDS[:n])),
    ("vastitas_borealis", "Geologist", lambda game, p, n: tiles(
        game, p, "greenery", VOLCANIC_AREA[:n] + ["60"])),
    ("vastitas_borealis", "Farmer", _farmer),
    ("amazonis_planitia", "Terran", lambda game, p, n: put_in_play(game, p, EARTH_CARDS[:n])),
    ("amazonis_planitia", "Landshaper", _landshaper),
    ("amazonis_planitia", "Merchant", _merchant),
    ("amazonis_planitia", "Sponsor", lambda game, p, n: put_in_play(
        game, p, PRICEY[:n] + ["Noctis City", "Big Asteroid"])),  # 18 MC; an event at 27
]


@pytest.mark.parametrize(("board", "name", "stage"), MILESTONE_STAGES,
                         ids=[name for _, name, _ in MILESTONE_STAGES])
def test_milestone_is_claimable_exactly_at_its_threshold_R_ACT_3(board: str, name: str,
                                                                 stage: Stage) -> None:
    threshold = milestones.MILESTONES[name].threshold
    game = new_game(board)
    set_resources(game, 0, megacredits=10)
    stage(game, 0, threshold - 1)
    shown = standing(game, name)
    assert (shown["current"], shown["needed"], shown["available"]) == (
        threshold - 1, threshold, False)
    assert {"key": "condition", "current": threshold - 1, "needed": threshold} in shown["reasons"]
    with pytest.raises(IllegalMove):
        game.respond(0, {"type": "claim_milestone", "milestone": name})
    game = new_game(board)
    set_resources(game, 0, megacredits=10)
    stage(game, 0, threshold)
    assert standing(game, name)["current"] == threshold and standing(game, name)["available"]
    act(game, "claim_milestone", name)
    assert game.view(None)["milestones"] == [[name, 0]]
    assert player_state(game, 0)["megacredits"] == 2
    assert game.scores()[0]["milestones"] == 5


def test_generalist_counts_productions_above_1_without_corporate_era() -> None:
    game = new_game("elysium", expansions=[])
    set_production(game, 0, **dict.fromkeys(RESOURCES, 1))
    assert standing(game, "Generalist")["current"] == 0
    set_production(game, 0, **dict.fromkeys(RESOURCES, 2))
    assert standing(game, "Generalist")["current"] == 6
    game = new_game("elysium")  # with Corporate Era every production starts at 0
    set_production(game, 0, **{**dict.fromkeys(RESOURCES, 1), "megacredits": -1})
    assert standing(game, "Generalist")["current"] == 5


def test_lobbyist_is_listed_and_never_claimable_R_MAP_4() -> None:
    game = new_game("amazonis_planitia")
    set_resources(game, 0, megacredits=50)
    shown = standing(game, "Lobbyist")
    assert (shown["current"], shown["needed"], shown["available"]) == (0, 7, False)
    assert {"key": "expansion", "expansion": "turmoil"} in shown["reasons"]
    assert {"type": "claim_milestone", "milestone": "Lobbyist"} not in choices(game)
    with pytest.raises(IllegalMove) as error:
        game.respond(0, {"type": "claim_milestone", "milestone": "Lobbyist"})
    assert error.value.rule in ("R-MAP-4", "R-ACT-3")
    assert [m["name"] for m in game.view(0)["you"]["milestones"]] == list(
        get_map("amazonis_planitia").milestone_names)


def test_merchant_is_checked_before_its_8_mc_are_paid() -> None:
    game = new_game("amazonis_planitia")
    set_resources(game, 0, megacredits=8, steel=3, titanium=3, plants=3, energy=3, heat=3)
    act(game, "claim_milestone", "Merchant")
    assert game.view(None)["milestones"] == [["Merchant", 0]]
    assert player_state(game, 0)["megacredits"] == 0


# ---------------------------------------------------------------- awards, measured
def _celebrity(game: Game) -> None:
    put_in_play(game, 0, [*PRICEY, "Noctis City", "Big Asteroid"])
    put_in_play(game, 1, ["AI Central"])  # 21 MC, active


def _industrialist(game: Game) -> None:
    set_resources(game, 0, steel=3, energy=4, heat=9)
    set_resources(game, 1, titanium=5, energy=1)


def _desert_settler(game: Game) -> None:
    tiles(game, 0, "greenery", ["38", "29"])  # rows 5 and 4
    tiles(game, 0, "city", ["60", "01"])  # row 8 and off-map
    tiles(game, 1, "city", ["63"])


def _estate_dealer(game: Game) -> None:
    place(game, "32", "ocean", None)
    assert {"23", "41"} <= set(ref_neighbors("elysium", "32"))
    assert "24" in ref_neighbors("elysium", "33")  # an ocean space, but no tile on it
    tiles(game, 0, "city", ["23", "33"])
    tiles(game, 0, "greenery", ["60", "01"])
    tiles(game, 1, "greenery", ["41"])


def _landscaper(game: Game) -> None:
    assert {"30", "38"} <= set(ref_neighbors("vastitas_borealis", "29"))
    assert "39" in ref_neighbors("vastitas_borealis", "38")
    assert "55" not in ref_neighbors("vastitas_borealis", "62")
    tiles(game, 0, "greenery", ["29", "30", "38"])  # one group of 3
    tiles(game, 0, "city", ["61", "02"])  # apart, and off-map
    tiles(game, 0, "greenery", ["40"])  # joined to 38 only through p1's 39: apart
    tiles(game, 1, "city", ["39"])
    tiles(game, 1, "greenery", ["62", "55"])  # not neighbours: two groups of 1


def _highlander(game: Game) -> None:
    place(game, "34", "ocean", None)
    assert "34" in ref_neighbors("vastitas_borealis", "25")
    tiles(game, 0, "city", ["33", "01"])  # 33 touches the ocean at 34; 01 is off-map
    tiles(game, 0, "greenery", ["04"])
    tiles(game, 1, "greenery", ["25", "06"])


def _collector(game: Game) -> None:
    set_resources(game, 0, megacredits=1, steel=2)
    put_in_play(game, 0, ["Fish"], resources=1)
    put_in_play(game, 0, ["Search For Life"], resources=2)
    put_in_play(game, 0, ["Ants"])  # no microbe on it: not a kind held
    set_resources(game, 1, **dict.fromkeys(RESOURCES, 1))


def _benefactor(game: Game) -> None:
    set_tr(game, 0, 25)
    set_tr(game, 2, 22)


def _cultivator(game: Game) -> None:
    tiles(game, 0, "greenery", ["04", "05"])
    tiles(game, 0, "city", ["16"])
    tiles(game, 2, "greenery", ["60"])


def _space_baron(game: Game) -> None:
    put_in_play(game, 0, ["Comet", "Asteroid"])  # events: their tags do not count
    put_in_play(game, 1, SPACE_CARDS[:2])


def _excentric(game: Game) -> None:
    put_in_play(game, 0, ["Fish"], resources=3)
    put_in_play(game, 0, ["Ants"], resources=2)
    put_in_play(game, 0, ["Search For Life"], resources=1)
    put_in_play(game, 1, ["Birds"])


def _blacksmith(game: Game) -> None:
    set_production(game, 0, steel=2, titanium=1, heat=5)
    set_production(game, 1, megacredits=9)


def _constructor(game: Game) -> None:
    tiles(game, 0, "city", ["76", "01"])
    tiles(game, 0, "capital", ["60"])
    tiles(game, 0, "greenery", ["61"])
    tiles(game, 1, "city", ["88"])


AWARD_STAGES: list[tuple[str, str, Callable[[Game], None], list[int]]] = [
    ("elysium", "Celebrity", _celebrity, [3, 1, 0]),
    ("elysium", "Industrialist", _industrialist, [7, 1, 0]),
    ("elysium", "Desert Settler", _desert_settler, [2, 1, 0]),
    ("elysium", "Estate Dealer", _estate_dealer, [2, 1, 0]),
    ("elysium", "Benefactor", _benefactor, [25, 20, 22]),
    ("hellas", "Cultivator", _cultivator, [2, 0, 1]),
    ("hellas", "Magnate", lambda game: put_in_play(game, 0, ["Mine", "Solar Power", "Fish",
                                                             "Comet"]), [2, 0, 0]),
    ("hellas", "Space Baron", _space_baron, [0, 2, 0]),
    ("hellas", "Excentric", _excentric, [6, 0, 0]),
    ("hellas", "Contractor", lambda game: put_in_play(game, 1, ["Mine", "AI Central"]),
     [0, 2, 0]),
    ("vastitas_borealis", "Traveller", lambda game: put_in_play(
        game, 0, ["Asteroid Mining", "Sponsors", "Imported GHG"]), [2, 0, 0]),
    ("vastitas_borealis", "Landscaper", _landscaper, [3, 1, 0]),
    ("vastitas_borealis", "Highlander", _highlander, [2, 1, 0]),
    ("vastitas_borealis", "Promoter", lambda game: put_in_play(game, 2, EVENTS[:3] + ["Mine"]),
     [0, 0, 3]),
    ("vastitas_borealis", "Blacksmith", _blacksmith, [3, 0, 0]),
    ("amazonis_planitia", "Collector", _collector, [4, 6, 0]),
    ("amazonis_planitia", "Innovator", lambda game: put_in_play(
        game, 0, ["Mine", "Fish", "Comet"]), [3, 0, 0]),
    ("amazonis_planitia", "Constructor", _constructor, [3, 1, 0]),
    ("amazonis_planitia", "Manufacturer", lambda game: set_production(
        game, 1, steel=2, heat=3, titanium=4), [0, 5, 0]),
    ("amazonis_planitia", "Physicist", lambda game: put_in_play(
        game, 0, ["Solar Wind Power", "AI Central", "Technology Demonstration"]), [3, 0, 0]),
]


@pytest.mark.parametrize(("board", "name", "build", "expected"), AWARD_STAGES,
                         ids=[name for _, name, _, _ in AWARD_STAGES])
def test_award_measures_a_constructed_position_R_MA_3(
        board: str, name: str, build: Callable[[Game], None], expected: list[int]) -> None:
    game = new_game(board)
    build(game)
    assert standings(game, name) == expected


def test_a_funded_award_of_another_map_scores_by_its_measure_R_MA_3() -> None:
    game = new_game("vastitas_borealis")
    _landscaper(game)
    set_resources(game, 0, megacredits=8)
    act(game, "fund_award", "Landscaper")
    scores = game.scores()
    assert [scores[p]["awards"] for p in range(3)] == [5, 2, 0]


# ---------------------------------------------------------------- wild tags as tag types
WILD_CARDS = ["Research Coordination", "Research Network"]  # one wild tag each


@pytest.mark.parametrize(("kinds", "expected"), [(3, 5), (6, 8), (10, 10)])
def test_R_MAP_5_each_wild_tag_is_one_more_tag_type_up_to_the_games(kinds: int,
                                                                   expected: int) -> None:
    game, (p0, _) = make_game(players=2, board="hellas", expansions=["corpera", "prelude"])
    typed = ["Beam From A Thorium Asteroid", "AI Central", "Sponsors",  # 6 kinds of tag
             "Adapted Lichen", "Ants", "Fish", "Immigrant City"]  # + plant, microbe, animal, city
    put_in_play(game, p0, typed[:{3: 1, 6: 3, 10: 7}[kinds]] + WILD_CARDS)
    set_resources(game, p0, megacredits=milestones.CLAIM_COST)
    assert milestones.milestone_value(game.state, p0, "Diversifier") == expected
    claimable = not playability.milestone_reasons(game.state, p0, "Diversifier")
    assert claimable == (expected >= 8)
