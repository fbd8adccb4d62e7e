"""What one player may see and needs to decide: the read model of the page.

``view_for(g, viewer)`` is plain JSON-ready data, an explicit projection of the state (an
allow-list): every field of the state's dataclasses carries a mark saying who sees it
(:func:`tm.core.state.seen`: everyone, its owner only, or nobody; with ``count`` the others see
how many items it holds), each expansion marks the keys of its section the same way
(``Manifest.seen``), and the view is built from named sections that copy only what the
marks allow: the game's public fields (:func:`_game_fields`, the face-down piles as
counts), each seat as the others see it (:func:`_public_player`: hands, offers and draft
cards as counts) or as its owner does (:func:`_own_player`), the options a player may see
(:func:`_options`; what ``to_dict`` leaves out while unset, too), the board (:func:`_spaces`,
:func:`_map`), the global parameters with their goals (:func:`_parameters`) and each
expansion's section (``view_sections``). A field without a mark is never shown. Before the
sections read it, the state is taken to the viewer's moment (:func:`tm.simultaneous.as_seen_by`):
another seat's choice in research or a draft round shows only once every seat has chosen
(and a sealed game's cards are read through the device's dealer: tm.prompts.sealed).

Beside the state it carries what a player needs to decide: live scores, each player's tags
in play, where everyone stands on each milestone and award, who must decide now, and for
the viewer (``you``) each card in hand (it reads) with its cost after discounts and whether
it can be played now with every reason if not, the same for standard projects, milestones
and awards, and the decision waiting for them (with each offered card's cost).

The view's shape is typed, node by node, in :mod:`tm.view_model` (:class:`GameView` and
its nodes): the section builders return those nodes, and the page and the bots read them,
so mypy checks every key they read.
"""
from __future__ import annotations

from dataclasses import fields
from functools import cache
from typing import Any, cast

from tm.cards import card
from tm.cards.tableau import tag_counts
from tm.core import memo
from tm.core.dealing import deal_of
from tm.core.frozen import plain
from tm.core.ruleset import describe_offers, rules_of, view_sections
from tm.core.state import GameState, Options, PlayerState, left_out, to_dict
from tm.prompts.kinds import Prompt
from tm.rules import action_checks, milestones, phases, playability
from tm.rules.play import cost_of
from tm.rules.scoring import card_points, scores, winners
from tm.simultaneous import as_seen_by
from tm.view_board import lean_map, lean_spaces, map_section, parameters_section, spaces
from tm.view_model import (
    AwardEntry,
    DecisionView,
    DraftView,
    GameView,
    HandEntry,
    MilestoneEntry,
    OptionsView,
    PlayerView,
    ProjectEntry,
    ScoreRow,
    Standings,
    UsableView,
)
from tm.vocab.own_triggers import play_steps_to_check

Marks = tuple[tuple[str, str, bool], ...]


def marks_of(cls: type) -> Marks:
    """Each marked field of a state dataclass, in order: (name, who sees it, whether the
    others see how many items it holds). A field without a mark is left out: never shown."""
    return tuple((f.name, f.metadata["seen"], bool(f.metadata.get("count")))
                 for f in fields(cls) if "seen" in f.metadata)


_GAME, _PLAYER, _OPTIONS = marks_of(GameState), marks_of(PlayerState), marks_of(Options)
# The options a player may see: how the game is set up, never a seed (the game's fixes
# every hand and the deck order; the bots' fixes their choices).
SHOWN_OPTIONS = tuple(name for name, who, _ in _OPTIONS if who == "public")
_LATER = ("options", "log", "ext")  # game fields whose sections follow the others


