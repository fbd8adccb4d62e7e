"""Card behaviour: every card of the base game and Corporate Era (tm/expansions/*/cards.py) played.

Cards with an action, an ongoing effect, a choice, a red border, a tile, a custom
step or card resources each get at least one test named after the card. The pure
data cards (production, resources, parameters, TR, oceans, draws, no choice) are
covered by one table test whose expectations are read from the reference
(shared/reference/cards_base.json: printed cost, tags, requirements, VP and the
`effect` notation), never from our own card definitions.
"""
from __future__ import annotations

from typing import Any

import pytest

from tests.kits.cardkit import (
    OCEAN_SPACES,
    THARSIS,
    act,
    card_vp,
    held,
    new_game,
    others_pass,
    printed_cost,
    prod,
    reference,
    slug,
    tiles,
    use,
)
from tm import Game
from tm.cards.dsl import Card
from tm.expansions.base import cards as base
from tm.expansions.corpera import cards as corpera
from tm.testing import (
    answer,
    choices,
    discard_pile,
    give_cards,
    offered,
    parameters,
    place,
    player_state,
    prompt,
    put_in_play,
    set_parameters,
    set_production,
    set_resources,
)

VOLCANIC_SPACES = sorted(sid for sid, sp in THARSIS.spaces.items() if sp.volcanic)


def play(game: Game, name: str, mc: int | None = None, hold: bool = False) -> None:
    """Player 0 plays ``name`` from hand, holding exactly its printed cost unless told.

    ``hold``: the other players keep their turns (they do not pass).
    """
    give_cards(game, 0, [name])
    set_resources(game, 0, megacredits=printed_cost(name) if mc is None else mc)
    answer(game, "play_card", name, player=0)
    if not hold:
        others_pass(game)


def can_play(game: Game, name: str, p: int = 0) -> bool:
    """Whether ``name`` is among the legal plays of the waiting action prompt."""
    return {"type": "play_card", "card": name} in choices(game, p)


def can_use(game: Game, name: str, p: int = 0) -> bool:
    """Whether the action of ``name`` is among the legal actions now."""
    return {"type": "card_action", "card": name} in choices(game, p)


def offered_spaces(game: Game) -> list[str]:
    """The spaces of the waiting space prompt."""
    waiting = prompt(game, 0)
    assert waiting.kind == "space", waiting
    return list(waiting.data["spaces"])


def me(game: Game) -> dict[str, Any]:
    return player_state(game, 0)


def them(game: Game) -> dict[str, Any]:
    return player_state(game, 1)


# ---------------------------------------------------------------- which cards are pure data
PURE_KINDS = frozenset({"prod", "gain", "raise", "tr", "ocean", "draw"})
PURE_PLAY_KEYS = frozenset({"production", "stock", "global", "tr", "ocean", "draw"})


def is_pure(c: Card) -> bool:
    """Only production, resources, parameters, TR, oceans on ocean spaces, plain draws."""
    if c.is_corporation or c.action or c.effects or c.resource:
        return False
    for step in c.play:
        if step["k"] not in PURE_KINDS:
            return False
        if step["k"] == "ocean" and step["on"] != "ocean":
            return False
        if step["k"] == "draw" and (step.get("keep") is not None or step.get("buy")):
            return False
    return True


def is_pure_in_reference(ref: dict[str, Any]) -> bool:
    """The same question asked of the reference's own effect notation."""
    effect = ref["effect"]
    if set(effect) - {"play"} or ref["resource_type"]:
        return False
    play = effect.get("play", {})
    if set(play) - PURE_PLAY_KEYS:
        return False
    if "ocean" in play and play["ocean"].get("on", "ocean") != "ocean":
        return False
    return not ("draw" in play and set(play["draw"]) - {"count"})


PROJECTS = [c for c in [*base.FIRST_ADDED, *corpera.FIRST_ADDED] if not c.is_corporation]
PURE_CARDS = sorted(c.name for c in PROJECTS if is_pure(c))
BEHAVIOUR_CARDS = sorted(c.name for c in PROJECTS if not is_pure(c))


def test_every_card_with_behaviour_has_a_test_named_after_it() -> None:
    names = [n for n in globals() if n.startswith("test_")]
    missing = [c for c in BEHAVIOUR_CARDS
               if not any(n.startswith(f"test_{slug(c)}_") for n in names)]
    assert missing == []
    assert len(PURE_CARDS) + len(BEHAVIOUR_CARDS) == len(PROJECTS)


def test_pure_data_cards_are_the_reference_pure_data_cards() -> None:
    """The table below holds exactly the cards the reference describes as pure data."""
    assert [c.name for c in PROJECTS if is_pure_in_reference(reference(c.name))] == \
        [c.name for c in PROJECTS if is_pure(c)]


# ================================================================ the pure data table
# Every expectation comes from the reference (shared/reference/cards_base.json): printed
# cost, tags, requirements, VP and the `effect` notation, read by this module's own small
# interpreter. Nothing is read from our card definitions, so a wrong number in one of them
# (a cost, a tag, a requirement, a production, a resource, a VP) fails a row here.
FILLERS: dict[str, tuple[str, ...]] = {  # cards put in play for their tags (no effect runs)
    "power": ("Power Plant", "Geothermal Power", "Solar Power", "Nuclear Power"),
    "science": ("Artificial Photosynthesis", "Research", "Development Center"),
    "plant": ("Adapted Lichen", "Heather", "Lichen"),
    "microbe": ("Tardigrades", "Worms", "ArchaeBacteria"),
    "animal": ("Fish", "Birds"),
    "earth": ("Sponsors", "Acquired Company", "Cartel"),
    "space": ("Asteroid Mining", "Solar Wind Power", "Water Import From Europa",
              "Space Mirrors", "Phobos Space Haven"),
}
MY_EXTRA_TAGS = ("earth", "space", "plant", "microbe", "power")
THEIR_EXTRA_TAGS = ("space", "space", "earth", "microbe")
MY_CITY, THEIR_CITY = "01", "47"  # Ganymede Colony's off-map space; a plain land space
CITIES = {"mars": 1, "anywhere": 2}  # the two cities above, as the reference counts them
OCEAN_ORDER = ("07", "06", "13", "04", "28")
DEFAULT_PARAMS = {"temperature": -10, "oxygen": 3, "oceans": 0}
STEP_SIZE = {"temperature": 2, "oxygen": 1, "oceans": 1}  # R-GLOB-1


def printed_tags(name: str) -> list[str]:
    """The tags a card shows in play: an event's stop counting (R-CARD-4)."""
    ref = reference(name)
    return [] if ref["type"] == "event" else list(ref["tags"])


def _pick(tag: str, used: set[str], room: int | None = None) -> str:
    """A filler card with ``tag``, not used yet, carrying at most ``room`` such tags."""
    name = next(n for n in FILLERS[tag] if n not in used
                and (room is None or printed_tags(n).count(tag) <= room))
    used.add(name)
    return name


def _with_tags(tag: str, count: int, used: set[str]) -> list[str]:
    """Filler cards carrying exactly ``count`` tags of ``tag`` between them."""
    chosen: list[str] = []
    while (have := sum(printed_tags(n).count(tag) for n in chosen)) < count:
        chosen.append(_pick(tag, used, room=count - have))
    return chosen


def _count(spec: int | dict[str, Any], mine: list[str], theirs: list[str]) -> int:
    """An amount in the reference notation, counted from what the test put on the table."""
    if isinstance(spec, int):
        return spec
    if "per_tag" in spec:
        pool = {"self": mine, "others": theirs, "all": mine + theirs}[spec["scope"]]
        n = pool.count(spec["per_tag"])
    elif "per_city" in spec:
        n = CITIES[spec["per_city"]]
    else:
        raise AssertionError(f"table test cannot count {spec}")
    return n // spec.get("divisor", 1)


def _placement_bonus(game: Game, sid: str) -> tuple[dict[str, int], int]:
    """Resources and cards a tile on ``sid`` earns (R-TILE-5), from the map data."""
    board = tiles(game)
    res: dict[str, int] = {}
    cards = 0
    for bonus in THARSIS.spaces[sid].bonus:
        if bonus == "card":
            cards += 1
        else:
            res[bonus] = res.get(bonus, 0) + 1
    oceans = sum(1 for n in THARSIS.spaces[sid].neighbors
                 if board.get(n, {}).get("tile") == "ocean")
    res["megacredits"] = res.get("megacredits", 0) + 2 * oceans
    return res, cards


