"""The game log in words: the view's structured records turned into catalog messages.

Every record names its player, card and space as the page shows them (a space by its
number, and its name where the board prints one); amounts are counted units ("1 plant",
"3 plants"). Records the engine wrote before a field existed still read well.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tm.cards import card
from tm.web.card_text import qty, tile_phrase
from tm.web.expansions.pages import LOG_TEXTS
from tm.web.i18n import has, t, tn
from tm.web.model import RESOURCES, View, player_name

Record = Mapping[str, Any]
_PLAYER_FIELDS = ("player", "target")
_CURRENCIES = ("megacredits", "steel", "titanium", "heat", "energy")  # energy: a trade fee
_ORDER = {name: i for i, name in enumerate(RESOURCES)}
MARKERS = frozenset({"turn", "action", "research", "production", "generation",
                     "final_greenery"})


def space_ref(view: View, sid: Any) -> str:
    """A space as players name it: by its printed name ("Tharsis Tholus"), else by its
    row from the top and its place in the row from the left ("the 4th space of row 3"),
    as the placement prompt groups spaces by row (its number shows only on hover)."""
    spaces = view["spaces"]
    found = next((sp for sp in spaces if sp["id"] == sid), None)
    if found is None:
        return t("log.unknown", key=str(sid))
    if found.get("name"):
        return t("log.space_named", place=found["name"])
    row = sorted((sp for sp in spaces if sp["row"] == found["row"]), key=lambda sp: sp["x"])
    return t("log.space", nth=_nth(row.index(found) + 1), row=int(found["row"]) + 1)


def _nth(n: int) -> str:
    """An ordinal ("4th"; "4." in German): English picks its suffix from the number."""
    if n % 100 in (11, 12, 13) or n % 10 not in (1, 2, 3):
        return t("log.nth", n=n)
    return t(f"log.nth_{n % 10}", n=n)


def amounts(res: Mapping[str, int], signed: bool = False) -> str:
    """"2 steel, 1 plant" (or "+2 steel, −1 plant" when ``signed``), in the board's order
    of resources whatever the record's (a saved game's records have their keys sorted)."""
    ordered = sorted(res.items(), key=lambda item: (_ORDER.get(item[0], len(_ORDER)), item[0]))
    return t("list.and").join(qty(r, int(n), signed=signed) for r, n in ordered if n)


def _resource_of(name: str) -> str:
    try:
        return card(name).resource or "resource"
    except KeyError:
        return "resource"


def _gain(v: dict[str, Any]) -> str:
    res: Mapping[str, int] = v.get("res") or {}
    gains = {r: n for r, n in res.items() if n > 0}
    losses = {r: -n for r, n in res.items() if n < 0}
    if gains and losses:
        return t("log.gain_lose", player=v["player"], gains=amounts(gains),
                 losses=amounts(losses))
    return t("log.gain" if gains else "log.lose", player=v["player"],
             list=amounts(gains or losses))


def _spent(v: dict[str, Any]) -> str:
    res: Mapping[str, int] = v.get("res") or {}
    return t("log.spent", player=v["player"], list=amounts({r: -n for r, n in res.items()}))


def _prod(v: dict[str, Any]) -> str:
    prod: Mapping[str, int] = v.get("prod") or {}
    ups, downs = any(n > 0 for n in prod.values()), any(n < 0 for n in prod.values())
    key = "log.prod_change" if ups and downs else "log.prod_up" if ups else "log.prod_down"
    return t(key, player=v["player"], list=amounts(prod, signed=True))


def _tr(v: dict[str, Any]) -> str:
    if "steps" in v:
        return tn("log.tr_up", int(v["steps"]), player=v["player"], tr=v["tr"])
    return t("log.tr", player=v["player"], tr=v["tr"])


def param_change(v: Mapping[str, Any], view: View) -> str:
    """A global parameter's new value as the log says it ("Oxygen rises to 5 %")."""
    param = str(v.get("param"))
    limits: Mapping[str, Any] = view.get("parameters", {}).get(param, {})
    value = v.get("value")
    if param != "oceans":  # a true minus sign, as the tracks show it
        value = t(f"reqv.{param}", n=str(value).replace("-", "\u2212"))
    return t(f"log.param.{param}", value=value, max=limits.get("max", 9))


def _param(v: dict[str, Any], view: View) -> str:
    change = param_change(v, view)
    if "tr" not in v:
        return change
    return t("log.param_tr", change=change, player=v["player"], tr=v["tr"])


def _paid(v: dict[str, Any]) -> str:
    paid = [qty(c, int(v[c])) for c in _CURRENCIES if v.get(c)]
    paid += [t("log.paid_from", qty=qty(_resource_of(name), int(n)), card=name)
             for name, n in (v.get("cards") or {}).items()]
    return t("log.paid", player=v["player"], list=t("list.and").join(paid) or qty("megacredits", 0))


def _card_res(v: dict[str, Any]) -> str:
    count = int(v.get("count", 0))
    name = str(v.get("card"))
    which = "log.card_res_add" if count >= 0 else "log.card_res_remove"
    return t(which, player=v["player"], card=name, qty=qty(_resource_of(name), abs(count)))


