"""The game log in words: the view's structured records turned into catalog messages."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tm.cards import card
from tm.web.card_text import qty, tile_phrase
from tm.web.html import esc
from tm.web.i18n import has, t, tn
from tm.web.model import View, player_name

_PLAYER_FIELDS = ("player", "target")
_CURRENCIES = ("megacredits", "steel", "titanium", "heat")


def _named(view: View, record: Mapping[str, Any]) -> dict[str, Any]:
    values = dict(record)
    for key in _PLAYER_FIELDS:
        p = values.get(key)
        if isinstance(p, int):
            values[key] = player_name(view, p)
    for key, value in values.items():
        if isinstance(value, list):  # e.g. the cards a record names
            values[key] = ", ".join(map(str, value))
    return values


def _resource_of(name: str) -> str:
    try:
        return card(name).resource or "resource"
    except KeyError:
        return "resource"


def _special(key: str, values: dict[str, Any]) -> str | None:
    """Records whose words need more than filling fields."""
    if key in ("bought", "draw"):
        return tn(f"log.{key}", int(values.get("count", 0)), player=values.get("player"))
    if key == "setup":
        return tn("log.setup", int(values.get("players", 0)))
    if key == "param":
        param = str(values.get("param"))
        value = t(f"reqv.{param}", n=values.get("value"))
        return t("log.param", param=t(f"game.{param}"), value=value)
    if key == "paid":
        paid = [qty(c, int(values[c])) for c in _CURRENCIES if values.get(c)]
        shown = ", ".join(paid) or qty("megacredits", 0)
        return t("log.paid", player=values.get("player"), list=shown)
    if key == "card_res":
        count = int(values.get("count", 0))
        name = str(values.get("card"))
        unit = _resource_of(name)
        which = "log.card_res_add" if count >= 0 else "log.card_res_remove"
        return t(which, player=values.get("player"), card=name, qty=qty(unit, abs(count)))
    return None


def log_line(view: View, record: Mapping[str, Any]) -> str:
    """One log record in words."""
    key = str(record.get("key"))
    values = _named(view, record)
    special = _special(key, values)
    if special is not None:
        return special
    if not has(f"log.{key}"):
        return t("log.unknown", key=key)
    if "tile" in values:
        values["tile"] = tile_phrase(str(values["tile"]))
    if "project" in values:
        values["project"] = t(f"project.{values['project']}")
    if "res" in values:
        res = str(values["res"])
        values["res"] = (qty(res, int(values.get("count", 0))) if key == "res_removed"
                         else t(f"resname.{res}"))
    return t(f"log.{key}", **values)


def log_lines(view: View, last: int) -> list[str]:
    """The newest ``last`` records in words, newest first."""
    lines: list[str] = []
    for record in reversed(view["log"]):
        lines.append(log_line(view, record))
        if len(lines) >= last:
            break
    return lines


def log_section(view: View, last: int = 60) -> str:
    """The log as a list, newest first."""
    lines = log_lines(view, last)
    items = "".join(f"<li>{esc(line)}</li>" for line in lines) or (
        f'<li class="muted">{esc(t("log.empty"))}</li>')
    return (f'<section class="log" aria-label="{esc(t("game.log"))}">'
            f'<h2>{esc(t("game.log"))}</h2><ul class="log-list">{items}</ul></section>')