def _met(requirements: list[dict[str, Any]], used: set[str],
         short: int | None = None) -> tuple[dict[str, int], list[str]]:
    """Parameters and tag cards meeting the printed requirements; requirement ``short`` (an
    index) is missed by one step or one tag."""
    params = dict(DEFAULT_PARAMS)
    mine: list[str] = []
    for i, req in enumerate(requirements):
        miss = 1 if i == short else 0
        if "global" in req:
            bound = "min" if "min" in req else "max"
            sign = -1 if bound == "min" else 1
            params[req["global"]] = req[bound] + sign * miss * STEP_SIZE[req["global"]]
        else:
            assert set(req) == {"tag", "count"}, req
            mine += _with_tags(req["tag"], req["count"] - miss, used)
    return params, mine


@pytest.mark.parametrize("name", PURE_CARDS)
def test_pure_data_card_does_what_the_reference_says(name: str) -> None:
    """R-ACT-1, R-CARD-2/4/6, R-GLOB-2, R-TILE-5: play from a prepared state, check every delta
    against the reference's printed cost, tags, VP and effect."""
    ref = reference(name)
    assert is_pure_in_reference(ref)
    game = new_game()
    used = {name}
    params, mine = _met(ref["requirements"], used)
    mine += [_pick(tag, used) for tag in MY_EXTRA_TAGS]
    theirs = [_pick(tag, used) for tag in THEIR_EXTRA_TAGS]
    put_in_play(game, 0, mine)
    put_in_play(game, 1, theirs)
    place(game, MY_CITY, "city", 0)
    place(game, THEIR_CITY, "city", 1)
    set_parameters(game, **params)
    set_production(game, 0, megacredits=0, steel=2, titanium=2, plants=2, energy=2, heat=2)
    set_resources(game, 0, plants=1)

    my_tags = [t for n in mine for t in printed_tags(n)] + printed_tags(name)
    their_tags = [t for n in theirs for t in printed_tags(n)]
    give_cards(game, 0, [name])
    set_resources(game, 0, megacredits=ref["cost"] + 3)
    before, start, vp_before = me(game), parameters(game), card_vp(game)
    want_prod = dict(before["production"])
    want_res = {r: before[r] for r in want_prod}
    want_res["megacredits"] -= ref["cost"]
    want_tr, want_hand, want_oceans = before["tr"], len(before["hand"]) - 1, start["oceans"]
    want_params = {p: start[p] for p in ("temperature", "oxygen")}
    want_tags = dict(before["tags"])
    for tag in printed_tags(name):
        want_tags[tag] = want_tags.get(tag, 0) + 1
    effect = ref["effect"].get("play", {})
    for r, v in effect.get("production", {}).items():
        want_prod[r] += _count(v, my_tags, their_tags)
    for r, v in effect.get("stock", {}).items():
        want_res[r] += _count(v, my_tags, their_tags)
    for param, steps in effect.get("global", {}).items():
        want_params[param] += STEP_SIZE[param] * steps
        want_tr += steps
    want_tr += _count(effect.get("tr", 0), my_tags, their_tags)
    want_oceans += effect.get("ocean", {}).get("count", 0)
    want_tr += effect.get("ocean", {}).get("count", 0)
    want_hand += _count(effect.get("draw", {}).get("count", 0), my_tags, their_tags)

    answer(game, "play_card", name, player=0)
    while game.prompt_for(0) is not None and prompt(game, 0).kind == "space":
        free = offered_spaces(game)
        sid = next(s for s in OCEAN_ORDER if s in free)
        res, cards = _placement_bonus(game, sid)
        for r, n in res.items():
            want_res[r] += n
        want_hand += cards
        answer(game, "space", sid, player=0)

    after, end = me(game), parameters(game)
    assert after["production"] == want_prod
    assert {r: after[r] for r in want_res} == want_res
    assert after["tr"] == want_tr
    assert len(after["hand"]) == want_hand
    assert end["oceans"] == want_oceans
    assert {p: end[p] for p in want_params} == want_params
    assert after["tags"] == want_tags
    assert card_vp(game) - vp_before == (ref["vp"] or 0)
    is_event = ref["type"] == "event"
    assert (name in after["events"], name in after["played"]) == (is_event, not is_event)
    assert game.prompt_for(0) is None or prompt(game, 0).kind == "action"


@pytest.mark.parametrize("name", PURE_CARDS)
def test_pure_data_card_waits_for_each_printed_requirement_R_CARD_1(name: str) -> None:
    """R-CARD-1, R-CARD-5: one step (or one tag) short of any printed requirement, the card
    cannot be played; with all of them met, it can, holding exactly its printed cost."""
    requirements = reference(name)["requirements"]
    for short in [*range(len(requirements)), None]:
        game = new_game()
        params, mine = _met(requirements, {name}, short)
        put_in_play(game, 0, mine)
        set_parameters(game, **params)
        set_production(game, 0, energy=2, plants=2, megacredits=0)
        give_cards(game, 0, [name])
        set_resources(game, 0, megacredits=printed_cost(name) - 1)
        assert not can_play(game, name)
        set_resources(game, 0, megacredits=printed_cost(name))
        assert can_play(game, name) == (short is None), (name, short)


def test_pure_data_table_covers_every_kind_of_effect() -> None:
    keys = {key for name in PURE_CARDS for key in reference(name)["effect"].get("play", {})}
    assert keys == PURE_PLAY_KEYS
    assert len(PURE_CARDS) >= 40
    assert {"global", "tag"} <= {"global" if "global" in req else "tag"
                                 for name in PURE_CARDS
                                 for req in reference(name)["requirements"]}


# ================================================================ production and choices
@pytest.mark.parametrize(("option", "resource", "steps"), [(0, "energy", 2), (1, "plants", 1)])
def test_artificial_photosynthesis_chooses_energy_or_plant_production(
        option: int, resource: str, steps: int) -> None:
    game = new_game()
    play(game, "Artificial Photosynthesis")
    assert prompt(game).kind == "option"
    act(game, "option", option)
    expected = dict.fromkeys(prod(game), 0) | {resource: steps}
    assert prod(game) == expected
    assert me(game)["megacredits"] == 0


def test_insulation_turns_heat_production_into_mc_production() -> None:
    game = new_game()
    set_production(game, 0, heat=3)
    play(game, "Insulation")
    assert [c["amount"] for c in choices(game)] == [1, 2, 3]
    act(game, "amount", 2)
    assert prod(game)["heat"] == 1
    assert prod(game)["megacredits"] == 2


def test_insulation_needs_heat_production() -> None:
    game = new_game()
    give_cards(game, 0, ["Insulation"])
    set_resources(game, 0, megacredits=10)
    assert not can_play(game, "Insulation")


def test_nitrophilic_moss_spends_two_plants_and_needs_three_oceans_R_CARD_1() -> None:
    game = new_game()
    give_cards(game, 0, ["Nitrophilic Moss"])
    set_resources(game, 0, megacredits=8, plants=2)
    set_parameters(game, oceans=2)
    assert not can_play(game, "Nitrophilic Moss")
    set_parameters(game, oceans=3)
    set_resources(game, 0, plants=1)
    assert not can_play(game, "Nitrophilic Moss")
    set_resources(game, 0, plants=2)
    act(game, "play_card", "Nitrophilic Moss")
    assert me(game)["plants"] == 0
    assert prod(game)["plants"] == 2
    assert me(game)["megacredits"] == 0


def test_nitrogen_rich_asteroid_gives_four_plant_production_with_three_plant_tags() -> None:
    game = new_game()
    put_in_play(game, 0, ["Adapted Lichen", "Heather", "Lichen"])
    play(game, "Nitrogen-Rich Asteroid")
    assert prod(game)["plants"] == 4
    assert me(game)["tr"] == 20 + 1 + 2
    assert parameters(game)["temperature"] == -28


def test_nitrogen_rich_asteroid_gives_one_plant_production_below_three_plant_tags() -> None:
    game = new_game()
    put_in_play(game, 0, ["Adapted Lichen", "Heather"])
    put_in_play(game, 1, ["Lichen", "Grass"])  # other players' tags do not count
    play(game, "Nitrogen-Rich Asteroid")
    assert prod(game)["plants"] == 1
    assert me(game)["tr"] == 23