def view_for(g: GameState, viewer: int | None, lean: bool = False) -> GameView:
    """The read model for ``viewer`` (None: a spectator, who sees no hand at all).

    ``lean``: only what the bots read, for a search's rollouts (a bot decides the same on
    it: tests/engine/test_view_lean.py): no standard projects, milestones or awards of the
    viewer with their reasons (empty lists); a card in hand with its cost and only the
    reasons of production it would lower (``playable``: none of those); scores without
    ``card_points`` and standings with a milestone's measures only while it is open (solo:
    neither, empty); the state's own fields, log included, not copies, and the board's
    spaces and the map shared between lean views. Never shown, never written."""
    with memo.reading():  # (building it only reads the game: questions asked again are
        return _view_for(g, viewer, lean)  # answered once)


def _view_for(g: GameState, viewer: int | None, lean: bool = False) -> GameView:
    g = as_seen_by(g, viewer)  # another seat's choice in research or a draft: not yet
    mine = viewer is not None and 0 <= viewer < len(g.players)
    seats, scores_now, standings, worked = _worked_out(g, viewer if mine else None, lean)
    data = _game_fields(g, seats, lean)
    data["options"] = _options(g, lean)
    data["log"] = g.log if lean else _log_copies(g.log)
    data["expansions"] = view_sections(g, viewer)
    data["spaces"] = lean_spaces(g) if lean else spaces(g)
    data["map"] = lean_map(g) if lean else map_section(g)
    data["parameters"] = parameters_section(g)
    data["scores"] = scores_now
    data["winners"] = winners(g) if g.over else []
    data["last_generation"] = data["map"]["last_generation"]
    data["pending"] = _pending(g)
    data["standings"] = standings
    if viewer is not None and worked is not None:
        data["you"] = {"player": viewer, "hand": worked["hand"], "projects": worked["projects"],
                       "milestones": worked["milestones"], "awards": worked["awards"],
                       "decision": _decision(g, viewer), "draft": _draft(g, viewer)}
    return data


Worked = tuple[list[PlayerView], list[ScoreRow], Standings, UsableView | None]


def _worked_out(g: GameState, viewer: int | None, lean: bool = False) -> Worked:
    """What a view works out from the state but its decision queues: each seat as the
    viewer sees it, the scores, the
    standings and the viewer's hand, standard projects, milestones and awards with their
    reasons (``lean``: see :func:`view_for`)."""
    solo_lean = lean and len(g.players) == 1  # (a bot reads neither alone: see view_for)
    return ([_own_player(pl, lean) if pl.index == viewer else _public_player(pl, lean)
             for pl in g.players],
            [] if solo_lean else _scores(g, lean),
            {"milestones": [], "awards": []} if solo_lean else _standings(g, lean),
            None if viewer is None else _usable(g, viewer, lean))


def _scores(g: GameState, lean: bool = False) -> list[ScoreRow]:
    """Each player's score by part, with the cards worth VP (the tableaux are public)."""
    return [ScoreRow(**row, card_points=[] if lean else card_points(g, row["player"]))
            for row in scores(g)]


def _shown(obj: Any, marks: Marks, mine: bool, lean: bool = False) -> dict[str, Any]:
    """The fields of ``obj`` its marks let a reader see (``mine``: the reader owns it):
    copies of what they may read (``lean``: the state's own plain lists and dicts, which a
    lean view's reader never writes), the size of what they may only count."""
    found: dict[str, Any] = {}
    for name, who, count in marks:
        if left_out(obj, name):
            continue
        if who == "public" or (mine and who == "owner"):
            found[name] = getattr(obj, name) if lean else to_dict(getattr(obj, name))
        elif count:
            found[name] = len(getattr(obj, name))
    return found


# ---------------------------------------------------------------- the state's sections
def _game_fields(g: GameState, seats: list[PlayerView], lean: bool = False) -> GameView:
    """The game's own fields, in order: the public ones copied, the face-down piles as
    their sizes, the seats as given (as the viewer sees each: :func:`_worked_out`; the
    options, the log and the expansions' sections follow the fields: :func:`_view_for`)."""
    found: dict[str, Any] = {}
    for name, who, count in _GAME:
        if name == "players":
            found[name] = seats
        elif name in _LATER or left_out(g, name):
            continue
        elif who == "public":
            found[name] = getattr(g, name) if lean else to_dict(getattr(g, name))
        elif count:
            found[name] = len(getattr(g, name))
    return cast(GameView, found)  # (the sections that follow complete it)


