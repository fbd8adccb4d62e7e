"""More base game project cards, in our notation (see tm.cards.dsl).

The cards needing code name functions of :mod:`tm.cards.custom_base`, which is
imported here so they are registered whenever these cards are loaded.
"""
from __future__ import annotations

import tm.cards.custom_base  # noqa: F401  (registers this module's custom steps)
from tm.cards.dsl import (
    Card,
    add_res,
    choose,
    city,
    custom,
    draw,
    gain,
    greenery,
    if_held,
    max_,
    min_,
    ocean,
    on_card,
    pay,
    per_city,
    per_resource,
    prod,
    raise_,
    remove_any,
    spend,
    tags_req,
    tile,
    tiles_req,
    tr,
)


def _card(kind: str, number: str, name: str, cost: int, tags: tuple[str, ...] = (),
          **kw: object) -> Card:
    return Card(name=name, number=number, set="base", type=kind, cost=cost, tags=tags,
                **kw)  # type: ignore[arg-type]


def _a(number: str, name: str, cost: int, tags: tuple[str, ...] = (), **kw: object) -> Card:
    return _card("automated", number, name, cost, tags, **kw)


def _b(number: str, name: str, cost: int, tags: tuple[str, ...] = (), **kw: object) -> Card:
    return _card("active", number, name, cost, tags, **kw)


def _e(number: str, name: str, cost: int, tags: tuple[str, ...] = (), **kw: object) -> Card:
    return _card("event", number, name, cost, tags, **kw)


TEMP, O2, OCEANS = "temperature", "oxygen", "oceans"

