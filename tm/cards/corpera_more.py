"""More Corporate Era project cards, in our notation (see tm.cards.dsl).

The cards needing code name functions of :mod:`tm.cards.custom_corpera`, which is
imported here so they are registered whenever these cards are loaded.
"""
from __future__ import annotations

import tm.cards.custom_corpera  # noqa: F401  (registers this module's custom steps)
from tm.cards.dsl import (
    Card,
    Step,
    add_res,
    choose,
    city,
    custom,
    discount,
    draw,
    gain,
    max_,
    min_,
    on_card,
    on_project,
    pay,
    per_adjacent,
    per_event,
    per_resource,
    per_tag,
    prod,
    prod_req,
    reduce_prod,
    remove_any,
    spend,
    spend_here,
    static,
    tags_req,
    tile,
    tiles_req,
    tr,
)


def _card(kind: str, number: str, name: str, cost: int, tags: tuple[str, ...] = (),
          **kw: object) -> Card:
    return Card(name=name, number=number, set="corpera", type=kind, cost=cost, tags=tags,
                **kw)  # type: ignore[arg-type]


def _a(number: str, name: str, cost: int, tags: tuple[str, ...] = (), **kw: object) -> Card:
    return _card("automated", number, name, cost, tags, **kw)


def _b(number: str, name: str, cost: int, tags: tuple[str, ...] = (), **kw: object) -> Card:
    return _card("active", number, name, cost, tags, **kw)


def _e(number: str, name: str, cost: int, tags: tuple[str, ...] = (), **kw: object) -> Card:
    return _card("event", number, name, cost, tags, **kw)


TEMP, O2 = "temperature", "oxygen"
PLANT_LIFE = ("plant", "microbe", "animal")


def _rob(fn: str, resource: str, count: int) -> list[Step]:
    return [custom(fn, res=resource, count=count)]


