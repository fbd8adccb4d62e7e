"""The screen model: everything one redraw shows, built once per update.

:func:`assemble` puts ``game.view(viewer)`` (the page's only read model of the game) and
the frozen records the App's controllers give of their state (which screen, notices,
tools, the hand's settings, play by link, bots, the language) into a frozen
:class:`Screen`; the renderers are pure functions of it. Nothing here or in a renderer
reads the engine's state or calls a rule: what the page shows of the game comes from
the view, and words come from the catalog.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

from tm.core.contract import Choice
from tm.view_kept import KeepingObserver
from tm.view_model import DecisionView, GameView, ListedChoice, YouView
from tm.web.i18n import t
from tm.web.model_links import LinkPlayShown

if TYPE_CHECKING:
    from tm.bots.hint import Hint
    from tm.web.saves import SaveEntry

View = GameView  # the engine's view() of one viewer (tm.view_model)
COLOUR_CHOICES: tuple[str, ...] = ("red", "green", "blue", "yellow", "black")
RESOURCES = ("megacredits", "steel", "titanium", "plants", "energy", "heat")  # board order


class PendingPrompt(Protocol):
    """What the App uses of a waiting decision to answer it (its listed choices)."""

    @property
    def kind(self) -> str: ...
    @property
    def purpose(self) -> str: ...
    @property
    def data(self) -> Any: ...
    def choices(self) -> list[Choice]: ...


@dataclass(frozen=True, slots=True)
class Tools:
    """The tool bar and the dialogs over the game: what can act now."""

    can_undo: bool = False
    can_redo: bool = False
    can_replay: bool = False
    show_scores: bool = False
    share_link: str | None = None
    from_link: bool = False
    undo_ask: int | None = None  # asking before taking back this player's move
    undoing: bool = False  # in a run of undos: the hand-off waits for "done"
    copied: bool = False  # the shown link is on the clipboard
    can_share: bool = True  # a share link or a file of the game can be made (not of a
    # sealed game: its moves name tokens, and this device's record is what opens it)


@dataclass(frozen=True, slots=True)
class HandPrefs:
    """How the viewer looks at cards: the hand's order and tag filter, the card whose
    full text is open (the page's own choices, not the game's)."""

    sort: str = "playable"
    tag: str | None = None
    reading: str | None = None


@dataclass(frozen=True, slots=True)
class ReplayAt:
    """Where the replay viewer stands."""

    pos: int
    total: int
    generation: int


@dataclass(frozen=True, slots=True)
class BotsShown:
    """What the screen shows of bots: each seat's level ("" a person), the bot deciding
    now, and the hint asked for (with the index of its choice, to light it; still being
    thought; ranked by the expert's search or the hard bot's scores)."""

    levels: tuple[str, ...] = ()
    thinking: int | None = None
    can_hint: bool = False
    hint: Hint | None = None
    hint_index: int | None = None
    hint_player: int | None = None
    hint_thinking: bool = False  # the expert is still weighing the hint's choices
    hint_expert: bool = False  # the hint is the expert's judgement (not a quick estimate)


@dataclass(frozen=True, slots=True)
class RecapShown:
    """The recap of the others' moves since ``seat`` last acted: the log index it starts
    at and the action shown alone (None: all of them). Its lines are read from the view's
    log (:mod:`tm.web.recap`)."""

    seat: int
    since: int = 0
    step: int | None = None
    on_board: bool = False  # the board shows the stepped action (the dock at the foot)
    setup: bool = False  # the others' setup and preludes recapped too (played by link)


@dataclass(frozen=True, slots=True)
class ShownRecord:
    """The controllers' shared record, frozen for one redraw (see
    :class:`tm.web.app_base.Shown`)."""

    name: str
    notice: str | None = None
    notice_rule: str = ""
    info: str | None = None
    viewer: int | None = None
    colours: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Screen:
    """One redraw: the screen's name and all it shows (``view`` is ``game.view(viewer)``;
    renderers only read it)."""

    name: str  # start, handoff, game or replay
    language: str = "en"  # the words the screen is drawn in
    notice: str | None = None
    notice_rule: str = ""  # the rule a refused move broke
    info: str | None = None
    view: View | None = None
    viewer: int | None = None
    colours: tuple[str, ...] = ()
    tools: Tools = Tools()
    replay: ReplayAt | None = None
    history: tuple[Mapping[str, Any], ...] = ()  # end screen: VP and TR by generation
    link: str | None = None  # end screen: the link that opens the game
    form: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    saves: tuple[SaveEntry, ...] = ()
    log_depth: int = 2  # generations of the log shown (0: all)
    open_tableaux: frozenset[int] = frozenset()  # others' played cards drawn (opened)
    staged: bool = False  # an action under way in the page, not yet sent to the game
    held: tuple[Mapping[str, Any], ...] = ()  # a complete action's answers, to confirm
    hand: HandPrefs = HandPrefs()
    linkplay: LinkPlayShown | None = None  # play by link and the daily challenge
    bots: BotsShown | None = None  # seats bots play, the one thinking, the hint (app_bots)
    recap: RecapShown | None = None  # the others' moves since the viewer last acted

    @property
    def game(self) -> View:
        """The view of the game on screen (only on screens that show one)."""
        assert self.view is not None
        return self.view

    @property
    def turn(self) -> int | None:
        """Whose decision shows: the viewer's if they have one, else the lowest seat's
        (the App answers the same one); None when nobody must decide."""
        if self.view is None or self.view["over"]:
            return None
        pending = self.view["pending"]
        if self.viewer in pending:
            return self.viewer
        return pending[0] if pending else None

    @property
    def decision(self) -> DecisionView | None:
        """The viewer's own decision (its kind, purpose, data and listed choices)."""
        if self.view is None or self.turn is None or self.turn != self.viewer:
            return None
        you = self.view.get("you")
        return you["decision"] if you else None

    @property
    def you(self) -> YouView | None:
        """The viewer's own part of the view (hand, projects, milestones, awards). Once
        the game is over the hand is only listed: nothing is playable, so no card says why
        it is not."""
        you = self.view.get("you") if self.view is not None else None
        if you is None or not self.game["over"]:
            return you
        return {**you, "hand": [{**entry, "reasons": []} for entry in you["hand"]]}