def test_nitrogen_rich_asteroid_does_not_count_event_plant_tags_R_CARD_4() -> None:
    game = new_game()
    put_in_play(game, 0, ["Adapted Lichen", "Heather"])
    put_in_play(game, 0, ["Local Heat Trapping"])  # an event: face down, no tags
    play(game, "Nitrogen-Rich Asteroid")
    assert prod(game)["plants"] == 1


# ================================================================ red borders (R-PROD-3)
def test_biomass_combustors_lowers_a_chosen_players_plant_production_R_PROD_3() -> None:
    game = new_game()
    set_parameters(game, oxygen=6)
    set_production(game, 0, plants=1)
    set_production(game, 1, plants=2)
    play(game, "Biomass Combustors")
    assert sorted(c.get("player") for c in choices(game)) == [0, 1]
    act(game, "player", 1)
    assert prod(game, 1)["plants"] == 1
    assert prod(game)["plants"] == 1
    assert prod(game)["energy"] == 2


def test_biomass_combustors_needs_someone_with_plant_production_R_PROD_3() -> None:
    game = new_game()
    set_parameters(game, oxygen=6)
    give_cards(game, 0, ["Biomass Combustors"])
    set_resources(game, 0, megacredits=10)
    assert not can_play(game, "Biomass Combustors")
    set_parameters(game, oxygen=5)
    set_production(game, 1, plants=1)
    assert not can_play(game, "Biomass Combustors")  # oxygen 6 % needed (R-CARD-1)
    set_parameters(game, oxygen=6)
    assert can_play(game, "Biomass Combustors")


def test_heat_trappers_takes_two_heat_production_from_the_only_player_who_has_it() -> None:
    game = new_game()
    set_production(game, 0, heat=1)
    set_production(game, 1, heat=2)
    play(game, "Heat Trappers")
    assert prod(game, 1)["heat"] == 0
    assert prod(game)["heat"] == 1
    assert prod(game)["energy"] == 1
    assert card_vp(game) == -1


def test_heat_trappers_cannot_be_played_when_nobody_has_two_heat_production_R_PROD_3() -> None:
    game = new_game()
    set_production(game, 0, heat=1)
    set_production(game, 1, heat=1)
    give_cards(game, 0, ["Heat Trappers"])
    set_resources(game, 0, megacredits=6)
    assert not can_play(game, "Heat Trappers")


def test_cloud_seeding_lowers_own_mc_and_anyones_heat_production() -> None:
    game = new_game()
    set_parameters(game, oceans=3)
    set_production(game, 1, heat=1)
    play(game, "Cloud Seeding")
    assert prod(game)["megacredits"] == -1
    assert prod(game)["plants"] == 2
    assert prod(game, 1)["heat"] == 0


def test_cloud_seeding_needs_three_oceans_R_CARD_1() -> None:
    game = new_game()
    set_parameters(game, oceans=2)
    set_production(game, 1, heat=1)
    give_cards(game, 0, ["Cloud Seeding"])
    set_resources(game, 0, megacredits=11)
    assert not can_play(game, "Cloud Seeding")


def test_heat_trappers_in_solo_may_target_the_neutral_player_R_SOLO_4() -> None:
    game = new_game(players=1)
    play(game, "Heat Trappers")
    assert prod(game)["energy"] == 1
    assert prod(game)["heat"] == 0


def test_asteroid_in_solo_may_remove_plants_from_the_neutral_player_R_SOLO_4() -> None:
    game = new_game(players=1)
    set_resources(game, 0, plants=5)
    play(game, "Asteroid")
    assert sorted(c.get("player", 99) for c in choices(game)) == [-1, 0, 99]
    act(game, "player", -1)
    assert me(game)["plants"] == 5
    assert me(game)["tr"] == 15


def test_energy_tapping_steals_one_energy_production_R_PROD_3() -> None:
    game = new_game()
    set_production(game, 1, energy=2)
    play(game, "Energy Tapping")
    assert prod(game, 1)["energy"] == 1
    assert prod(game)["energy"] == 1
    assert card_vp(game) == -1


def test_energy_tapping_asks_whom_to_tap_when_several_can_be() -> None:
    game = new_game()
    set_production(game, 0, energy=1)
    set_production(game, 1, energy=1)
    play(game, "Energy Tapping")
    assert prompt(game).kind == "player"
    act(game, "player", 1)
    assert prod(game, 1)["energy"] == 0
    assert prod(game)["energy"] == 2


def test_hackers_steals_two_mc_production_and_costs_one_energy_production() -> None:
    game = new_game()
    set_production(game, 0, energy=1)
    set_production(game, 1, megacredits=-3)
    play(game, "Hackers")
    assert sorted(c["player"] for c in choices(game)) == [0, 1]
    act(game, "player", 1)
    assert prod(game, 1)["megacredits"] == -5  # R-PROD-1: down to -5, not below
    assert prod(game)["megacredits"] == 2
    assert prod(game)["energy"] == 0
    assert card_vp(game) == -1


def test_hackers_needs_energy_production_R_PROD_2() -> None:
    game = new_game()
    give_cards(game, 0, ["Hackers"])
    set_resources(game, 0, megacredits=3)
    assert not can_play(game, "Hackers")


def test_asteroid_removes_up_to_three_plants_from_a_chosen_player_R_PROD_3() -> None:
    game = new_game()
    set_resources(game, 1, plants=5)
    play(game, "Asteroid")
    act(game, "player", 1)
    assert them(game)["plants"] == 2
    assert me(game)["titanium"] == 2
    assert me(game)["tr"] == 21
    assert parameters(game)["temperature"] == -28


def test_asteroid_plant_removal_is_optional_R_PROD_3() -> None:
    game = new_game()
    set_resources(game, 1, plants=5)
    play(game, "Asteroid")
    assert {"type": "none"} in choices(game)
    act(game, "none")
    assert them(game)["plants"] == 5


def test_big_asteroid_raises_temperature_two_steps_and_removes_four_plants() -> None:
    game = new_game()
    set_resources(game, 1, plants=6)
    play(game, "Big Asteroid")
    act(game, "player", 1)
    assert them(game)["plants"] == 2
    assert me(game)["titanium"] == 4
    assert parameters(game)["temperature"] == -26
    assert me(game)["tr"] == 22


def test_comet_raises_temperature_places_an_ocean_and_removes_three_plants() -> None:
    game = new_game()
    set_resources(game, 1, plants=4)
    play(game, "Comet")
    assert sorted(offered_spaces(game)) == OCEAN_SPACES
    act(game, "space", "07")
    act(game, "player", 1)
    assert tiles(game)["07"]["tile"] == "ocean"
    assert them(game)["plants"] == 1
    assert parameters(game)["temperature"] == -28
    assert parameters(game)["oceans"] == 1
    assert me(game)["tr"] == 22


def test_mining_expedition_raises_oxygen_gains_steel_and_removes_two_plants() -> None:
    game = new_game()
    set_resources(game, 1, plants=5)
    play(game, "Mining Expedition")
    act(game, "player", 1)
    assert them(game)["plants"] == 3
    assert me(game)["steel"] == 2
    assert parameters(game)["oxygen"] == 1
    assert me(game)["tr"] == 21


# ================================================================ tiles (R-TILE)
def test_domed_crater_places_a_city_and_needs_oxygen_at_most_7_R_CARD_1() -> None:
    game = new_game()
    set_production(game, 0, energy=1)
    set_parameters(game, oxygen=8)
    give_cards(game, 0, ["Domed Crater"])
    set_resources(game, 0, megacredits=24)
    assert not can_play(game, "Domed Crater")
    game = new_game()
    set_production(game, 0, energy=1)
    set_parameters(game, oxygen=7)
    play(game, "Domed Crater")
    act(game, "space", "48")
    assert tiles(game)["48"] == {"tile": "city", "owner": 0}
    assert prod(game)["energy"] == 0
    assert prod(game)["megacredits"] == 3
    assert me(game)["plants"] == 3


def test_noctis_city_goes_on_its_reserved_space_R_TILE_2() -> None:
    game = new_game()
    set_production(game, 0, energy=1)
    play(game, "Noctis City")
    assert tiles(game)["31"] == {"tile": "city", "owner": 0}
    assert me(game)["plants"] == 2  # the space's placement bonus (R-TILE-5)
    assert prod(game)["megacredits"] == 3
    assert prod(game)["energy"] == 0


