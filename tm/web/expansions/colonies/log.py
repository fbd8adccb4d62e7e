"""Colonies' log records in words: trades (with what the trader gained and the colony
bonus every owner received), colonies built (with their reward), markers moved by cards
and rising each generation, tiles put into play."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tm.web.card_text import tag_name
from tm.web.expansions.colonies.section import owners_text, tile_def, words
from tm.web.expansions.colonies.words import colony_name
from tm.web.i18n import t
from tm.web.model import View

Record = Mapping[str, Any]


def _trade(v: Record, view: View) -> str:
    """"Ann trades with Luna (marker at 3) and gains 7 MC; colony bonus gain 2 MC to Bob"."""
    name, marker = str(v["tile"]), int(v["marker"])
    printed = tile_def(view, name)
    line = t("log.trade_words", player=v["player"], colony=name, marker=marker,
             gain=words(printed["track"][max(0, min(6, marker))]))
    owners = v.get("owners") or []  # records written before the field lack it
    if owners:
        line += t("log.trade_bonus", bonus=words(printed["bonus"]),
                  names=owners_text(view, owners))
    return line


def _built(v: Record, view: View) -> str:
    name = str(v["tile"])
    return t("log.colony_built_words", player=v["player"], colony=name,
             build=words(tile_def(view, name)["build"]))


def _risen(v: Record, view: View) -> str:
    tiles: Mapping[str, Any] = v.get("tiles") or {}
    return t("log.markers_rise", list=t("list.and").join(f"{colony_name(n)} {m}"
                                                         for n, m in tiles.items()))


def _added(v: Record, view: View) -> str:
    return t("log.colony_tile_added_words", player=v["player"], colony=str(v["tile"]))


def _moved(v: Record, view: View) -> str:
    return t("log.marker_moved_words", player=v["player"], colony=str(v["tile"]),
             marker=v["marker"])


def _kept(v: Record, view: View) -> str:
    return t("log.colony_tiles_kept", player=v["player"],
             colonies=t("list.and").join(colony_name(n) for n in v.get("tiles") or []))


def _stolen(v: Record, view: View) -> str:
    """Air Raid's MC taken from another player."""
    return t("log.stolen", player=v["player"], target=v["target"],
             res=t(f"resname.{v.get('res')}"), count=v.get("count"))


def _new_tag_type(v: Record, view: View) -> str:
    """Aridor's new tag type in play."""
    return t("log.new_tag_type", player=v["player"], tag=tag_name(str(v.get("tag"))))


COLONY_LOG: Mapping[str, Callable[[Record, View], str]] = {
    "trade": _trade, "colony_built": _built, "markers_rise": _risen,
    "colony_tile_added": _added, "marker_moved": _moved, "colony_tiles_kept": _kept,
    "stolen": _stolen, "new_tag_type": _new_tag_type,
}