class ViewCache:
    """The views last built, reused while their game has not moved: page-only actions
    (sorting the hand, opening a card's text) redraw without building the view again. A
    game only changes by a move, by undo or by a restore, and the last two replace its
    state. Two viewers' views are kept: the hand-off's (nobody's) and the next player's,
    built ahead while the hand-off shows (:meth:`tm.web.app.App.prepare_reveal`). A view
    built again is built by the page's own observer (:class:`tm.view_kept.KeepingObserver`),
    which works out again only the sections whose inputs the move changed (the hand's
    playability card by card, the cards' VP, the standings): the same view as
    ``game.view(viewer)`` gives, the page's own copy."""

    KEPT = 2

    def __init__(self) -> None:
        self._kept: dict[int | None, tuple[tuple[Any, ...], View]] = {}  # by viewer
        # the page's reader of views: works out again only the sections whose inputs changed
        self.observer = KeepingObserver()

    def forget(self) -> None:
        """Build every view again (a sealed game's device read new cards: its views name
        them, with no move made)."""
        self._kept.clear()
        self.observer = KeepingObserver()

    @staticmethod
    def _matches(key: tuple[Any, ...], game: Any) -> bool:
        return key[0] is game and key[1] is game.state and key[2] == len(game.moves)

    def view(self, game: Any, viewer: int | None) -> View:
        """``game.view(viewer)``, built again only when the game moved."""
        kept = self._kept.get(viewer)
        if kept is not None and self._matches(kept[0], game):
            self._kept[viewer] = self._kept.pop(viewer)  # (the latest used last)
            return kept[1]
        view: View = game.view_by(self.observer, viewer)  # (as game.view(viewer))
        self._kept.pop(viewer, None)
        self._kept[viewer] = ((game, game.state, len(game.moves)), view)
        while len(self._kept) > self.KEPT:
            del self._kept[next(iter(self._kept))]
        return view

    def listed(self, game: Any, player: int) -> list[ListedChoice] | None:
        """The choices of ``player``'s decision as their kept view listed them, when that
        view is of ``game`` as it stands (a click answers what was shown, and listing the
        action menu's choices again costs more than the answer); else None."""
        kept = self._kept.get(player)
        if kept is None or not self._matches(kept[0], game):
            return None
        you = kept[1].get("you")
        decision = you.get("decision") if you else None
        return list(decision["choices"]) if decision else None


def player_name(view: View, p: Any) -> str:
    """A player's name; anyone else (the neutral player of the solo game) as "neutral"."""
    players = view["players"]
    if isinstance(p, int) and 0 <= p < len(players):
        return str(players[p]["name"])
    return t("game.neutral")


def colours_for(chosen: Sequence[str], count: int) -> tuple[str, ...]:
    """Each seat's colour: the chosen ones, then the defaults in order."""
    colours = [str(c) for c in chosen][:count]
    return tuple(colours + list(COLOUR_CHOICES[len(colours):count]))


class HasScreen(Protocol):
    """Anything that builds a screen model (the App)."""

    def screen_model(self) -> Screen: ...


def screen_of(app: HasScreen) -> Screen:
    """The model of what the App shows now (see :func:`assemble`)."""
    return app.screen_model()


@dataclass(frozen=True, slots=True)
class GameShown:
    """The game side of a redraw: the view (built once, by the App's view cache), and on
    the end screen its history and link; ``replay`` while stepping through."""

    view: View
    staged: bool = False
    held: tuple[Mapping[str, Any], ...] = ()
    log_depth: int = 2
    open_tableaux: frozenset[int] = frozenset()
    replay: ReplayAt | None = None
    history: tuple[Mapping[str, Any], ...] = ()
    link: str | None = None


def assemble(shown: ShownRecord, language: str, hand: HandPrefs, tools: Tools,
             linkplay: LinkPlayShown | None, bots: BotsShown | None,
             game: GameShown | None = None, form: Mapping[str, str] | None = None,
             saves: tuple[SaveEntry, ...] = (), recap: RecapShown | None = None) -> Screen:
    """One redraw's model from the controllers' frozen records (no game: the start)."""
    common: dict[str, Any] = {"notice": shown.notice, "info": shown.info, "hand": hand,
                              "notice_rule": shown.notice_rule, "language": language,
                              "linkplay": linkplay, "bots": bots}
    if game is None:
        return Screen(name="start", **common, form=MappingProxyType(dict(form or {})),
                      saves=saves)
    return Screen(name=shown.name, **common, view=game.view, viewer=shown.viewer,
                  colours=colours_for(shown.colours, len(game.view["players"])),
                  tools=tools, replay=game.replay, history=game.history, link=game.link,
                  log_depth=game.log_depth, open_tableaux=game.open_tableaux,
                  staged=game.staged, held=game.held,
                  recap=recap)