def test_noctis_city_space_is_closed_to_other_cities_R_TILE_2() -> None:
    game = new_game()
    set_resources(game, 0, megacredits=25)
    act(game, "standard_project", "city")
    spaces = offered_spaces(game)
    assert "31" not in spaces
    assert "30" in spaces


def test_ganymede_colony_goes_off_map_and_scores_per_jovian_tag() -> None:
    game = new_game()
    put_in_play(game, 0, ["Asteroid Mining"])  # 2 VP of its own, one jovian tag
    play(game, "Ganymede Colony")
    board = tiles(game)
    assert board["01"] == {"tile": "city", "owner": 0}
    assert all(sid == "01" for sid in board)
    assert card_vp(game) == 2 + 2
    assert parameters(game)["oxygen"] == 0


def test_phobos_space_haven_goes_off_map_with_titanium_production() -> None:
    game = new_game()
    play(game, "Phobos Space Haven")
    assert tiles(game) == {"02": {"tile": "city", "owner": 0}}
    assert prod(game)["titanium"] == 1
    assert card_vp(game) == 3


def test_capital_scores_one_vp_per_adjacent_ocean() -> None:
    game = new_game()
    for sid in ("34", "43", "44", "63"):
        place(game, sid, "ocean", None)
    set_production(game, 0, energy=2)
    play(game, "Capital")
    act(game, "space", "35")
    assert tiles(game)["35"]["tile"] == "capital"
    assert tiles(game)["35"]["owner"] == 0
    assert me(game)["megacredits"] == 3 * 2  # 2 MC per adjacent ocean (R-TILE-5)
    assert me(game)["plants"] == 2
    assert prod(game)["megacredits"] == 5
    assert prod(game)["energy"] == 0
    assert card_vp(game) == 3


def test_capital_needs_four_oceans_R_CARD_1() -> None:
    game = new_game()
    set_parameters(game, oceans=3)
    set_production(game, 0, energy=2)
    give_cards(game, 0, ["Capital"])
    set_resources(game, 0, megacredits=26)
    assert not can_play(game, "Capital")


def test_capital_counts_as_a_city_for_city_placement_R_TILE_4() -> None:
    game = new_game()
    set_parameters(game, oceans=4)
    set_production(game, 0, energy=2)
    play(game, "Capital")
    act(game, "space", "47")
    set_resources(game, 0, megacredits=25)
    act(game, "standard_project", "city")
    spaces = offered_spaces(game)
    assert not {"39", "40", "46", "48", "53", "54"} & set(spaces)


def test_urbanized_area_goes_between_two_cities_R_TILE_4() -> None:
    game = new_game()
    place(game, "22", "city", 1)
    place(game, "24", "city", 1)
    set_production(game, 0, energy=1)
    play(game, "Urbanized Area")
    assert tiles(game)["23"] == {"tile": "city", "owner": 0}  # the only such space
    assert prod(game)["megacredits"] == 2
    assert prod(game)["energy"] == 0


def test_urbanized_area_needs_a_space_next_to_two_cities() -> None:
    game = new_game()
    place(game, "22", "city", 1)
    place(game, "26", "city", 1)
    set_production(game, 0, energy=1)
    give_cards(game, 0, ["Urbanized Area"])
    set_resources(game, 0, megacredits=10)
    assert not can_play(game, "Urbanized Area")


def test_mangrove_places_a_greenery_on_an_ocean_space_R_TILE_2() -> None:
    game = new_game()
    set_parameters(game, temperature=4)
    play(game, "Mangrove")
    assert sorted(offered_spaces(game)) == OCEAN_SPACES
    act(game, "space", "07")
    assert tiles(game)["07"] == {"tile": "greenery", "owner": 0}
    assert parameters(game)["oxygen"] == 1
    assert parameters(game)["oceans"] == 0
    assert me(game)["tr"] == 21


def test_mangrove_needs_temperature_4_R_CARD_1() -> None:
    game = new_game()
    set_parameters(game, temperature=2)
    give_cards(game, 0, ["Mangrove"])
    set_resources(game, 0, megacredits=12)
    assert not can_play(game, "Mangrove")


def test_plantation_places_a_greenery_and_needs_two_science_tags_R_CARD_5() -> None:
    game = new_game()
    put_in_play(game, 0, ["Artificial Photosynthesis", "Invention Contest"])
    give_cards(game, 0, ["Plantation"])
    set_resources(game, 0, megacredits=15)
    assert not can_play(game, "Plantation")  # the event's science tag does not count (R-CARD-4)
    put_in_play(game, 0, ["Research"])
    act(game, "play_card", "Plantation")
    act(game, "space", "47")
    assert tiles(game)["47"] == {"tile": "greenery", "owner": 0}
    assert parameters(game)["oxygen"] == 1
    assert me(game)["tr"] == 21


def test_natural_preserve_goes_where_no_tile_is_adjacent() -> None:
    game = new_game()
    place(game, "47", "city", 1)
    set_parameters(game, oxygen=4)
    play(game, "Natural Preserve")
    spaces = offered_spaces(game)
    assert not set(THARSIS.spaces["47"].neighbors) & set(spaces)
    assert "47" not in spaces
    assert "50" in spaces
    act(game, "space", "50")
    assert tiles(game)["50"]["tile"] == "natural_preserve"
    assert tiles(game)["50"]["owner"] == 0
    assert prod(game)["megacredits"] == 1
    assert card_vp(game) == 1


def test_natural_preserve_needs_oxygen_at_most_4_R_CARD_1() -> None:
    game = new_game()
    set_parameters(game, oxygen=5)
    give_cards(game, 0, ["Natural Preserve"])
    set_resources(game, 0, megacredits=9)
    assert not can_play(game, "Natural Preserve")


def test_mohole_area_takes_an_ocean_space_without_being_an_ocean() -> None:
    game = new_game()
    play(game, "Mohole Area")
    assert sorted(offered_spaces(game)) == OCEAN_SPACES
    act(game, "space", "07")
    assert tiles(game)["07"]["tile"] == "mohole_area"
    assert tiles(game)["07"]["owner"] == 0
    assert prod(game)["heat"] == 4
    assert parameters(game)["oceans"] == 0
    assert me(game)["tr"] == 20


def test_nuclear_zone_places_its_tile_and_raises_temperature_two_steps() -> None:
    game = new_game()
    play(game, "Nuclear Zone")
    spaces = offered_spaces(game)
    assert not set(OCEAN_SPACES) & set(spaces)
    act(game, "space", "48")
    assert tiles(game)["48"]["tile"] == "nuclear_zone"
    assert parameters(game)["temperature"] == -26
    assert me(game)["tr"] == 22
    assert card_vp(game) == -2


def test_lava_flows_goes_on_a_volcanic_space_and_raises_temperature_two_steps() -> None:
    game = new_game()
    play(game, "Lava Flows")
    assert sorted(offered_spaces(game)) == VOLCANIC_SPACES == ["09", "14", "21", "29"]
    act(game, "space", "21")
    assert tiles(game)["21"]["tile"] == "lava_flows"
    assert me(game)["plants"] == 1
    assert me(game)["titanium"] == 1
    assert parameters(game)["temperature"] == -26
    assert me(game)["tr"] == 22


def test_lava_flows_cannot_be_played_with_every_volcanic_space_taken() -> None:
    game = new_game()
    for sid in VOLCANIC_SPACES:
        place(game, sid, "greenery", 1)
    give_cards(game, 0, ["Lava Flows"])
    set_resources(game, 0, megacredits=18)
    assert not can_play(game, "Lava Flows")


def test_artificial_lake_places_an_ocean_on_land_R_TILE_1() -> None:
    game = new_game()
    set_parameters(game, temperature=-6)
    play(game, "Artificial Lake")
    spaces = offered_spaces(game)
    assert not set(OCEAN_SPACES) & set(spaces)
    assert "48" in spaces
    act(game, "space", "48")
    assert tiles(game)["48"] == {"tile": "ocean", "owner": None}
    assert parameters(game)["oceans"] == 1
    assert me(game)["tr"] == 21
    assert card_vp(game) == 1
    assert prompt(game).kind == "action"  # one ocean only


