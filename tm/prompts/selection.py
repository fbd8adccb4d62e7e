"""Selections built a step at a time and held in the ask: ``pick`` / ``unpick`` of offered
cards. The ``cards`` and ``setup`` prompt kinds share these helpers; a setup ask holds
more than one selection (the cards to buy, and each expansion's offer to keep from), so
each helper takes the part of the ask that holds one: its ``cards`` and ``picked``.
"""
from __future__ import annotations

from typing import Any

from tm.core.contract import Choice, Response
from tm.core.errors import IllegalMove, reason

Item = dict[str, Any]  # a queued ask (one of tm.core.contract's ask shapes), as JSON


def expect(response: Response, *kinds: str) -> None:
    """IllegalMove unless the response is of one of these types."""
    if response["type"] not in kinds:
        wanted = " or ".join(repr(k) for k in kinds)
        raise IllegalMove(reason("move.expected", f"expected a {wanted} response", kinds=wanted),
                          "R-ACT-1")


def picked(d: Item) -> list[str]:
    """The cards picked so far (listing or checking never changes the ask: only staging)."""
    found: list[str] = d.get("picked") or []
    return found


def pick_choices(d: Item, limit: int, pick: str = "pick", unpick: str = "unpick",
                 **extra: Any) -> list[Choice]:
    """A pick for every offered card not yet picked (while fewer than ``limit`` are),
    an unpick for every picked one; ``extra`` fields go into each choice and its label."""
    chosen = picked(d)
    found: list[Choice] = []
    if len(chosen) < limit:
        found += [Choice({"type": pick, **extra, "card": c}, {"key": pick, **extra, "card": c})
                  for c in d["cards"] if c not in chosen]
    found += [Choice({"type": unpick, **extra, "card": c}, {"key": unpick, **extra, "card": c})
              for c in chosen]
    return found


def check_pick(d: Item, r: Response, limit: int, rule: str, adding: bool | None = None,
               **extra: Any) -> Response:
    """A pick (``adding``; by default the response type ``pick``) or unpick in clean form."""
    name = r.get("card")
    chosen = picked(d)
    if adding is None:
        adding = r["type"] == "pick"
    if adding:
        if not isinstance(name, str) or name not in d["cards"] or name in chosen:
            raise IllegalMove(reason("move.pick_once", "pick each offered card at most once"), rule)
        if len(chosen) >= limit:
            raise IllegalMove(reason("move.pick_at_most", f"pick at most {limit} cards",
                                     count=limit), rule)
    elif name not in chosen:
        raise IllegalMove(reason("move.put_back", "only a picked card can be put back"), rule)
    return {"type": r["type"], **extra, "card": name}


def selection_steps(d: Item, wanted: Any, rule: str) -> list[Response]:
    """The unpicks and picks that turn the staged selection into ``wanted``."""
    if not isinstance(wanted, list) or not all(isinstance(c, str) for c in wanted):
        raise IllegalMove(reason("move.cards_list",
                                 "'cards' must be a list of card names"), "R-ACT-1")
    if len(set(wanted)) != len(wanted) or any(c not in d["cards"] for c in wanted):
        raise IllegalMove(reason("move.pick_once", "pick each offered card at most once"), rule)
    chosen = picked(d)
    steps: list[Response] = [{"type": "unpick", "card": c} for c in chosen if c not in wanted]
    steps += [{"type": "pick", "card": c} for c in d["cards"] if c in wanted and c not in chosen]
    return steps


def stage_pick(d: Item, card: str, adding: bool) -> None:
    """Add a card to the picks held in ``d``, or take one back."""
    chosen: list[str] = d.setdefault("picked", [])
    if adding:
        chosen.append(card)
    else:
        chosen.remove(card)


def in_offered_order(d: Item) -> list[str]:
    """The picked cards in the order they were offered."""
    chosen = picked(d)
    return [c for c in d["cards"] if c in chosen]


def stage_cards(d: Item, r: Response) -> Response | None:
    """Stage a pick or unpick (None), or on ``done`` the whole selection."""
    if r["type"] in ("pick", "unpick"):
        stage_pick(d, r["card"], r["type"] == "pick")
        return None
    if r["type"] == "more_cards":  # a long selection's next page (tm.prompts.kinds)
        d["page"] = int(d.get("page", 0)) + 1
        return None
    return {"type": "cards", "cards": in_offered_order(d)}