CARDS: list[Card] = [
    # ------------------------------------------------------------ production
    _a("065", "Building Industries", 6, ("building",), play=(prod(energy=-1, steel=2),)),
    _a("082", "Callisto Penal Mines", 24, ("jovian", "space"), vp=2,
       play=(prod(megacredits=3),)),
    _a("180", "Fuel Factory", 6, ("building",),
       play=(prod(energy=-1, megacredits=1, titanium=1),)),
    _a("091", "Gene Repair", 12, ("science",), requires=(tags_req("science", 3),), vp=2,
       play=(prod(megacredits=2),)),
    _a("092", "Io Mining Industries", 41, ("jovian", "space"), vp=per_tag("jovian"),
       play=(prod(titanium=2, megacredits=2),)),
    _a("046", "Lightning Harvest", 8, ("power",), requires=(tags_req("science", 3),), vp=1,
       play=(prod(energy=1, megacredits=1),)),
    _a("207", "Medical Lab", 13, ("science", "building"), vp=1,
       play=(prod(megacredits=per_tag("building", div=2)),)),
    _a("051", "Miranda Resort", 12, ("jovian", "space"), vp=1,
       play=(prod(megacredits=per_tag("earth")),)),
    _a("186", "Rad-Suits", 6, (), requires=(tiles_req("city", 2, scope="all"),), vp=1,
       play=(prod(megacredits=1),)),
    _a("175", "Satellites", 10, ("space",), play=(prod(megacredits=per_tag("space")),)),
    _a("098", "Tropical Resort", 13, ("building",), vp=2, play=(prod(megacredits=3, heat=-2),)),
    _a("057", "Vesta Shipyard", 15, ("jovian", "space"), vp=1, play=(prod(titanium=1),)),
    _a("084", "Trans-Neptune Probe", 6, ("science", "space"), vp=1),
    _a("196", "Lagrange Observatory", 9, ("science", "space"), vp=1, play=(draw(1),)),
    _a("107", "Media Archives", 8, ("earth",), play=(gain(megacredits=per_event("all")),)),
    _a("197", "Terraforming Ganymede", 33, ("jovian", "space"), vp=2,
       play=(tr(per_tag("jovian")),)),
    _e("062", "Mineral Deposit", 5, play=(gain(steel=5),)),
    _e("204", "Technology Demonstration", 5, ("science", "space"), play=(draw(2),)),
    _e("027", "Interstellar Colony Ship", 24, ("earth", "space"),
       requires=(tags_req("science", 5),), vp=4),
    # ------------------------------------------------------------ red borders (R-PROD-3)
    _a("002", "Asteroid Mining Consortium", 13, ("jovian",), vp=1,
       requires=(prod_req("titanium", 1),), play=(reduce_prod("titanium", 1, steal=True),)),
    _a("061", "Great Escarpment Consortium", 6, (), requires=(prod_req("steel", 1),),
       play=(reduce_prod("steel", 1, steal=True),)),
    _a("160", "Power Supply Consortium", 5, ("power",), requires=(tags_req("power", 2),),
       play=(reduce_prod("energy", 1, steal=True),)),
    _e("121", "Sabotage", 1, play=(choose(_rob("opponent_loses_up_to", "titanium", 3),
                                          _rob("opponent_loses_up_to", "steel", 4),
                                          _rob("opponent_loses_up_to", "megacredits", 7)),)),
    _e("124", "Hired Raiders", 1,
       play=(choose(_rob("steal_up_to_from_opponent", "steel", 2),
                    _rob("steal_up_to_from_opponent", "megacredits", 3)),)),
    _e("050", "Virus", 1, ("microbe",),
       play=(choose([custom("remove_animals_from_any_card", count=2)],
                    [remove_any("plants", 5)]),)),
    # ------------------------------------------------------------ tiles and code
    _a("182", "Corporate Stronghold", 11, ("city", "building"), vp=-2,
       play=(prod(energy=-1, megacredits=3), city())),
    _a("085", "Commercial District", 16, ("building",), vp=per_adjacent("city"),
       play=(prod(energy=-1, megacredits=4), tile("commercial_district", on="land"))),
    _a("064", "Mining Area", 4, ("building",),
       play=(tile("mining_area", on="metal_near_own"),
             custom("prod_of_the_metal_under_the_tile"))),
    _a("086", "Robotic Workforce", 9, ("science",),
       play=(custom("copy_a_building_production_box"),)),
    _e("066", "Land Claim", 1, play=(custom("claim_a_land_space"),)),
    _e("149", "CEO's Favorite Project", 1,
       play=(custom("add_to_a_card_holding_resources", count=1),)),
    # ------------------------------------------------------------ active: actions
    _b("154", "Caretaker Contract", 3, requires=(min_(TEMP, 0),),
       action=(spend(heat=8), tr(1))),
    _b("069", "Electro Catapult", 17, ("building",), requires=(max_(O2, 8),), vp=1,
       play=(prod(energy=-1),),
       action=(choose([spend(plants=1), gain(megacredits=7)],
                      [spend(steel=1), gain(megacredits=7)]),)),
    _b("013", "Space Elevator", 27, ("space", "building"), vp=2, play=(prod(titanium=1),),
       action=(spend(steel=1), gain(megacredits=5))),
    _b("123", "Industrial Center", 4, ("building",),
       play=(tile("industrial_center", on="adjacent_city"),),
       action=(pay(7), prod(steel=1))),
    _b("199", "Restricted Area", 11, ("science",),
       play=(tile("restricted_area", on="land"),), action=(pay(2), draw(1))),
    _b("095", "Physics Complex", 12, ("science", "building"), resource="science",
       vp=per_resource(mult=2), action=(spend(energy=6), add_res(1))),
    _b("028", "Security Fleet", 12, ("space",), resource="fighter", vp=per_resource(),
       action=(spend(titanium=1), add_res(1))),
    # ------------------------------------------------------------ active: effects
    _b("150", "Anti-Gravity Technology", 14, ("science",), requires=(tags_req("science", 7),),
       vp=3, effects=(discount(2),)),
    _b("070", "Earth Catapult", 23, ("earth",), vp=2, effects=(discount(2),)),
    _b("094", "Mass Converter", 8, ("science", "power"), requires=(tags_req("science", 5),),
       play=(prod(energy=6),), effects=(discount(2, tag="space", per="card"),)),
    _b("079", "Quantum Extractor", 13, ("science", "power"), requires=(tags_req("science", 4),),
       play=(prod(energy=4),), effects=(discount(2, tag="space"),)),
    _b("025", "Space Station", 10, ("space",), vp=1, effects=(discount(2, tag="space"),)),
    _b("156", "Standard Technology", 6, ("science",),
       effects=(on_project([gain(megacredits=3)], exclude=("sell_patents",)),)),
    _b("173", "Protected Habitats", 5, effects=(static("protect_opponents"),)),
    _b("073", "Mars University", 8, ("science", "building"), vp=1,
       effects=(on_card([custom("may_discard_a_card_to_draw_one")], tags=("science",),
                        each_tag=True),)),
    _b("185", "Olympus Conference", 10, ("science", "earth", "building"), resource="science",
       vp=1, effects=(on_card([choose([add_res(1)], [spend_here(1), draw(1)])],
                              tags=("science",), each_tag=True),)),
    _b("074", "Viral Enhancers", 9, ("science", "microbe"),
       effects=(on_card([custom("plant_or_resource_on_the_played_card")], tags=PLANT_LIFE,
                        each_tag=True),)),
]