def test_ice_asteroid_places_only_the_oceans_that_are_left_R_GLOB_5() -> None:
    game = new_game()
    set_parameters(game, oceans=8)
    play(game, "Ice Asteroid")
    act(game, "space", "07")
    assert parameters(game)["oceans"] == 9
    assert me(game)["tr"] == 21
    assert prompt(game).kind == "action"


def test_artificial_lake_is_playable_after_the_ninth_ocean_R_GLOB_5() -> None:
    game = new_game()
    set_parameters(game, temperature=-6, oceans=9)
    play(game, "Artificial Lake")
    assert parameters(game)["oceans"] == 9
    assert me(game)["tr"] == 20
    assert "Artificial Lake" in me(game)["played"]


def test_research_outpost_places_an_isolated_city_and_discounts_every_card() -> None:
    game = new_game()
    place(game, "47", "city", 1)
    play(game, "Research Outpost")
    spaces = offered_spaces(game)
    assert not set(THARSIS.spaces["47"].neighbors) & set(spaces)
    act(game, "space", "50")
    assert tiles(game)["50"] == {"tile": "city", "owner": 0}
    play(game, "Power Plant", mc=10)
    assert me(game)["megacredits"] == 10 - 3
    play(game, "Sponsors", mc=10)
    assert me(game)["megacredits"] == 10 - 5


# ================================================================ events with effects
def test_local_heat_trapping_turns_five_heat_into_four_plants() -> None:
    game = new_game()
    set_resources(game, 0, heat=7)
    play(game, "Local Heat Trapping")
    if game.prompt_for(0) is not None and prompt(game).kind == "option":
        act(game, "option", 0)  # engine offers the animal option even without an animal card
    assert me(game)["heat"] == 2
    assert me(game)["plants"] == 4


def test_local_heat_trapping_can_put_two_animals_on_a_card() -> None:
    game = new_game()
    put_in_play(game, 0, ["Fish"])
    set_resources(game, 0, heat=5)
    play(game, "Local Heat Trapping")
    assert prompt(game).kind == "option"
    act(game, "option", 1)
    assert held(game, "Fish") == 2
    assert me(game)["plants"] == 0
    assert me(game)["heat"] == 0


def test_local_heat_trapping_needs_five_heat() -> None:
    game = new_game()
    set_resources(game, 0, heat=4, megacredits=1)
    give_cards(game, 0, ["Local Heat Trapping"])
    assert not can_play(game, "Local Heat Trapping")


def test_local_heat_trapping_keeps_its_five_heat_out_of_helions_payment_R_PAY_1() -> None:
    game = new_game(corporations=["Helion"])
    set_production(game, 0, heat=0)
    set_resources(game, 0, heat=5, megacredits=0)
    give_cards(game, 0, ["Local Heat Trapping"])
    assert not can_play(game, "Local Heat Trapping")
    set_resources(game, 0, heat=6)
    act(game, "play_card", "Local Heat Trapping")
    assert prompt(game).kind == "pay"
    assert dict(prompt(game).data["use"]) == {"heat": 0}  # the card's own 5 heat held back
    assert {"type": "use", "resource": "heat", "amount": 2} not in choices(game)
    act(game, "pay", megacredits=0, heat=1)
    if game.prompt_for(0) is not None and prompt(game).kind == "option":
        act(game, "option", 0)
    assert me(game)["heat"] == 0
    assert me(game)["plants"] == 4


def test_special_design_relaxes_the_next_cards_global_requirements_R_CARD_1() -> None:
    game = new_game()
    set_parameters(game, temperature=-28)  # Lichen needs -24 °C: two steps short
    give_cards(game, 0, ["Lichen"])
    set_resources(game, 0, megacredits=7)
    assert not can_play(game, "Lichen")
    play(game, "Special Design", mc=4 + 7)
    assert can_play(game, "Lichen")
    act(game, "play_card", "Lichen")
    assert prod(game)["plants"] == 1


def test_special_design_applies_to_the_next_card_only() -> None:
    game = new_game()
    set_parameters(game, temperature=-28)
    play(game, "Special Design")
    play(game, "Power Plant")
    give_cards(game, 0, ["Lichen"])
    set_resources(game, 0, megacredits=7)
    assert not can_play(game, "Lichen")


def test_special_design_allows_a_max_requirement_two_steps_over() -> None:
    game = new_game()
    set_parameters(game, temperature=-14)  # ArchaeBacteria: -18 °C or colder
    play(game, "Special Design")
    give_cards(game, 0, ["ArchaeBacteria"])
    set_resources(game, 0, megacredits=6)
    assert can_play(game, "ArchaeBacteria")
    set_parameters(game, temperature=-12)
    assert not can_play(game, "ArchaeBacteria")


def test_aerobraked_ammonia_asteroid_puts_two_microbes_on_a_chosen_card() -> None:
    game = new_game()
    put_in_play(game, 0, ["Tardigrades", "Ants"])
    play(game, "Aerobraked Ammonia Asteroid")
    assert sorted(c["card"] for c in choices(game)) == ["Ants", "Tardigrades"]
    act(game, "card", "Ants")
    assert held(game, "Ants") == 2
    assert held(game, "Tardigrades") == 0
    assert prod(game)["heat"] == 3
    assert prod(game)["plants"] == 1


def test_aerobraked_ammonia_asteroid_without_a_microbe_card_gives_production_only() -> None:
    game = new_game()
    put_in_play(game, 0, ["Fish"])
    play(game, "Aerobraked Ammonia Asteroid")
    assert me(game)["card_resources"] == {}
    assert prod(game)["heat"] == 3
    assert prod(game)["plants"] == 1


def test_indentured_workers_takes_8_mc_off_the_next_card() -> None:
    game = new_game()
    play(game, "Indentured Workers")
    play(game, "Asteroid Mining", mc=22)
    assert me(game)["megacredits"] == 0
    assert "Asteroid Mining" in me(game)["played"]
    play(game, "Sponsors", mc=6)
    assert me(game)["megacredits"] == 0
    assert card_vp(game) == -1 + 2


def test_indentured_workers_discount_ends_with_the_generation() -> None:
    game = new_game()
    play(game, "Indentured Workers")
    answer(game, "pass", player=0)
    answer(game, "pass", player=1)
    for p in (0, 1):
        answer(game, "cards", [], player=p)  # research: buy nothing
    assert parameters(game)["generation"] == 2
    others_pass(game)
    give_cards(game, 0, ["Sponsors"])
    set_resources(game, 0, megacredits=5)
    assert not can_play(game, "Sponsors")
    set_resources(game, 0, megacredits=6)
    act(game, "play_card", "Sponsors")
    assert me(game)["megacredits"] == 0


def test_business_contacts_keeps_two_of_four_drawn_cards() -> None:
    game = new_game()
    play(game, "Business Contacts")
    drawn = offered(game)
    assert len(drawn) == 4
    assert (prompt(game).min, prompt(game).max) == (2, 2)
    answer(game, "cards", drawn[1:3], player=0)
    assert me(game)["hand"] == drawn[1:3]
    discard = discard_pile(game)
    assert drawn[0] in discard and drawn[3] in discard


def test_invention_contest_keeps_one_of_three_drawn_cards() -> None:
    game = new_game()
    play(game, "Invention Contest")
    drawn = offered(game)
    assert len(drawn) == 3
    assert prompt(game).kind == "card"  # exactly one is kept
    answer(game, "card", drawn[2], player=0)
    assert me(game)["hand"] == [drawn[2]]
    assert set(drawn[:2]) <= set(discard_pile(game))


# ================================================================ blue cards: actions (R-ACT-5)
@pytest.mark.parametrize(("name", "steel"), [("Ironworks", 1), ("Steelworks", 2)])
def test_ironworks_and_steelworks_turn_4_energy_into_steel_and_oxygen(name: str,
                                                                       steel: int) -> None:
    game = new_game()
    play(game, name)
    set_resources(game, 0, energy=3)
    assert not can_use(game, name)
    set_resources(game, 0, energy=9)
    use(game, name)
    assert me(game)["energy"] == 5
    assert me(game)["steel"] == steel
    assert parameters(game)["oxygen"] == 1
    assert me(game)["tr"] == 21
    assert not can_use(game, name)  # once per generation


