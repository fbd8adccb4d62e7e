"""What one player may see and needs to decide: the read model of the page.

``view_for(g, viewer)`` is plain JSON-ready data, an explicit projection of the state (an
allow-list): every field of the state's dataclasses carries a mark saying who sees it
(:func:`tm.core.state.seen`: everyone, its owner only, or nobody; with ``count`` the others see
how many items it holds), each expansion marks the keys of its section the same way
(``Manifest.seen``), and the view is built from named sections that copy only what the
marks allow: the game's public fields (:func:`_game_fields`, the face-down piles as
counts), each seat as the others see it (:meth:`Observer.seat`: hands, offers and draft
cards as counts) or as its owner does, the options a player may see (what ``to_dict``
leaves out while unset, too), the board (:meth:`Observer.spaces`, :meth:`Observer.map`),
the global parameters with their goals (:func:`tm.view_board.parameters_section`) and each
expansion's section (``view_sections``). A field without a mark is never shown. Before the
sections read it, the state is taken to the viewer's moment (:func:`tm.simultaneous.as_seen_by`):
another seat's choice in research or a draft round shows only once every seat has chosen
(and a sealed game's cards are read through the device's dealer: tm.prompts.sealed).

Beside the state it carries what a player needs to decide: live scores, each player's tags
in play, where everyone stands on each milestone and award, who must decide now, and for
the viewer (``you``) each card in hand (it reads) with its cost after discounts and whether
it can be played now with every reason if not, the same for standard projects, milestones
and awards, and the decision waiting for them (with each offered card's cost).

Views are built by an observer (:class:`Observer`), one method per section: a reader that
asks often owns one and keeps what it may (the game's keeps the log's copies, the page's
whole sections: tm.view_kept, a rollout's shares the board: tm.bots.lean_view);
:func:`view_for` builds one anew.

The view's shape is typed, node by node, in :mod:`tm.view_model` (:class:`GameView` and
its nodes): the section builders return those nodes, and the page and the bots read them,
so mypy checks every key they read.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
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
from tm.view_board import Printed, map_section, parameters_section, printed_spaces, spaces
from tm.view_model import (
    AwardEntry,
    DecisionView,
    DraftView,
    GameView,
    HandEntry,
    LogEntry,
    MapView,
    MilestoneEntry,
    OptionsView,
    PlayerView,
    ProjectEntry,
    ScoreRow,
    SpaceView,
    Standings,
    UsableView,
)

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


def view_for(g: GameState, viewer: int | None) -> GameView:
    """The read model for ``viewer`` (None: a spectator, who sees no hand at all), built
    anew: nothing kept from an earlier view (a reader that asks often keeps its own
    :class:`Observer`: the game's, the page's, a rollout's)."""
    return Observer().view(g, viewer)


class Observer:
    """A reader of views: it builds each view from named sections, one method each, which a
    kind of reader overrides to keep or leave out what it may (the page keeps sections
    while their inputs are the same: :class:`tm.view_kept.KeepingObserver`; the bots'
    rollouts read lean views: :class:`tm.bots.lean_view.LeanObserver`). Each observer owns
    what it keeps (nothing module-wide). This one keeps only the log's copies
    (:meth:`log`); every view it hands out is the reader's own copy, but the log's records,
    which no reader changes."""

    def __init__(self) -> None:
        self._log: tuple[list[LogEntry], list[LogEntry]] = ([], [])
        self._printed: tuple[object, Printed] = (None, ())  # (the map, its printed spaces)

    def __reduce__(self) -> tuple[type[Observer], tuple[()]]:
        """Copied or pickled (a device's record, a game's copy) it keeps nothing: what it
        kept is worked out again, and its printed board (read-only) cannot be copied."""
        return type(self), ()

    def view(self, g: GameState, viewer: int | None) -> GameView:
        """The read model for ``viewer`` (see :mod:`tm.view`)."""
        with memo.reading():  # (building it only reads the game: questions asked again are
            return self.build(as_seen_by(g, viewer), viewer)  # answered once)

    def build(self, g: GameState, viewer: int | None) -> GameView:
        """The view of ``g`` as the viewer may see it now, section by section."""
        mine = viewer is not None and 0 <= viewer < len(g.players)
        seats = [self.seat(pl, mine and pl.index == viewer) for pl in g.players]
        data = _game_fields(g, seats, self.field)
        data["options"] = cast(OptionsView, _shown(g.options, _OPTIONS, False, self.field))
        data["log"] = self.log(g)
        data["expansions"] = view_sections(g, viewer)
        data["spaces"] = self.spaces(g)
        data["map"] = self.map(g)
        data["parameters"] = parameters_section(g)
        data["scores"] = self.scores(g)
        data["winners"] = winners(g) if g.over else []
        data["last_generation"] = data["map"]["last_generation"]
        data["pending"] = _pending(g)
        data["standings"] = self.standings(g)
        if viewer is not None and mine:
            worked = self.usable(g, viewer)
            data["you"] = {"player": viewer, "hand": worked["hand"],
                           "projects": worked["projects"], "milestones": worked["milestones"],
                           "awards": worked["awards"], "decision": self.decision(g, viewer),
                           "draft": _draft(g, viewer)}
        return data

    # ------------------------------------------------------------ the sections
    def field(self, value: object) -> object:
        """A state field's value as a view holds it: a copy."""
        return to_dict(value)

    def seat(self, pl: PlayerState, mine: bool) -> PlayerView:
        """A seat as its owner (``mine``) or the others see it: its public fields, its
        owner-only ones (for the others, how many items each holds), its tags."""
        found = cast(PlayerView, _shown(pl, _PLAYER, mine, self.field))
        found["tags"] = tag_counts(pl)
        return found

    def log(self, g: GameState) -> list[LogEntry]:
        """The log's records copied (:func:`_record`), reusing the last view's copies of
        the records it begins with: a record is never changed once logged and a game's
        copy shares its records (:meth:`tm.game.Game.copy`), so a view built after a move,
        or of a staged copy, copies only the records after them (list equality tests
        identity first: a few µs for the same)."""
        seen, copies = self._log
        same = min(len(seen), len(g.log))
        kept = copies[:same] if seen[:same] == g.log[:same] else []
        found = kept + [_record(entry) for entry in g.log[len(kept):]]
        self._log = (list(g.log), found)
        return found

    def printed(self, g: GameState) -> Printed:
        """The printed board of ``g``'s map (kept: a game's map never changes)."""
        board_def = rules_of(g).map
        if self._printed[0] is not board_def:
            self._printed = (board_def, printed_spaces(board_def))
        return self._printed[1]

    def spaces(self, g: GameState) -> list[SpaceView]:
        """Every space of the board with what lies on it, each a copy."""
        return spaces(g, self.printed(g))

    def map(self, g: GameState) -> MapView:
        """The board's name, title, milestones, awards and track bonuses."""
        return map_section(g)

    def scores(self, g: GameState) -> list[ScoreRow]:
        """Each player's score by part, with the cards worth VP (the tableaux are public)."""
        return [ScoreRow(**row, card_points=card_points(g, row["player"])) for row in scores(g)]

    def standings(self, g: GameState) -> Standings:
        """Every milestone and award in play: who took it, whether open, each measure."""
        return standings(g)

    def usable(self, g: GameState, p: int) -> UsableView:
        """The viewer's cards in hand (:meth:`hand_card`), standard projects, milestones
        and awards (:meth:`menu`), each with what it costs and why it cannot be used now."""
        found = self.menu(g, p)
        found["hand"] = [self.hand_card(g, p, n) for n in g.players[p].hand
                         if deal_of(g).readable(n)]  # (a sealed card this device cannot read)
        return found

    def menu(self, g: GameState, p: int) -> UsableView:
        """The viewer's standard projects, milestones and awards (``hand`` left empty)."""
        return {"hand": [],
                "projects": [_project(g, p, name) for name in action_checks.projects_of(g)],
                "milestones": [_milestone(g, p, name) for name in rules_of(g).milestones],
                "awards": [_award(g, p, name) for name in rules_of(g).awards]}

    def decision(self, g: GameState, p: int) -> DecisionView | None:
        """The viewer's waiting decision: its kind, its details and its listed choices."""
        return _decision(g, p)

    def hand_card(self, g: GameState, p: int, name: str) -> HandEntry:
        """A card in hand: its cost after discounts, whether it can be played, why not."""
        reasons = playability.card_reasons(g, p, name)
        return {"name": name, "cost": cost_of(g, p, card(name)), "playable": not reasons,
                "reasons": reasons}


Copier = Callable[[object], object]


def _shown(obj: Any, marks: Marks, mine: bool, copy: Copier) -> dict[str, Any]:
    """The fields of ``obj`` its marks let a reader see (``mine``: the reader owns it),
    through ``copy`` (:meth:`Observer.field`), the size of what they may only count."""
    found: dict[str, Any] = {}
    for name, who, count in marks:
        if left_out(obj, name):
            continue
        if who == "public" or (mine and who == "owner"):
            found[name] = copy(getattr(obj, name))
        elif count:
            found[name] = len(getattr(obj, name))
    return found


# ---------------------------------------------------------------- the state's sections
def _game_fields(g: GameState, seats: list[PlayerView], copy: Copier) -> GameView:
    """The game's own fields, in order: the public ones through ``copy``, the face-down
    piles as their sizes, the seats as given (the options, the log and the expansions'
    sections follow the fields: :meth:`Observer.build`)."""
    found: dict[str, Any] = {}
    for name, who, count in _GAME:
        if name == "players":
            found[name] = seats
        elif name in _LATER or left_out(g, name):
            continue
        elif who == "public":
            found[name] = copy(getattr(g, name))
        elif count:
            found[name] = len(getattr(g, name))
    return cast(GameView, found)  # (the sections that follow complete it)


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


# ---------------------------------------------------------------- what everyone may work out
def standings(g: GameState, values: bool = True) -> Standings:
    """Every milestone and award in play: who took it, whether it is still open (R-ACT-3,
    R-ACT-4) and each player's measure (a milestone's, when ``values`` is False, only while
    it is open: what a lean view leaves out, tm.bots.lean_view)."""
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
                                   if values or (ms_open and name not in claimed)]}
                       for name in rules.milestones],
        "awards": [{"name": name, "cost": milestones.fund_cost(g), "funded_by": funded.get(name),
                    "open": aw_open and name not in funded,
                    "values": [milestones.award_value(g, p, name) for p in seats]}
                   for name in rules.awards],
    }


# ---------------------------------------------------------------- the viewer's own
def _draft(g: GameState, p: int) -> DraftView | None:
    """During a draft: the cards the viewer kept so far this round (their own) and the
    seat the rest of their hand goes to (R-GEN-4)."""
    if g.phase != "draft":
        return None
    return {"kept": list(g.players[p].drafted),
            "pass_to": (p + phases.draft_direction(g)) % len(g.players)}


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

