"""Corporate Era project cards and corporations, in our notation (see tm.cards.dsl)."""
from __future__ import annotations

from tm.cards.dsl import (
    Card,
    add_res,
    custom,
    discount,
    draw,
    gain,
    on_card,
    per_resource,
    per_tag,
    prod,
    reduce_prod,
    spend,
    static,
    tags_req,
    tr,
)


def _card(kind: str, number: str, name: str, cost: int, tags: tuple[str, ...] = (),
          **kw: object) -> Card:
    return Card(name=name, number=number, set="corpera", type=kind, cost=cost, tags=tags,
                **kw)  # type: ignore[arg-type]


def _corp(number: str, name: str, mc: int, tags: tuple[str, ...] = (), **kw: object) -> Card:
    return Card(name=name, number=number, set="corpera", type="corporation", starting_mc=mc,
                tags=tags, **kw)  # type: ignore[arg-type]


CARDS: list[Card] = [
    _card("automated", "056", "Mine", 4, ("building",), play=(prod(steel=1),)),
    _card("automated", "144", "Titanium Mine", 7, ("building",), play=(prod(titanium=1),)),
    _card("automated", "068", "Sponsors", 6, ("earth",), play=(prod(megacredits=2),)),
    _card("automated", "106", "Acquired Company", 10, ("earth",), play=(prod(megacredits=3),)),
    _card("automated", "137", "Cartel", 8, ("earth",),
          play=(prod(megacredits=per_tag("earth")),)),
    _card("automated", "090", "Research", 11, ("science", "science"), vp=1, play=(draw(2),)),
    _card("automated", "099", "Toll Station", 12, ("space",),
          play=(prod(megacredits=per_tag("space", scope="others")),)),
    _card("automated", "201", "Energy Tapping", 3, ("power",), vp=-1,
          play=(reduce_prod("energy", 1, steal=True),)),
    _card("automated", "125", "Hackers", 3, (), vp=-1,
          play=(prod(energy=-1), reduce_prod("megacredits", 2, steal=True))),
    _card("event", "111", "Business Contacts", 7, ("earth",), play=(draw(4, keep=2),)),
    _card("event", "192", "Invention Contest", 2, ("science",), play=(draw(3, keep=1),)),
    _card("event", "151", "Investment Loan", 3, ("earth",),
          play=(prod(megacredits=-1), gain(megacredits=10))),
    _card("event", "112", "Bribed Committee", 7, ("earth",), vp=-2, play=(tr(2),)),
    _card("event", "195", "Indentured Workers", 0, (), vp=-1,
          effects=(discount(8, next_card=True),)),
    _card("active", "006", "Inventors' Guild", 9, ("science",), action=(draw(1, buy=True),)),
    _card("active", "110", "Business Network", 4, ("earth",), play=(prod(megacredits=-1),),
          action=(draw(1, buy=True),)),
    _card("active", "208", "AI Central", 21, ("science", "building"), vp=1,
          requires=(tags_req("science", 3),), play=(prod(energy=-1),), action=(draw(2),)),
    _card("active", "014", "Development Center", 11, ("science", "building"),
          action=(spend(energy=1), draw(1))),
    _card("active", "105", "Earth Office", 1, ("earth",), effects=(discount(3, tag="earth"),)),
    _card("active", "071", "Advanced Alloys", 9, ("science",),
          effects=(static("metal_value", steel=1, titanium=1),)),
    _card("active", "109", "Media Group", 6, ("earth",),
          effects=(on_card([gain(megacredits=3)], event=True),)),
    _card("active", "049", "Tardigrades", 4, ("microbe",), resource="microbe",
          vp=per_resource(div=4), action=(add_res(1),)),
    _card("active", "194", "Power Infrastructure", 4, ("power", "building"),
          action=(custom("energy_to_mc"),)),
    _corp("R03", "Saturn Systems", 42, ("jovian",), play=(prod(titanium=1),),
          effects=(on_card([prod(megacredits=1)], tags=("jovian",), by="any", each_tag=True),)),
    _corp("R30", "Teractor", 60, ("earth",), effects=(discount(3, tag="earth"),)),
]