def test_steelworks_gives_two_steel_per_use() -> None:
    game = new_game()
    put_in_play(game, 0, ["Steelworks"])
    set_resources(game, 0, energy=4)
    use(game, "Steelworks")
    assert (me(game)["steel"], me(game)["energy"]) == (2, 0)


def test_space_mirrors_pays_7_mc_for_one_energy_production() -> None:
    game = new_game()
    play(game, "Space Mirrors")
    set_resources(game, 0, megacredits=6, titanium=5)
    assert not can_use(game, "Space Mirrors")  # titanium cannot pay an action
    set_resources(game, 0, megacredits=9)
    use(game, "Space Mirrors")
    assert prod(game)["energy"] == 1
    assert me(game)["megacredits"] == 2
    assert me(game)["titanium"] == 5


def test_equatorial_magnetizer_trades_energy_production_for_tr() -> None:
    game = new_game()
    play(game, "Equatorial Magnetizer")
    assert not can_use(game, "Equatorial Magnetizer")
    set_production(game, 0, energy=2)
    use(game, "Equatorial Magnetizer")
    assert prod(game)["energy"] == 1
    assert me(game)["tr"] == 21
    assert not can_use(game, "Equatorial Magnetizer")


def test_aquifer_pumping_pays_8_with_steel_for_an_ocean_R_PAY_1() -> None:
    game = new_game()
    play(game, "Aquifer Pumping")
    set_resources(game, 0, megacredits=0, steel=4)
    use(game, "Aquifer Pumping")
    assert prompt(game).kind == "pay"
    act(game, "pay", megacredits=0, steel=4)
    act(game, "space", "07")
    assert me(game)["steel"] == 0
    assert tiles(game)["07"]["tile"] == "ocean"
    assert parameters(game)["oceans"] == 1
    assert me(game)["tr"] == 21
    assert prompt(game).kind == "action"  # one ocean only


def test_aquifer_pumping_mixes_mc_and_steel() -> None:
    game = new_game()
    put_in_play(game, 0, ["Aquifer Pumping"])
    set_resources(game, 0, megacredits=4, steel=2)
    use(game, "Aquifer Pumping")
    act(game, "pay", megacredits=4, steel=2)
    act(game, "space", "07")
    assert (me(game)["megacredits"], me(game)["steel"]) == (0, 0)
    assert parameters(game)["oceans"] == 1


def test_water_import_from_europa_pays_12_with_titanium_and_scores_per_jovian_tag() -> None:
    game = new_game()
    put_in_play(game, 0, ["Asteroid Mining"])
    play(game, "Water Import From Europa")
    set_resources(game, 0, megacredits=0, titanium=4)
    use(game, "Water Import From Europa")
    act(game, "pay", megacredits=0, titanium=4)
    act(game, "space", "07")
    assert me(game)["titanium"] == 0
    assert parameters(game)["oceans"] == 1
    assert me(game)["tr"] == 21
    assert prompt(game).kind == "action"  # one ocean only
    assert card_vp(game) == 2 + 2  # Asteroid Mining's 2, plus 1 per jovian tag


def test_water_import_from_europa_cannot_pay_with_steel_R_PAY_1() -> None:
    game = new_game()
    put_in_play(game, 0, ["Water Import From Europa"])
    set_resources(game, 0, megacredits=4, steel=10)
    assert not can_use(game, "Water Import From Europa")


@pytest.mark.parametrize(("name", "param", "delta"), [
    ("Regolith Eaters", "oxygen", 1), ("GHG Producing Bacteria", "temperature", 2),
])
def test_regolith_eaters_and_ghg_producing_bacteria_add_a_microbe_or_spend_two(
        name: str, param: str, delta: int) -> None:
    game = new_game()
    set_parameters(game, oxygen=4)
    play(game, name)
    use(game, name)  # no microbes yet: only "add one" can run, nothing is asked
    assert held(game, name) == 1
    game = new_game()
    set_parameters(game, oxygen=4)
    put_in_play(game, 0, [name], resources=3)
    before = parameters(game)[param]
    use(game, name)
    assert [c["option"] for c in choices(game)] == [0, 1]
    act(game, "option", 1)
    assert held(game, name) == 1
    assert parameters(game)[param] == before + delta
    assert me(game)["tr"] == 21


def test_regolith_eaters_spends_two_microbes_to_raise_oxygen() -> None:
    game = new_game()
    put_in_play(game, 0, ["Regolith Eaters"], resources=2)
    use(game, "Regolith Eaters")
    act(game, "option", 1)
    assert held(game, "Regolith Eaters") == 0
    assert parameters(game)["oxygen"] == 1
    assert me(game)["tr"] == 21


def test_ghg_producing_bacteria_needs_oxygen_4_R_CARD_1() -> None:
    game = new_game()
    set_parameters(game, oxygen=3)
    give_cards(game, 0, ["GHG Producing Bacteria"])
    set_resources(game, 0, megacredits=8)
    assert not can_play(game, "GHG Producing Bacteria")
    put_in_play(game, 0, ["GHG Producing Bacteria"], resources=2)
    use(game, "GHG Producing Bacteria")
    act(game, "option", 1)
    assert parameters(game)["temperature"] == -28
    assert held(game, "GHG Producing Bacteria") == 0


def test_nitrite_reducing_bacteria_starts_with_three_microbes_and_spends_three_for_tr() -> None:
    game = new_game()
    play(game, "Nitrite Reducing Bacteria")
    assert held(game, "Nitrite Reducing Bacteria") == 3
    use(game, "Nitrite Reducing Bacteria")
    assert prompt(game).kind == "option"
    act(game, "option", 1)
    assert held(game, "Nitrite Reducing Bacteria") == 0
    assert me(game)["tr"] == 21


def test_nitrite_reducing_bacteria_can_add_a_microbe_instead() -> None:
    game = new_game()
    put_in_play(game, 0, ["Nitrite Reducing Bacteria"], resources=3)
    use(game, "Nitrite Reducing Bacteria")
    act(game, "option", 0)
    assert held(game, "Nitrite Reducing Bacteria") == 4
    assert me(game)["tr"] == 20


def test_ants_takes_a_microbe_from_any_card() -> None:
    game = new_game()
    set_parameters(game, oxygen=4)
    put_in_play(game, 1, ["Tardigrades"], resources=2)
    play(game, "Ants")
    use(game, "Ants")
    assert [c["card"] for c in choices(game)] == ["Tardigrades"]
    act(game, "card", "Tardigrades")
    assert held(game, "Tardigrades", p=1) == 1
    assert held(game, "Ants") == 1


def test_ants_needs_a_microbe_somewhere_and_scores_one_vp_per_two() -> None:
    game = new_game()
    put_in_play(game, 0, ["Ants"])
    assert not can_use(game, "Ants")
    game = new_game()
    put_in_play(game, 0, ["Ants"], resources=5)
    assert card_vp(game) == 2


def test_predators_takes_an_animal_but_never_from_pets() -> None:
    game = new_game()
    set_parameters(game, oxygen=11)
    put_in_play(game, 1, ["Pets"], resources=3)
    put_in_play(game, 1, ["Fish"], resources=2)
    play(game, "Predators")
    use(game, "Predators")
    assert [c["card"] for c in choices(game)] == ["Fish"]
    act(game, "card", "Fish")
    assert held(game, "Fish", p=1) == 1
    assert held(game, "Pets", p=1) == 3
    assert held(game, "Predators") == 1
    assert card_vp(game) == 1


def test_predators_has_nothing_to_take_when_only_pets_hold_animals() -> None:
    game = new_game()
    put_in_play(game, 0, ["Predators"])
    put_in_play(game, 1, ["Pets"], resources=4)
    assert not can_use(game, "Predators")


@pytest.mark.parametrize(("name", "param", "value", "cut"), [
    ("Fish", "temperature", 2, 1), ("Birds", "oxygen", 13, 2), ("Small Animals", "oxygen", 6, 1),
])
def test_fish_birds_and_small_animals_cut_plant_production_and_add_animals(
        name: str, param: str, value: int, cut: int) -> None:
    game = new_game()
    set_parameters(game, **{param: value})
    set_production(game, 1, plants=cut + 1)
    play(game, name)
    assert prod(game, 1)["plants"] == 1
    use(game, name)
    assert held(game, name) == 1
    assert not can_use(game, name)


