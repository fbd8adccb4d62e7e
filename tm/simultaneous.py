"""Simultaneous decisions, as another seat may see them while they are being made.

Research (R-GEN-3) and each round of the draft (R-GEN-4) are decided by every player at
once, in secret; the engine applies each player's choice as it comes (a research purchase
at once, a draft pick into the player's own pile), which keeps replays what they were. Until
every seat has chosen, nothing one seat chose may show to another: :func:`as_seen_by` gives
the state a viewer may read, with each other seat's choice of the running phase taken back
(research: the cards bought, what was paid, the cards discarded and the records that say so;
a draft round: the card picked), so the view's log, panels and counts show the others as
they were when the phase began. The setup decision needs nothing here: it is kept aside
(``setup_choice``) and applied for everyone at once.

This is the first step of the view's projection (:mod:`tm.view`, its only caller): the
marks of the state's fields say *who* may read a field; this step says *when* a public
field's latest change may be read (a seat's purchase is public, but only once every seat
has bought). It rebuilds a state rather than marking fields because the held-back choice
runs through several of them at once (hand, offer, resources, the discard pile, the log).
"""
from __future__ import annotations

import dataclasses
from typing import Any

from tm.core.dealing import deal_of
from tm.core.state import GameState, PlayerState
from tm.prompts.sealed import named_copy
from tm.rules.phases import RESEARCH_DRAW  # (what a record written before ``discarded`` implies)
from tm.vocab.payment import CURRENCIES


def as_seen_by(g: GameState, viewer: int | None) -> GameState:
    """The state as ``viewer`` (None: a spectator) may see it now: ``g`` itself outside a
    simultaneous phase, else a copy without the other seats' choices in it (read only); a
    sealed game's is first a copy with the cards this device reads named (its deal's)."""
    g = named_copy(g, deal_of(g).names(g))[0]
    if g.phase == "research":
        return _research(g, viewer)
    if g.phase == "draft":
        return _draft(g, viewer)
    return g


def _research(g: GameState, viewer: int | None) -> GameState:
    start = _phase_start(g.log)
    if start is None:
        return g
    records = g.log[start:]
    held = [r for r in records if r.get("player") not in (viewer, None)]
    if not held:
        return g
    shown = [r for r in records if r.get("player") in (viewer, None)]
    players = list(g.players)
    for p in sorted({int(r["player"]) for r in held}):
        players[p] = _before_research(g.players[p], [r for r in held if r["player"] == p])
    return dataclasses.replace(g, players=players, discard=_discard_before(g, records, viewer),
                               log=[*g.log[:start], *shown])


def _phase_start(log: list[dict[str, Any]]) -> int | None:
    """Where the records of this generation's research begin (after its marker)."""
    for i in range(len(log) - 1, -1, -1):
        if log[i]["key"] == "research":
            return i + 1
    return None


def _discarded(record: dict[str, Any]) -> int:
    return int(record.get("discarded", RESEARCH_DRAW - int(record["count"])))


def _before_research(pl: PlayerState, held: list[dict[str, Any]]) -> PlayerState:
    """A player as before their research choice: the cards back on offer (as many as there
    were: only counts show), the payment back in hand."""
    res, card_res = dict(pl.res), dict(pl.card_res)
    hand, offer = list(pl.hand), list(pl.offer)
    for r in held:
        if r["key"] == "bought":
            count = int(r["count"])
            if count:
                hand, offer = hand[:-count], hand[-count:] + offer
            offer += [""] * _discarded(r)  # (a count only: the cards lie in the discard pile)
        elif r["key"] == "paid":
            for c in CURRENCIES:
                res[c] += int(r.get(c, 0))
            for name, n in (r.get("cards") or {}).items():
                card_res[name] = card_res.get(name, 0) + int(n)
    return dataclasses.replace(pl, res=res, card_res=card_res, hand=hand, offer=offer)


def _discard_before(g: GameState, records: list[dict[str, Any]], viewer: int | None) -> list[str]:
    """The discard pile without the cards the other seats turned down this research (each
    purchase discards its rest at the top of the pile, in the order they were made)."""
    bought = [r for r in records if r["key"] == "bought"]
    top = len(g.discard) - sum(_discarded(r) for r in bought)
    if top < 0:
        return g.discard
    kept = g.discard[:top]
    for r in bought:
        if r["player"] == viewer:
            kept += g.discard[top:top + _discarded(r)]
        top += _discarded(r)
    return kept


def _draft(g: GameState, viewer: int | None) -> GameState:
    """A draft round: each other seat that has picked holds its pick in its hand again."""
    players = list(g.players)
    changed = False
    for pl in g.players:
        queue = g.queues[pl.index]
        picked = not (queue and queue[0].get("on") == "draft")
        if pl.index != viewer and picked and pl.drafted:
            players[pl.index] = dataclasses.replace(
                pl, draft_hand=[*pl.draft_hand, pl.drafted[-1]], drafted=pl.drafted[:-1])
            changed = True
    return dataclasses.replace(g, players=players) if changed else g