CARDS: list[Card] = [
    # ------------------------------------------------------------ plants
    _a("047", "Algae", 10, ("plant",), requires=(min_(OCEANS, 5),),
       play=(prod(plants=2), gain(plants=1))),
    _a("093", "Bushes", 10, ("plant",), requires=(min_(TEMP, -10),),
       play=(prod(plants=2), gain(plants=2))),
    _a("155", "Designed Microorganisms", 16, ("science", "microbe"), requires=(max_(TEMP, -14),),
       play=(prod(plants=2),)),
    _a("118", "Farming", 16, ("plant",), requires=(min_(TEMP, 4),), vp=2,
       play=(prod(megacredits=2, plants=2), gain(plants=2))),
    _a("055", "Kelp Farming", 17, ("plant",), requires=(min_(OCEANS, 6),), vp=1,
       play=(prod(megacredits=2, plants=3), gain(plants=2))),
    _a("176", "Noctis Farming", 10, ("plant", "building"), requires=(min_(TEMP, -20),), vp=1,
       play=(prod(megacredits=1), gain(plants=2))),
    _a("169", "Tundra Farming", 16, ("plant",), requires=(min_(TEMP, -6),), vp=2,
       play=(prod(plants=1, megacredits=2), gain(plants=1))),
    _a("018", "Methane From Titan", 28, ("jovian", "space"), requires=(min_(O2, 2),), vp=2,
       play=(prod(heat=2, plants=2),)),
    _a("179", "Soil Factory", 9, ("building",), vp=1, play=(prod(energy=-1, plants=1),)),
    _a("122", "Moss", 4, ("plant",), requires=(min_(OCEANS, 3),),
       play=(spend(plants=1), prod(plants=1))),
    _a("026", "Eos Chasma National Park", 16, ("plant", "building"), requires=(min_(TEMP, -12),),
       vp=1, play=(add_res(1, to="any", rtype="animal"), gain(plants=3), prod(megacredits=2))),
    # ------------------------------------------------------------ energy and heat
    _a("058", "Beam From A Thorium Asteroid", 32, ("jovian", "space", "power"),
       requires=(tags_req("jovian", 1),), vp=1, play=(prod(heat=3, energy=3),)),
    _a("100", "Fueled Generators", 1, ("power", "building"),
       play=(prod(energy=1, megacredits=-1),)),
    _a("126", "GHG Factories", 11, ("building",), play=(prod(energy=-1, heat=4),)),
    _a("083", "Giant Space Mirror", 17, ("power", "space"), play=(prod(energy=3),)),
    _a("136", "Great Dam", 12, ("power", "building"), requires=(min_(OCEANS, 4),), vp=1,
       play=(prod(energy=2),)),
    _a("158", "Industrial Microbes", 12, ("microbe", "building"),
       play=(prod(energy=1, steel=1),)),
    _a("030", "Lunar Beam", 13, ("earth", "power"),
       play=(prod(megacredits=-2, heat=2, energy=2),)),
    _a("165", "Magnetic Field Generators", 20, ("building",),
       play=(prod(energy=-4, plants=2), tr(3))),
    _a("164", "Micro-Mills", 3, (), play=(prod(heat=1),)),
    _a("089", "Peroxide Power", 7, ("power", "building"),
       play=(prod(energy=2, megacredits=-1),)),
    _a("203", "Soletta", 35, ("space",), play=(prod(heat=7),)),
    _a("139", "Wave Power", 8, ("power",), requires=(min_(OCEANS, 3),), vp=1,
       play=(prod(energy=1),)),
    _a("168", "Windmills", 6, ("power", "building"), requires=(min_(O2, 7),), vp=1,
       play=(prod(energy=1),)),
    # ------------------------------------------------------------ points and MC
    _a("114", "Breathing Filters", 11, ("science",), requires=(min_(O2, 7),), vp=2),
    _a("001", "Colonizer Training Camp", 8, ("jovian", "building"), requires=(max_(O2, 5),), vp=2),
    _a("198", "Immigration Shuttles", 31, ("earth", "space"), vp=per_city("anywhere", div=3),
       play=(prod(megacredits=5),)),
    # ------------------------------------------------------------ tiles
    _a("022", "Black Polar Dust", 15, (), play=(prod(megacredits=-2, heat=3), ocean())),
    _a("053", "Lake Marineris", 18, (), requires=(min_(TEMP, 0),), vp=2, play=(ocean(2),)),
    _a("029", "Cupola City", 16, ("city", "building"), requires=(max_(O2, 9),),
       play=(prod(energy=-1, megacredits=3), city())),
    _a("108", "Open City", 23, ("city", "building"), requires=(min_(O2, 12),), vp=1,
       play=(prod(energy=-1, megacredits=4), gain(plants=2), city())),
    _a("032", "Underground City", 18, ("city", "building"),
       play=(prod(energy=-2, steel=2), city())),
    _a("174", "Protected Valley", 23, ("plant", "building"),
       play=(prod(megacredits=2), greenery(on="ocean"))),
    _a("067", "Mining Rights", 9, ("building",),
       play=(tile("mining_rights", on="metal"), custom("prod_of_the_metal_under_the_tile"))),
    # ------------------------------------------------------------ events
    _e("039", "Deimos Down", 31, ("space",),
       play=(raise_(TEMP, 3), gain(steel=4), remove_any("plants", 8))),
    _e("080", "Giant Ice Asteroid", 36, ("space",),
       play=(raise_(TEMP, 2), ocean(2), remove_any("plants", 6))),
    _e("181", "Ice Cap Melting", 5, (), requires=(min_(TEMP, 2),), play=(ocean(),)),
    _e("191", "Permafrost Extraction", 8, (), requires=(min_(TEMP, -8),), play=(ocean(),)),
    _e("167", "Import of Advanced GHG", 9, ("earth", "space"), play=(prod(heat=2),)),
    _e("163", "Imported Nitrogen", 23, ("earth", "space"),
       play=(tr(1), gain(plants=4), add_res(3, to="any", rtype="microbe"),
             add_res(2, to="any", rtype="animal"))),
    _e("019", "Imported Hydrogen", 16, ("earth", "space"),
       play=(ocean(), choose([gain(plants=3)], [add_res(3, to="any", rtype="microbe")],
                             [add_res(2, to="any", rtype="animal")]))),
    _e("143", "Large Convoy", 36, ("earth", "space"), vp=2,
       play=(ocean(), draw(2),
             choose([gain(plants=5)], [add_res(4, to="any", rtype="animal")]))),
    _e("188", "Flooding", 7, (), vp=-1, play=(custom("ocean_then_remove_4_mc_next_to_it"),)),
    # ------------------------------------------------------------ active: actions
    _b("104", "Ore Processor", 13, ("building",),
       action=(spend(energy=4), gain(titanium=1), raise_(O2))),
    _b("177", "Water Splitting Plant", 12, ("building",), requires=(min_(OCEANS, 2),),
       action=(spend(energy=3), raise_(O2))),
    _b("007", "Martian Rails", 13, ("building",),
       action=(spend(energy=1), gain(megacredits=per_city("mars")))),
    _b("202", "Underground Detonations", 6, ("building",), action=(pay(10), prod(heat=2))),
    _b("184", "Livestock", 13, ("animal",), requires=(min_(O2, 9),), resource="animal",
       vp=per_resource(), play=(prod(plants=-1, megacredits=2),), action=(add_res(1),)),
    _b("134", "Extreme-Cold Fungus", 13, ("microbe",), requires=(max_(TEMP, -10),),
       action=(choose([gain(plants=1)], [add_res(2, to="any", rtype="microbe")]),)),
    _b("005", "Search For Life", 3, ("science",), requires=(max_(O2, 6),), resource="science",
       vp=if_held(3), action=(pay(1), custom("reveal_top_card_microbe_adds_here"))),
    # ------------------------------------------------------------ active: effects
    _b("128", "Ecological Zone", 12, ("animal", "plant"), requires=(tiles_req("greenery", 1),),
       resource="animal", vp=per_resource(div=2),
       play=(tile("ecological_zone", on="adjacent_greenery"),),
       effects=(on_card([add_res(1)], tags=("animal", "plant"), each_tag=True),)),
]
