"""The shape of the read model: the typed tree :func:`tm.view.view_for` builds and the page
(``tm/web``) and the bots (``tm/bots``) read, so that ``mypy`` checks every key they read.

The root is :class:`GameView`; its nodes are a player as the others see them and as
their owner does (:class:`PlayerView`: an owner-only field is a list for its owner and the
number of items it holds for anyone else), the viewer's own part (:class:`YouView`: the
hand with costs and reasons, standard projects, milestones, awards, the waiting
decision), the board (:class:`SpaceView`, :class:`MapView`), the global parameters
(:class:`ParameterView`), the standings, the scores and the options.

These are static types only: the view is plain JSON-ready data (dicts and lists), built
and compared as such. A few leaves stay JSON edges, said where they are: a log record
(its shape per key is :data:`tm.core.records.RECORDS`), an expansion's section (its keys
are marked by its manifest's ``seen``), a decision's details (the ask's shape per kind is
:data:`tm.core.contract.ASKS`), a listed choice (a response's fields and its
``label``) and a reason or label (a record the page words: ``key`` and fields).

(No ``from __future__ import annotations`` here: on Python 3.11 a ``TypedDict`` sees
``NotRequired`` only in evaluated annotations.)
"""

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict

from tm.core.contract import Kind, Label, Purpose
from tm.rules.scoring import CardPoints as CardPoints  # (re-exported: the page reads it here)
from tm.rules.scoring import Score

Words = Label  # a reason or a label: a record the page words (``key`` and its fields)
LogEntry = dict[str, Any]  # one log record: ``key`` and the fields of RECORDS[key]
Section = Mapping[str, Any]  # an expansion's section: the keys its manifest marks seen
ListedChoice = dict[str, Any]  # a listed choice: its response's fields and ``label``


class PlayerView(TypedDict):
    """A seat as the viewer sees it (the marks of :class:`tm.core.state.PlayerState`): an
    owner-only field (``hand``, ``dealt_corps``, ``setup_choice``, ``offer``,
    ``draft_hand``, ``drafted``) holds its items for its owner and, for anyone else, the
    number of items it holds; ``tags`` counts the tags in play."""

    index: int
    name: str
    corporation: str | None
    res: dict[str, int]
    prod: dict[str, int]
    tr: int
    hand: list[str] | int
    played: list[str]
    events: list[str]
    card_res: dict[str, int]
    used_actions: list[str]
    dealt_corps: list[str] | int
    setup_choice: Mapping[str, Any] | int
    offer: list[str] | int
    draft_hand: list[str] | int
    drafted: list[str] | int
    first_action_due: bool
    tr_raised_gen: int
    next_card: list[str]
    next_card_gen: int
    passed: bool
    tags: dict[str, int]


class OptionsView(TypedDict):
    """How the game is set up, as a player may see it (never a seed)."""

    players: int
    expansions: list[str]
    draft: bool
    board: str
    names: list[str]
    beginners: list[int]
    first_player: int | None
    strict_undo: bool
    bots: list[str]
    sealed: NotRequired[bool]  # only when set: secret hands across devices


class BoardEntry(TypedDict):
    """What lies on a space (the game's ``board``, by space id)."""

    tile: str | None
    owner: int | None
    claim: NotRequired[int]
    card: NotRequired[str]


class SpaceView(TypedDict):
    """A space of the board: its printed facts and what lies on it now."""

    id: str
    kind: str
    row: int
    x: int
    volcanic: bool
    bonus: list[str]
    name: str | None
    reserved_for: str | None
    cost: int
    effect: str | None
    neighbors: list[str]
    tile: str | None
    owner: int | None
    claim: int | None
    card: str | None


class TrackBonusView(TypedDict):
    param: str
    at: int
    gain: str


class MapView(TypedDict):
    """The board's name, title, milestones, awards, track bonuses and, in solo, the
    generation the game ends with."""

    name: str
    title: str
    milestones: list[str]
    awards: list[str]
    track_bonuses: list[TrackBonusView]
    last_generation: int | None


