"""Prelude cards in our notation (see tm.cards.dsl): 35 preludes, the expansion's project
cards and its corporations.

Two cards need code, in :mod:`tm.expansions.prelude.custom`: Robinson Industries (one of the
lowest productions up) and Valley Trust (three preludes to play one of).
"""
from __future__ import annotations

from tm.cards.dsl import (
    O2,
    TEMP,
    Card,
    CardSet,
    add_res,
    city,
    custom,
    discount,
    draw,
    fund_award,
    gain,
    greenery,
    max_,
    ocean,
    on_card,
    play_from_hand,
    prod,
    raise_,
    resources_pay,
    spend,
    tags_req,
    tr,
    waive_global_requirements,
)

PRELUDE = CardSet("prelude")
_p, _a, _b, _e, _corp = (PRELUDE.prelude, PRELUDE.automated, PRELUDE.active, PRELUDE.event,
                         PRELUDE.corporation)

PRELUDES: list[Card] = [
    _p("P01", "Allied Bank", ("earth",), play=(prod(megacredits=4), gain(megacredits=3))),
    _p("P02", "Aquifer Turbines", ("power",),
       play=(spend(megacredits=3), ocean(), prod(energy=2))),
    _p("P03", "Biofuels", ("microbe",), play=(prod(energy=1, plants=1), gain(plants=2))),
    _p("P04", "Biolab", ("science",), play=(prod(plants=1), draw(3))),
    _p("P05", "Biosphere Support", ("plant",), play=(prod(plants=2, megacredits=-1),)),
    _p("P06", "Business Empire", ("earth",), play=(spend(megacredits=6), prod(megacredits=6))),
    _p("P07", "Dome Farming", ("plant", "building"), play=(prod(megacredits=2, plants=1),)),
    _p("P08", "Donation", (), play=(gain(megacredits=21),)),
    _p("P09", "Early Settlement", ("building", "city"), play=(prod(plants=1), city())),
    _p("P10", "Ecology Experts", ("plant", "microbe"),
       play=(prod(plants=1), play_from_hand()), effects=(waive_global_requirements(),)),
    _p("P11", "Eccentric Sponsor", (), play=(play_from_hand(),),
       effects=(discount(25, next_card=True),)),
    _p("P12", "Experimental Forest", ("plant",), play=(greenery(), draw(2, tag="plant"))),
    _p("P13", "Galilean Mining", ("jovian",), play=(spend(megacredits=5), prod(titanium=2))),
    _p("P14", "Great Aquifer", (), play=(ocean(2),)),
    _p("P15", "Huge Asteroid", (), play=(spend(megacredits=5), raise_(TEMP, 3))),
    _p("P16", "Io Research Outpost", ("jovian", "science"), play=(prod(titanium=1), draw(1))),
    _p("P17", "Loan", (), play=(prod(megacredits=-2), gain(megacredits=30))),
    _p("P18", "Martian Industries", ("building",),
       play=(prod(energy=1, steel=1), gain(megacredits=6))),
    _p("P19", "Metal-Rich Asteroid", (), play=(raise_(TEMP, 1), gain(titanium=4, steel=4))),
    _p("P20", "Metals Company", (), play=(prod(megacredits=1, steel=1, titanium=1),)),
    _p("P21", "Mining Operations", ("building",), play=(prod(steel=2), gain(steel=4))),
    _p("P22", "Mohole", ("building",), play=(prod(heat=3), gain(heat=3))),
    _p("P23", "Mohole Excavation", ("building",), play=(prod(steel=1, heat=2), gain(heat=2))),
    _p("P24", "Nitrogen Shipment", (), play=(prod(plants=1), tr(1), gain(megacredits=5))),
    _p("P25", "Orbital Construction Yard", ("space",), play=(prod(titanium=1), gain(titanium=4))),
    _p("P26", "Polar Industries", ("building",), play=(prod(heat=2), ocean())),
    _p("P27", "Power Generation", ("power",), play=(prod(energy=3),)),
    _p("P28", "Research Network", ("wild",), play=(prod(megacredits=1), draw(3))),
    _p("P29", "Self-Sufficient Settlement", ("building", "city"),
       play=(prod(megacredits=2), city())),
    _p("P30", "Smelting Plant", ("building",), play=(raise_(O2, 2), gain(steel=5))),
    _p("P31", "Society Support", (),
       play=(prod(plants=1, energy=1, heat=1, megacredits=-1),)),
    _p("P32", "Supplier", ("power",), play=(prod(energy=2), gain(steel=4))),
    _p("P33", "Supply Drop", (), play=(gain(titanium=3, steel=8, plants=3),)),
    _p("P34", "UNMI Contractor", ("earth",), play=(tr(3), draw(1))),
    _p("P35", "Acquired Space Agency", (), play=(gain(titanium=6), draw(2, tag="space"))),
]

CORPORATIONS: list[Card] = [
    _corp("R10", "Point Luna", 38, ("space", "earth"), play=(prod(titanium=1),),
          effects=(on_card([draw(1)], tags=("earth",), each_tag=True),)),
    _corp("R16", "Cheung Shing MARS", 44, ("building",), play=(prod(megacredits=3),),
          effects=(discount(2, tag="building"),)),
    _corp("R27", "Robinson Industries", 47,
          action=(spend(megacredits=4), custom("one_lowest_production_up"))),
    _corp("R34", "Valley Trust", 37, ("earth",), effects=(discount(2, tag="science"),),
          first_action=(custom("play_one_of_drawn_preludes", count=3),)),
    # 48 MC as the reference stores it: the printed 45 and the 3 its effect gives at once.
    _corp("R35", "Vitor", 48, ("earth",), first_action=(fund_award(),),
          effects=(on_card([gain(megacredits=3)], vp_positive=True),)),
]

PROJECTS: list[Card] = [
    _a("P36", "House Printing", 10, ("building",), vp=1, play=(prod(steel=1),)),
    _a("P37", "Lava Tube Settlement", 15, ("building", "city"),
       play=(prod(energy=-1, megacredits=2), city(on="volcanic_city"))),
    _e("P38", "Martian Survey", 9, ("science",), vp=1, requires=(max_(O2, 4),), play=(draw(2),)),
    _b("P39", "Psychrophiles", 2, ("microbe",), resource="microbe",
       requires=(max_(TEMP, -20),), action=(add_res(1),),
       effects=(resources_pay(2, ("plant",)),)),
    _a("P40", "Research Coordination", 4, ("wild",)),
    _a("P41", "SF Memorial", 7, ("building",), vp=1, play=(draw(1),)),
    _a("P42", "Space Hotels", 12, ("space", "earth"), requires=(tags_req("earth", 2),),
       play=(prod(megacredits=4),)),
]

CARDS: list[Card] = [*PRELUDES, *CORPORATIONS, *PROJECTS]