def test_fish_scores_one_vp_per_animal() -> None:
    game = new_game()
    put_in_play(game, 0, ["Fish"], resources=3)
    assert card_vp(game) == 3


def test_birds_needs_oxygen_13_and_two_plant_production_somewhere_R_PROD_3() -> None:
    game = new_game()
    set_parameters(game, oxygen=13)
    set_production(game, 1, plants=1)
    give_cards(game, 0, ["Birds"])
    set_resources(game, 0, megacredits=10)
    assert not can_play(game, "Birds")
    set_production(game, 1, plants=2)
    set_parameters(game, oxygen=12)
    assert not can_play(game, "Birds")
    set_parameters(game, oxygen=13)
    assert can_play(game, "Birds")


def test_small_animals_scores_one_vp_per_two_animals() -> None:
    game = new_game()
    put_in_play(game, 0, ["Small Animals"], resources=5)
    assert card_vp(game) == 2


def test_symbiotic_fungus_adds_a_microbe_to_a_chosen_card() -> None:
    game = new_game()
    set_parameters(game, temperature=-14)
    put_in_play(game, 0, ["Tardigrades", "Decomposers"])
    play(game, "Symbiotic Fungus")
    use(game, "Symbiotic Fungus")
    assert sorted(c["card"] for c in choices(game)) == ["Decomposers", "Tardigrades"]
    assert held(game, "Decomposers") == 1  # the fungus's own microbe tag (Decomposers)
    act(game, "card", "Tardigrades")
    assert held(game, "Tardigrades") == 1
    assert held(game, "Decomposers") == 1


def test_symbiotic_fungus_needs_temperature_minus_14_R_CARD_1() -> None:
    game = new_game()
    set_parameters(game, temperature=-16)
    give_cards(game, 0, ["Symbiotic Fungus"])
    set_resources(game, 0, megacredits=4)
    assert not can_play(game, "Symbiotic Fungus")


def test_tardigrades_adds_a_microbe_and_scores_one_vp_per_four() -> None:
    game = new_game()
    play(game, "Tardigrades")
    use(game, "Tardigrades")
    assert held(game, "Tardigrades") == 1
    assert card_vp(game) == 0
    game = new_game()
    put_in_play(game, 0, ["Tardigrades"], resources=7)
    assert card_vp(game) == 1


def test_inventors_guild_pays_3_to_keep_the_drawn_card() -> None:
    game = new_game()
    play(game, "Inventors' Guild", mc=9 + 5)
    use(game, "Inventors' Guild")
    drawn = offered(game)
    assert len(drawn) == 1
    answer(game, "cards", drawn, player=0)
    others_pass(game)
    assert me(game)["hand"] == drawn
    assert me(game)["megacredits"] == 2


def test_inventors_guild_discards_the_card_when_3_mc_cannot_be_paid() -> None:
    game = new_game()
    put_in_play(game, 0, ["Inventors' Guild"])
    set_resources(game, 0, megacredits=2)
    discard = len(discard_pile(game))
    use(game, "Inventors' Guild")
    assert prompt(game).kind == "action"
    assert me(game)["hand"] == []
    assert me(game)["megacredits"] == 2
    assert len(discard_pile(game)) == discard + 1


def test_inventors_guild_drawn_card_may_be_left() -> None:
    game = new_game()
    put_in_play(game, 0, ["Inventors' Guild"])
    set_resources(game, 0, megacredits=5)
    use(game, "Inventors' Guild")
    drawn = offered(game)
    answer(game, "cards", [], player=0)
    assert me(game)["hand"] == []
    assert me(game)["megacredits"] == 5
    assert drawn[0] in discard_pile(game)


def test_business_network_costs_mc_production_and_sells_a_look_at_the_deck() -> None:
    game = new_game()
    play(game, "Business Network", mc=4 + 3)
    assert prod(game)["megacredits"] == -1
    use(game, "Business Network")
    drawn = offered(game)
    answer(game, "cards", drawn, player=0)
    assert me(game)["hand"] == drawn
    assert me(game)["megacredits"] == 0


def test_business_network_needs_mc_production_above_minus_5_R_PROD_2() -> None:
    game = new_game()
    set_production(game, 0, megacredits=-5)
    give_cards(game, 0, ["Business Network"])
    set_resources(game, 0, megacredits=4)
    assert not can_play(game, "Business Network")


def test_ai_central_draws_two_cards_and_needs_three_science_tags() -> None:
    game = new_game()
    put_in_play(game, 0, ["Artificial Photosynthesis"])
    set_production(game, 0, energy=1)
    give_cards(game, 0, ["AI Central"])
    set_resources(game, 0, megacredits=21)
    assert not can_play(game, "AI Central")
    put_in_play(game, 0, ["Research"])
    act(game, "play_card", "AI Central")
    assert prod(game)["energy"] == 0
    use(game, "AI Central")
    assert len(me(game)["hand"]) == 2


def test_development_center_spends_one_energy_to_draw() -> None:
    game = new_game()
    play(game, "Development Center")
    assert not can_use(game, "Development Center")
    set_resources(game, 0, energy=2)
    use(game, "Development Center")
    assert me(game)["energy"] == 1
    assert len(me(game)["hand"]) == 1


def test_power_infrastructure_turns_energy_into_mc() -> None:
    game = new_game()
    play(game, "Power Infrastructure")
    assert not can_use(game, "Power Infrastructure")
    set_resources(game, 0, energy=3)
    use(game, "Power Infrastructure")
    assert [c["amount"] for c in choices(game)] == [1, 2, 3]
    act(game, "amount", 2)
    assert me(game)["energy"] == 1
    assert me(game)["megacredits"] == 2


# ================================================================ blue cards: ongoing effects
def test_adaptation_technology_relaxes_global_requirements_by_two_steps() -> None:
    game = new_game()
    play(game, "Adaptation Technology")
    set_parameters(game, temperature=-28, oxygen=2)
    for name in ("Lichen", "Ants"):  # -24 °C; oxygen 4 %
        give_cards(game, 0, [name])
    set_resources(game, 0, megacredits=30)
    assert can_play(game, "Lichen")
    assert can_play(game, "Ants")
    set_parameters(game, oxygen=1)
    assert not can_play(game, "Ants")  # three steps short
    act(game, "play_card", "Lichen")
    give_cards(game, 0, ["Heather"])  # -14 °C: still out of reach at -28
    assert not can_play(game, "Heather")
    assert card_vp(game) == 1


def test_adaptation_technology_also_stretches_max_requirements() -> None:
    game = new_game()
    put_in_play(game, 0, ["Adaptation Technology"])
    set_parameters(game, oceans=5)  # Dust Seals: 3 oceans or fewer
    give_cards(game, 0, ["Dust Seals"])
    set_resources(game, 0, megacredits=2)
    assert can_play(game, "Dust Seals")
    set_parameters(game, oceans=6)
    assert not can_play(game, "Dust Seals")


def test_shuttles_makes_space_cards_2_mc_cheaper() -> None:
    game = new_game()
    set_parameters(game, oxygen=5)
    set_production(game, 0, energy=1)
    play(game, "Shuttles")
    assert prod(game)["energy"] == 0
    assert prod(game)["megacredits"] == 2
    play(game, "Asteroid Mining", mc=28)
    assert me(game)["megacredits"] == 0
    play(game, "Mine", mc=4)  # no space tag: full price
    assert me(game)["megacredits"] == 0
    assert card_vp(game) == 1 + 2


def test_shuttles_needs_oxygen_5_R_CARD_1() -> None:
    game = new_game()
    set_parameters(game, oxygen=4)
    set_production(game, 0, energy=1)
    give_cards(game, 0, ["Shuttles"])
    set_resources(game, 0, megacredits=10)
    assert not can_play(game, "Shuttles")


def test_earth_office_makes_earth_cards_3_mc_cheaper() -> None:
    game = new_game()
    play(game, "Earth Office")
    assert me(game)["megacredits"] == 0  # its own earth tag does not discount itself
    play(game, "Sponsors", mc=3)
    assert me(game)["megacredits"] == 0
    assert prod(game)["megacredits"] == 2
    play(game, "Bribed Committee", mc=4)  # an earth event: also cheaper (R-CARD-4)
    assert me(game)["megacredits"] == 0