def _public_player(pl: PlayerState, lean: bool = False) -> PlayerView:
    """A seat as the others see it: its public fields, and how many items each of its
    owner-only fields holds (cards in hand, on offer, in the draft), with its tags."""
    found = cast(PlayerView, _shown(pl, _PLAYER, False, lean))
    found["tags"] = tag_counts(pl)
    return found


def _own_player(pl: PlayerState, lean: bool = False) -> PlayerView:
    """A seat as its owner sees it: its public and owner-only fields, with its tags."""
    found = cast(PlayerView, _shown(pl, _PLAYER, True, lean))
    found["tags"] = tag_counts(pl)
    return found


def _options(g: GameState, lean: bool = False) -> OptionsView:
    """How the game is set up, as a player may see it (no seed)."""
    return cast(OptionsView, _shown(g.options, _OPTIONS, False, lean))


def _pending(g: GameState) -> list[int]:
    """Who must decide now (each seat's queue is its own: the others see only that a
    decision waits, never what it is)."""
    return [p for p, queue in enumerate(g.queues) if queue and queue[0]["op"] == "ask"]


# ---------------------------------------------------------------- the log
def _record(entry: dict[str, Any]) -> dict[str, Any]:
    """A copy of one log record: flat values, or one level of lists and dicts (the generic
    :func:`to_dict` costs several times more, and the log is the longest part of a view)."""
    return {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v)
            for k, v in entry.items()}


# The last log seen and its copies: a record is never changed once logged and a game's
# copy shares its records (:meth:`tm.game.Game.copy`), so a view built after a move, or
# of a staged copy, begins with the last log's records and copies only the ones after
# them. Views share these copies, which no reader changes (views are read, never written).
_LAST_LOG: tuple[list[dict[str, Any]], list[dict[str, Any]]] = ([], [])