def _bonus(v: dict[str, Any], view: View) -> str:
    got = amounts(v.get("res") or {})
    cards = int(v.get("cards", 0))
    listed = t("list.and").join(x for x in (got, qty("card", cards) if cards else "") if x)
    return t("log.bonus", player=v["player"], space=space_ref(view, v.get("space")), list=listed)


def _income(v: dict[str, Any]) -> str:
    res = dict(v.get("res") or {})
    parts = []
    mc = int(res.pop("megacredits", 0))
    parts.append(t("log.income_mc", qty=qty("megacredits", mc), tr=v.get("tr"),
                   prod=f"{int(v.get('mc_prod', 0)):+d}"))
    if any(res.values()):
        parts.append(amounts(res))
    text = t("log.income", player=v["player"], list=t("list.and").join(parts))
    energy = int(v.get("energy_to_heat", 0))
    if energy:
        text += t("list.then") + t("log.energy_to_heat", player=v["player"],
                                   qty=qty("energy", energy))
    return text


def _project(v: dict[str, Any]) -> str:
    if v.get("project") == "sell_patents" and "count" in v:
        count = int(v["count"])
        return tn("log.sold", count, player=v["player"], qty=qty("megacredits", count))
    return t("log.project", player=v["player"], project=t(f"project.{v.get('project')}"))


def _removed(v: dict[str, Any]) -> str:
    res = qty(str(v.get("res")), int(v.get("count", 0)))
    key = "log.res_stolen" if v.get("steal") else "log.res_removed"
    return t(key, player=v["player"], target=v["target"], res=res)


def _reduced(v: dict[str, Any]) -> str:
    """Production lowered (or taken); one's own when no other player had any (R-PROD-3)."""
    key = "log.prod_stolen" if v.get("steal") else "log.prod_reduced"
    if v.get("own"):
        return t(f"{key}_own", player=v["player"], res=t(f"resname.{v.get('res')}"),
                 count=v.get("count"))
    return t(key, player=v["player"], target=v["target"], res=t(f"resname.{v.get('res')}"),
             count=v.get("count"))


def _corporation(v: dict[str, Any]) -> str:
    if v.get("megacredits"):
        return t("log.corporation_mc", player=v["player"], card=v.get("card"),
                 qty=qty("megacredits", int(v["megacredits"])))
    return t("log.corporation", player=v["player"], card=v.get("card"))


_PLAIN: dict[str, Callable[[dict[str, Any]], str]] = {
    "gain": _gain, "spent": _spent, "prod": _prod, "tr": _tr, "paid": _paid,
    "card_res": _card_res, "income": _income, "project": _project, "res_removed": _removed,
    "prod_reduced": _reduced, "corporation": _corporation,
}


def _special(key: str, v: dict[str, Any], view: View) -> str | None:
    """Records whose words need more than filling fields."""
    if key in _PLAIN:
        return _PLAIN[key](v)
    if key in LOG_TEXTS:  # an expansion's records (its page manifest's log texts)
        return LOG_TEXTS[key](v, view)
    if key in ("bought", "draw"):
        return tn(f"log.{key}", int(v.get("count", 0)), player=v.get("player"))
    if key == "setup":
        return tn("log.setup", int(v.get("players", 0)))
    if key == "param":
        return _param(v, view)
    if key == "bonus":
        return _bonus(v, view)
    if key == "ocean_bonus":
        return tn("log.ocean_bonus", int(v.get("oceans", 0)), player=v["player"],
                  qty=qty("megacredits", int(v.get("megacredits", 0))))
    return None


def _named(view: View, record: Record) -> dict[str, Any]:
    values = dict(record)
    if "target" in record:  # (one's own production or resources: no other name)
        values["own"] = record["target"] == record.get("player")
    for key in _PLAYER_FIELDS:
        if key in values:
            values[key] = player_name(view, values[key])
    return values


def log_line(view: View, record: Record) -> str:
    """One log record in words; a damaged record (a stored state from an edited save)
    reads as its key rather than breaking the whole log."""
    try:
        return _words(view, record)
    except (KeyError, TypeError, ValueError, AttributeError):
        return t("log.unknown", key=str(record.get("key")))


def _words(view: View, record: Record) -> str:
    key = str(record.get("key"))
    values = _named(view, record)
    special = _special(key, values, view)
    if special is not None:
        return special
    if not has(f"log.{key}"):
        return t("log.unknown", key=key)
    if "tile" in values:
        values["tile"] = tile_phrase(str(values["tile"]))
    if "space" in values:
        values["space"] = space_ref(view, values["space"])
    return t(f"log.{key}", **values)


def log_lines(view: View, last: int) -> list[str]:
    """The newest ``last`` records in words (markers of turns and phases left out),
    newest first."""
    lines: list[str] = []
    for record in reversed(view["log"]):
        if record.get("key") in MARKERS:
            continue
        lines.append(log_line(view, record))
        if len(lines) >= last:
            break
    return lines
