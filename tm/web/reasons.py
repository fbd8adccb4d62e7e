"""Why something cannot be done now, in words: the view's reason records (see
:mod:`tm.rules.playability`) turned into short catalog phrases."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tm.web.i18n import has, t

Reason = Mapping[str, Any]
Names = Sequence[str]


def _name(names: Names, p: Any) -> str:
    return names[p] if isinstance(p, int) and 0 <= p < len(names) else t("game.neutral")


def reason_text(reason: Reason, names: Names = ()) -> str:
    """One reason as a short phrase ("costs 25 MC, you can pay 12")."""
    key = str(reason.get("key"))
    if key == "cost":
        return t("why.cost", cost=reason.get("cost", 0), budget=reason.get("budget", 0))
    if key == "resources":
        listed = [t(f"resname.{r}") if has(f"resname.{r}") else str(r)
                  for r in reason.get("resources") or ()]
        return t("why.resources", list=t("list.and").join(listed))
    if key in ("claimed", "funded"):
        return t(f"why.{key}", name=_name(names, reason.get("player")))
    if key == "limit":
        return t("why.limit", count=reason.get("count", 0))
    if key == "condition":
        return t("why.condition", current=reason.get("current", 0),
                 needed=reason.get("needed", 0))
    return t(f"why.{key}") if has(f"why.{key}") else t("why.unknown")


def reasons_text(reasons: Sequence[Reason], names: Names = ()) -> str:
    """Every reason, each phrase once ("requirements not met · costs 10 MC, ...")."""
    phrases: list[str] = []
    for reason in reasons:
        phrase = reason_text(reason, names)
        if phrase not in phrases:
            phrases.append(phrase)
    return t("why.sep").join(phrases)