def _log_copies(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log's records copied (:func:`_record`), reusing the last call's copies of the
    records it begins with (list equality tests identity first: a few µs for the same)."""
    global _LAST_LOG
    seen, copies = _LAST_LOG
    same = min(len(seen), len(log))
    kept = copies[:same] if seen[:same] == log[:same] else []
    found = kept + [_record(entry) for entry in log[len(kept):]]
    _LAST_LOG = (list(log), found)
    return found


# ---------------------------------------------------------------- what everyone may work out
def _standings(g: GameState, lean: bool = False) -> Standings:
    """Every milestone and award in play: who took it, whether it is still open (R-ACT-3,
    R-ACT-4) and each player's measure (``lean``: see :func:`view_for`)."""
    claimed = {name: p for name, p in g.milestones}
    funded = {name: p for name, p in g.awards}
    seats = range(len(g.players))
    ms_open = not g.over and len(g.milestones) < milestones.MAX_CLAIMED
    aw_open = not g.over and len(g.awards) < len(milestones.FUND_COSTS)
    rules = rules_of(g)
    return {
        "milestones": [{"name": name, "needed": rules.milestones[name].threshold,
                        "cost": milestones.CLAIM_COST, "claimed_by": claimed.get(name),
                        "open": ms_open and name not in claimed,
                        "values": [milestones.milestone_value(g, p, name) for p in seats
                                   if not lean or (ms_open and name not in claimed)]}
                       for name in rules.milestones],
        "awards": [{"name": name, "cost": milestones.fund_cost(g), "funded_by": funded.get(name),
                    "open": aw_open and name not in funded,
                    "values": [milestones.award_value(g, p, name) for p in seats]}
                   for name in rules.awards],
    }


# ---------------------------------------------------------------- the viewer's own
def _usable(g: GameState, p: int, lean: bool = False) -> UsableView:
    """The viewer's cards in hand, standard projects, milestones and awards, each with
    what it costs and why it cannot be used now (``lean``: the hand alone)."""
    pl = g.players[p]
    return {
        "hand": [(_lean_hand_card if lean else _hand_card)(g, p, n) for n in pl.hand
                 if deal_of(g).readable(n)],  # (a sealed card this device cannot read)
        "projects": [] if lean else [_project(g, p, name) for name in action_checks.projects_of(g)],
        "milestones": [] if lean else [_milestone(g, p, name)
                                       for name in rules_of(g).milestones],
        "awards": [] if lean else [_award(g, p, name) for name in rules_of(g).awards],
    }


def _draft(g: GameState, p: int) -> DraftView | None:
    """During a draft: the cards the viewer kept so far this round (their own) and the
    seat the rest of their hand goes to (R-GEN-4)."""
    if g.phase != "draft":
        return None
    return {"kept": list(g.players[p].drafted),
            "pass_to": (p + phases.draft_direction(g)) % len(g.players)}


def _hand_card(g: GameState, p: int, name: str) -> HandEntry:
    reasons = playability.card_reasons(g, p, name)
    return {"name": name, "cost": cost_of(g, p, card(name)), "playable": not reasons,
            "reasons": reasons}


def _lean_hand_card(g: GameState, p: int, name: str) -> HandEntry:
    """A card in hand as a lean view has it: its cost, and only the production it would
    lower below what the rules allow (R-PROD-2) among its reasons."""
    c = card(name)
    reasons = playability.step_reasons(g, p, name, [
        s for s in play_steps_to_check(g, c) if s["k"] == "prod"]) if _has_prod_step(name) else []
    return {"name": name, "cost": cost_of(g, p, c), "playable": not reasons, "reasons": reasons}


@cache
def _has_prod_step(name: str) -> bool:
    """Whether a card's play has a production step (the only reasons a lean view lists)."""
    return any(s["k"] == "prod" for s in card(name).play)


def _project(g: GameState, p: int, name: str) -> ProjectEntry:
    reasons = playability.project_reasons(g, p, name)
    return {"name": name, "cost": action_checks.project_cost(g, p, name), "available": not reasons,
            "reasons": reasons}


def _milestone(g: GameState, p: int, name: str) -> MilestoneEntry:
    reasons = playability.milestone_reasons(g, p, name)
    return {"name": name, "cost": milestones.CLAIM_COST, "available": not reasons,
            "reasons": reasons, "current": milestones.milestone_value(g, p, name),
            "needed": rules_of(g).milestones[name].threshold}


def _award(g: GameState, p: int, name: str) -> AwardEntry:
    reasons = playability.award_reasons(g, p, name)
    standings = [milestones.award_value(g, pl.index, name) for pl in g.players]
    return {"name": name, "cost": milestones.fund_cost(g), "available": not reasons,
            "reasons": reasons, "standings": standings}


def _decision(g: GameState, p: int) -> DecisionView | None:
    """The viewer's waiting decision: its kind, its details and its listed choices."""
    queue = g.queues[p]
    if not queue or queue[0]["op"] != "ask":
        return None
    prompt = Prompt(g, p, queue[0])
    details = {k: plain(v) for k, v in queue[0].items() if k not in ("op", "kind", "on")}
    if details.get("offers"):  # setup: what each offer holds (cards, colony tiles ...)
        describe_offers(g, details["offers"])
    offered = [card(name) for name in details.get("cards") or () if deal_of(g).readable(name)]
    costs = {c.name: cost_of(g, p, c) for c in offered if not c.is_corporation}
    return {"kind": prompt.kind, "purpose": prompt.purpose, "data": details,
            "choices": [c.to_dict() for c in prompt.choices()], "costs": costs}