def test_advanced_alloys_makes_steel_worth_3_and_titanium_worth_4_R_PAY_1() -> None:
    game = new_game()
    play(game, "Advanced Alloys")
    give_cards(game, 0, ["Geothermal Power"])
    set_resources(game, 0, megacredits=0, steel=4)
    act(game, "play_card", "Geothermal Power")  # 4 steel x 3 = 12 for an 11 MC card
    act(game, "pay", megacredits=0, steel=4)
    assert me(game)["steel"] == 0
    assert prod(game)["energy"] == 2
    give_cards(game, 0, ["Solar Wind Power"])
    set_resources(game, 0, megacredits=0, titanium=3)
    act(game, "play_card", "Solar Wind Power")  # 3 titanium x 4 = 12 for 11 MC
    act(game, "pay", megacredits=0, titanium=3)
    assert me(game)["titanium"] == 2  # 3 paid, 2 gained by the card
    assert prod(game)["energy"] == 3


def test_advanced_alloys_absent_steel_is_worth_2() -> None:
    game = new_game()
    give_cards(game, 0, ["Geothermal Power"])
    set_resources(game, 0, megacredits=0, steel=4)
    assert not can_play(game, "Geothermal Power")


def test_media_group_gives_3_mc_per_own_event() -> None:
    game = new_game()
    play(game, "Media Group")
    play(game, "Release of Inert Gases")
    assert me(game)["megacredits"] == 3
    play(game, "Mine")
    assert me(game)["megacredits"] == 0


def test_decomposers_adds_a_microbe_per_plant_animal_or_microbe_tag_including_its_own() -> None:
    game = new_game()
    set_parameters(game, oxygen=3)
    play(game, "Decomposers")
    assert held(game, "Decomposers") == 1
    put_in_play(game, 0, ["Adapted Lichen", "Fish", "Tardigrades"])
    play(game, "Advanced Ecosystems")  # plant, microbe, animal
    assert held(game, "Decomposers") == 4
    play(game, "Power Plant")
    assert held(game, "Decomposers") == 4


def test_decomposers_ignores_other_players_cards_and_scores_per_three() -> None:
    game = new_game()
    put_in_play(game, 0, ["Decomposers"], resources=5)
    play(game, "Mine")
    answer(game, "end_turn", player=0)
    give_cards(game, 1, ["Adapted Lichen"])
    set_resources(game, 1, megacredits=9)
    answer(game, "play_card", "Adapted Lichen", player=1)
    assert player_state(game, 1)["production"]["plants"] == 1
    assert held(game, "Decomposers") == 5
    assert card_vp(game) == 1


def test_optimal_aerobraking_pays_out_for_own_space_events_only() -> None:
    game = new_game()
    play(game, "Optimal Aerobraking")
    play(game, "Asteroid")  # a space event; nobody has plants to lose
    assert (me(game)["megacredits"], me(game)["heat"]) == (3, 3)
    set_resources(game, 0, titanium=0)
    play(game, "Asteroid Mining")  # space, but not an event
    assert (me(game)["megacredits"], me(game)["heat"]) == (0, 3)
    play(game, "Release of Inert Gases")  # an event without a space tag
    assert (me(game)["megacredits"], me(game)["heat"]) == (0, 3)


def test_optimal_aerobraking_ignores_other_players_space_events() -> None:
    game = new_game()
    play(game, "Optimal Aerobraking", hold=True)
    answer(game, "end_turn", player=0)
    give_cards(game, 1, ["Ice Asteroid"])
    set_resources(game, 1, megacredits=23)
    answer(game, "play_card", "Ice Asteroid", player=1)
    answer(game, "space", "07", player=1)
    answer(game, "space", "06", player=1)
    assert parameters(game)["oceans"] == 2
    assert (me(game)["megacredits"], me(game)["heat"]) == (0, 0)


def test_arctic_algae_gives_2_plants_whenever_anyone_places_an_ocean() -> None:
    game = new_game()
    set_parameters(game, temperature=-12)
    play(game, "Arctic Algae")
    assert me(game)["plants"] == 1
    play(game, "Subterranean Reservoir", hold=True)
    answer(game, "space", "07", player=0)
    assert me(game)["plants"] == 3
    # player 0 has taken two actions: player 1's turn
    set_resources(game, 1, megacredits=18)
    answer(game, "standard_project", "aquifer", player=1)
    answer(game, "space", "06", player=1)
    assert me(game)["plants"] == 5
    assert them(game)["plants"] == 0


def test_arctic_algae_needs_temperature_at_most_minus_12_R_CARD_1() -> None:
    game = new_game()
    set_parameters(game, temperature=-10)
    give_cards(game, 0, ["Arctic Algae"])
    set_resources(game, 0, megacredits=12)
    assert not can_play(game, "Arctic Algae")


def test_rover_construction_gives_2_mc_whenever_anyone_places_a_city() -> None:
    game = new_game()
    play(game, "Rover Construction")
    answer(game, "end_turn", player=0)
    set_resources(game, 1, megacredits=25)
    answer(game, "standard_project", "city", player=1)
    answer(game, "space", "47", player=1)
    assert me(game)["megacredits"] == 2
    assert card_vp(game) == 1


def test_pets_gains_an_animal_per_city_anyone_places() -> None:
    game = new_game()
    play(game, "Pets")
    assert held(game, "Pets") == 1
    set_resources(game, 0, megacredits=25)
    answer(game, "standard_project", "city", player=0)
    answer(game, "space", "47", player=0)
    assert held(game, "Pets") == 2
    set_resources(game, 1, megacredits=25)
    answer(game, "standard_project", "city", player=1)
    answer(game, "space", "50", player=1)
    assert held(game, "Pets") == 3
    assert card_vp(game) == 1


def test_pets_animals_cannot_be_taken_by_their_owners_predators_either() -> None:
    game = new_game()
    put_in_play(game, 0, ["Pets"], resources=2)
    put_in_play(game, 0, ["Predators"])
    assert not can_use(game, "Predators")


def test_immigrant_city_gains_mc_production_per_city_including_its_own() -> None:
    game = new_game()
    set_production(game, 0, energy=1)
    play(game, "Immigrant City")
    answer(game, "space", "47", player=0)
    answer(game, "end_turn", player=0)
    assert tiles(game)["47"] == {"tile": "city", "owner": 0}
    assert prod(game)["megacredits"] == -2 + 1
    assert prod(game)["energy"] == 0
    set_resources(game, 1, megacredits=25)
    answer(game, "standard_project", "city", player=1)
    answer(game, "space", "50", player=1)
    assert prod(game)["megacredits"] == 0


def test_immigrant_city_cannot_take_mc_production_below_minus_5_R_PROD_2() -> None:
    game = new_game()
    set_production(game, 0, energy=1, megacredits=-5)
    give_cards(game, 0, ["Immigrant City"])
    set_resources(game, 0, megacredits=13)
    assert not can_play(game, "Immigrant City")


def test_herbivores_gains_an_animal_per_own_greenery() -> None:
    game = new_game()
    set_parameters(game, oxygen=8)
    set_production(game, 1, plants=1)
    play(game, "Herbivores")
    assert prod(game, 1)["plants"] == 0
    assert held(game, "Herbivores") == 1
    set_resources(game, 0, plants=8)
    answer(game, "convert_plants", player=0)
    answer(game, "space", "47", player=0)
    assert tiles(game)["47"] == {"tile": "greenery", "owner": 0}
    assert held(game, "Herbivores") == 2
    set_resources(game, 1, plants=8)
    answer(game, "convert_plants", player=1)
    answer(game, "space", "50", player=1)
    assert held(game, "Herbivores") == 2
    assert card_vp(game) == 1


def test_toll_station_counts_only_other_players_space_tags() -> None:
    game = new_game()
    put_in_play(game, 0, ["Asteroid Mining"])
    put_in_play(game, 1, ["Solar Wind Power", "Water Import From Europa"])
    put_in_play(game, 1, ["Asteroid"])  # an event: its space tag no longer counts
    play(game, "Toll Station")
    assert prod(game)["megacredits"] == 2


def test_cartel_counts_earth_tags_including_its_own() -> None:
    game = new_game()
    put_in_play(game, 0, ["Sponsors"])
    put_in_play(game, 1, ["Acquired Company"])
    play(game, "Cartel")
    assert prod(game)["megacredits"] == 2