class ParameterView(TypedDict):
    """A global parameter: where it stands, its track and whether it is maxed."""

    value: int
    start: int
    max: int
    step: int
    maxed: bool


ScorePart = Literal["tr", "milestones", "awards", "greeneries", "cities", "cards", "total"]


class ScoreRow(Score):
    """A player's score now, by part (``megacredits``: the tie-break, R-END-3)."""

    card_points: list[CardPoints]  # the cards' part, card by card (sums to ``cards``)


class MilestoneStanding(TypedDict):
    """A milestone in play: who claimed it, whether it is open, each player's measure."""

    name: str
    needed: int
    cost: int
    claimed_by: int | None
    open: bool
    values: list[int]


class AwardStanding(TypedDict):
    """An award in play: who funded it, whether it is open, each player's measure."""

    name: str
    cost: int
    funded_by: int | None
    open: bool
    values: list[int]


class Standings(TypedDict):
    milestones: list[MilestoneStanding]
    awards: list[AwardStanding]


class HandEntry(TypedDict):
    """A card in the viewer's hand: its cost after discounts, and why it cannot be
    played now (none: ``playable``)."""

    name: str
    cost: int
    playable: bool
    reasons: list[Words]


class MenuEntry(TypedDict):
    """An entry of the action menu's listed groups: its cost after discounts and why it
    is not open now (none: ``available``)."""

    name: str
    cost: int
    available: bool
    reasons: list[Words]


class ProjectEntry(MenuEntry):
    """A standard project."""


class MilestoneEntry(MenuEntry):
    """A milestone as the viewer may claim it: their measure and the threshold."""

    current: int
    needed: int


class AwardEntry(MenuEntry):
    """An award as the viewer may fund it: every player's measure."""

    standings: list[int]


class DecisionView(TypedDict):
    """The viewer's waiting decision: its kind and purpose, its details (the ask without
    ``op``, ``kind``, ``on``: a JSON edge, shaped per kind by ``ASKS``), its listed
    choices and the cost after discounts of each card it offers."""

    kind: Kind
    purpose: Purpose
    data: Mapping[str, Any]
    choices: list[ListedChoice]
    costs: dict[str, int]


class DraftView(TypedDict):
    """During a draft: the cards kept so far this round and the seat the rest go to."""

    kept: list[str]
    pass_to: int


class UsableView(TypedDict):
    """What the viewer may use, each with its cost and why not now (worked out from the
    state but its decision queues; the page's observer keeps it while its inputs are the
    same: tm.view_kept)."""

    hand: list[HandEntry]
    projects: list[ProjectEntry]
    milestones: list[MilestoneEntry]
    awards: list[AwardEntry]


class YouView(TypedDict):
    """The viewer's own part of the view."""

    player: int
    hand: list[HandEntry]
    projects: list[ProjectEntry]
    milestones: list[MilestoneEntry]
    awards: list[AwardEntry]
    decision: DecisionView | None
    draft: DraftView | None


class GameView(TypedDict):
    """What one viewer sees of the game (``you``: a seated viewer's own part; a spectator
    has none). The face-down piles (``deck``, ``discard``, ``corp_deck``) are counts."""

    phase: str
    generation: int
    first_player: int
    active: int
    actions_this_turn: int
    temperature: int
    oxygen: int
    oceans: int
    board: dict[str, BoardEntry]
    deck: int
    discard: int
    corp_deck: int
    players: list[PlayerView]
    milestones: list[list[Any]]  # [name, player] in claim order
    awards: list[list[Any]]  # [name, player] in funding order
    draft_round: int
    reveals: int
    over: bool
    final_greenery: list[int]
    sealed: NotRequired[dict[str, Any]]  # a sealed game's piles and shown cards
    options: OptionsView
    log: list[LogEntry]
    expansions: dict[str, Section]
    spaces: list[SpaceView]
    map: MapView
    parameters: dict[str, ParameterView]
    scores: list[ScoreRow]
    winners: list[int]
    last_generation: int | None
    pending: list[int]
    standings: Standings
    you: NotRequired[YouView]
