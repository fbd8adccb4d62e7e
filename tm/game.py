"""The public face of the engine: :class:`Game`.

A game is ``(options, moves)``: :meth:`Game.new` deals from the seeded RNG,
:meth:`Game.respond` checks and applies one decision, and replaying the moves
reproduces the state exactly (saves, links and undo rely on it).

A sealed game (``Options(sealed=True)``, issue 32) is played across devices with secret
hands: its state holds tokens for unshown cards (:mod:`tm.core.sealed`), and each device
gives the game its dealer, which opens the cards that device may read:
``Game.new(options, dealer=...)``, ``Game.from_save(data, dealer=...)``, or
``game.dealer = ...`` (never saved, copied or shown; seeded games have none). The game
holds it in its deal (:mod:`tm.core.dealing`: how every game's cards come off its decks),
never in its state. Its choices
and views name that device's cards; responses carry tokens (:mod:`tm.prompts.sealed`).
"""
from __future__ import annotations

import pickle  # (Game.copy: imported with the engine, so a first staged action waits for no import)
from typing import Any

from tm.cards import corporation_deck, project_deck

# Importing these registers their ops and prompt handlers.
from tm.core import manifest as expansions
from tm.core.contract import Choice, Response
from tm.core.dealer import Dealer
from tm.core.dealing import Deal, bind, deal_for, deal_of, playing, unbind
from tm.core.errors import IllegalMove, SaveError, reason
from tm.core.flow import HANDLERS, run
from tm.core.ledger import log
from tm.core.rng import Rng
from tm.core.ruleset import rules_of, start_sections
from tm.core.sealed import replaced
from tm.core.state import RESOURCES, GameState, Options, PlayerState, from_dict, to_dict
from tm.core.values import is_int
from tm.options_check import check_options
from tm.persist import saves
from tm.persist.codec import state_digest
from tm.persist.saves import Base, Move, RulesNote
from tm.prompts.kinds import Prompt, stage
from tm.prompts.sealed import engine_response
from tm.rules import phases
from tm.rules.scoring import Score, scores, winners
from tm.rules.solo import neutral_setup
from tm.view import Observer
from tm.view_model import GameView, ListedChoice

SOLO_TR = 14  # R-SETUP-2, R-SOLO-1
START_TR = 20


def _new_state(options: Options, deal: Deal) -> GameState:
    solo = options.players == 1
    options.expansions = [m.name for m in expansions.chosen(options)]  # R-SOLO-1
    g = GameState(options=options, rng=Rng.from_seed(options.seed))
    rules = rules_of(g)
    g.deck = deal.face_down(g, "project", project_deck(rules.card_sets))
    g.corp_deck = deal.face_down(g, "corporation", corporation_deck(rules.card_sets))
    for i in range(options.players):
        name = options.names[i] if i < len(options.names) else f"Player {i + 1}"
        pl = PlayerState(index=i, name=name, tr=SOLO_TR if solo else START_TR)
        pl.prod = dict.fromkeys(RESOURCES, rules.starting_production)  # R-SETUP-3
        g.players.append(pl)
        g.queues.append([])
    start_sections(g)
    return g


class Game:
    """A game of Terraforming Mars: state, the moves that made it, and the API."""

    def __init__(self, state: GameState, moves: list[Move] | None = None,
                 base: Base | None = None, dealer: Dealer | None = None) -> None:
        self.state = state
        # how its cards come off the decks, with this device's dealer (tm.core.dealing):
        # held here, never in the state, so saves and copies of the state know nothing of it
        self.deal: Deal = deal_of(state).with_dealer(dealer)
        self.moves: list[Move] = moves if moves is not None else []
        # Per move (rebuilt by every replay, never saved): whether it completed its
        # decision, and whether it completed what a player does at once (see action_start).
        self.decided: list[bool] = [True] * len(self.moves)
        self.whole: list[bool] = [True] * len(self.moves)
        self.revealed_at = 0  # moves before this one showed someone hidden cards
        self.base = base  # {"moves": n, "state": {...}} when continued from a stored state
        self.rules_changed: list[RulesNote] = []  # notes: why it replays differently
        self.observer = Observer()  # its views' reader (keeps the log's copies: tm.view)

    @classmethod
    def new(cls, options: Options, dealer: Dealer | None = None) -> Game:
        """Set up a game (R-SETUP) and run it to the first decisions (a sealed game's
        ``dealer``: see the module docstring)."""
        options = from_dict(Options, to_dict(options))
        check_options(options)
        deal = deal_for(options.sealed, dealer)
        g = _new_state(options, deal)
        with playing(g, deal):
            if options.players == 1:
                neutral_setup(g)  # R-SOLO-2
            first = options.first_player
            g.first_player = g.rng.below(options.players) if first is None else first  # R-SETUP-5
            g.active = g.first_player
            log(g, "setup", players=options.players, first=g.first_player)
            phases.deal(g)
            run(g, phases.advance)
        return cls(g, dealer=dealer)

    # ------------------------------------------------------------ the dealer
    @property
    def dealer(self) -> Dealer | None:
        """This device's dealer of a sealed game (None: a seeded game, or none given)."""
        return self.deal.dealer

    @dealer.setter
    def dealer(self, dealer: Dealer | None) -> None:
        self.deal = self.deal.with_dealer(dealer)

    # ------------------------------------------------------------ decisions
    @property
    def pending(self) -> list[tuple[int, Prompt]]:
        """Who must decide what now: (player, prompt) pairs."""
        found = []
        for p, queue in enumerate(self.state.queues):
            if queue and queue[0]["op"] == "ask":
                found.append((p, Prompt(self.state, p, queue[0], self.deal)))
        return found

    def prompt_for(self, player: int) -> Prompt | None:
        """The decision waiting for ``player``, if any."""
        queue = self.state.queues[player] if 0 <= player < len(self.state.queues) else []
        if queue and queue[0]["op"] == "ask":
            return Prompt(self.state, player, queue[0], self.deal)
        return None

    def respond(self, player: int, response: Choice | Response) -> None:
        """Apply one decision; IllegalMove (state unchanged) when the rules forbid it.

        ``response`` is one of ``prompt.choices()`` (a :class:`Choice`), a plain response
        (``{"type": "pass"}``: saves, links and the page send these; a stray ``label`` is
        ignored), or a whole selection or payment at once, which is recorded as the steps
        it stands for.
        """
        if self.state.over:
            raise IllegalMove(reason("move.game_over", "the game is over"), "R-END-1")
        prompt = self.prompt_for(player) if is_int(player) else None
        if prompt is None:
            raise IllegalMove(reason("move.no_decision",
                                     "no decision is waiting for that player"), "R-GEN-5")
        # a sealed card shown: named through the dealer before the checks (else as it is)
        response, undo, tokens = self.deal.shown_response(self.state, player, response)
        recorded = len(self.moves)
        bound = bind(self.state, self.deal)  # (not a context manager: every move's path)
        try:
            for step in prompt.expand(response):
                self._apply(player, step, tokens)
        except Exception:
            if len(self.moves) > recorded:
                del self.moves[recorded:]
                self._restore()
            elif undo is not None:
                undo()
            raise
        finally:
            unbind(bound)

    def _apply(self, player: int, response: Response,
               tokens: dict[str, str] | None = None) -> None:
        prompt = self.prompt_for(player)
        if prompt is None:
            raise IllegalMove(reason("move.no_decision",
                                     "no decision is waiting for that player"), "R-GEN-5")
        clean = prompt.check(response)
        g = self.state
        reveals = g.reveals
        item = g.queues[player][0]
        when = (g.phase, g.generation)
        self.moves.append([player, replaced(clean, tokens) if tokens else clean])
        final = stage(item, clean)
        if final is not None:
            g.queues[player].pop(0)
            HANDLERS[prompt.purpose](g, player, item, final)
            run(g, phases.advance)
        if g.reveals != reveals:
            self.revealed_at = len(self.moves)
        self.decided.append(final is not None)
        self.whole.append(final is not None and self._ends_action(player, reveals, when))

    def _ends_action(self, player: int, reveals: int, when: tuple[str, int]) -> bool:
        """Whether a decision just made completes what its player does at once: they are
        back at the action menu or asked nothing, the phase or generation moved on, the
        game ended, or hidden cards were shown (what was seen is never taken back apart)."""
        g = self.state
        if g.over or g.reveals != reveals or (g.phase, g.generation) != when:
            return True
        queue = g.queues[player]  # (the ask itself: no Prompt built for every move)
        return not (queue and queue[0]["op"] == "ask") or queue[0]["kind"] == "action"

    def _restore(self) -> None:
        """Rebuild the state from the start (or the stored base) and the recorded moves."""
        again = _replay(self.state.options, self.moves, self.base, self.dealer)
        self.state, self.revealed_at = again.state, again.revealed_at
        self.decided, self.whole = again.decided, again.whole

    # ------------------------------------------------------------ undo
    def undo_floor(self) -> int:
        """How many moves can never be taken back: in solo none (unless strict undo), else
        every move up to the last one that showed someone hidden cards; never the moves
        before a stored base state."""
        options = self.state.options
        floor = 0 if options.players == 1 and not options.strict_undo else self.revealed_at
        return max(floor, self.base_moves)

    def undo(self, steps: int = 1) -> list[Move]:
        """Take back the last ``steps`` moves by replaying the rest; returns the moves undone."""
        if not is_int(steps) or steps < 1:
            raise IllegalMove(reason("undo.steps",
                                     "undo takes a whole number of moves, at least 1"), "")
        target = len(self.moves) - steps
        if target < self.undo_floor():
            raise IllegalMove(reason("undo.revealed",
                                     "cannot undo past a move that revealed cards"), "")
        undone = self.moves[target:]
        earlier = _replay(self.state.options, self.moves[:target], self.base, self.dealer)
        self.state, self.moves, self.revealed_at = earlier.state, earlier.moves, earlier.revealed_at
        self.decided, self.whole = earlier.decided, earlier.whole
        return undone

    def decision_start(self, end: int) -> int:
        """Where the decision of the move before ``end`` begins: a player's steps toward
        it (amounts of a payment, picks of a selection, a row of spaces) are part of it."""
        return self._run_start(end, self.decided)

    def action_start(self, end: int) -> int:
        """Where what the player of the move before ``end`` did at once begins: an action
        with its payment, placements and choices, or any other decision whole. Hidden
        cards shown end it (the rest of that action is its own)."""
        return self._run_start(end, self.whole)

    def _run_start(self, end: int, ends: list[bool]) -> int:
        if not 0 < end <= len(self.moves):
            raise ValueError(f"a move from 1 to {len(self.moves)}")
        start, who = end - 1, self.moves[end - 1][0]
        while start > 0 and not ends[start - 1] and self.moves[start - 1][0] == who:
            start -= 1
        return start

    def at(self, count: int) -> Game:
        """A new game: this one after its first ``count`` moves (replay viewers, branches).

        A game continued from a stored state starts there: ``count`` is at least
        :attr:`base_moves`.
        """
        if not is_int(count) or not self.base_moves <= count <= len(self.moves):
            raise ValueError(f"a position from {self.base_moves} to {len(self.moves)} moves")
        return _replay(self.state.options, self.moves[:count], self.base, self.dealer)

    @property
    def base_moves(self) -> int:
        """Moves made before the stored state this game continues from (0: from the start)."""
        return int(self.base["moves"]) if self.base else 0

    # ------------------------------------------------------------ results
    @property
    def is_over(self) -> bool:
        """Whether the game has ended (after the final greenery conversion)."""
        return self.state.over

    def scores(self) -> list[Score]:
        """Per player: tr, milestones, awards, greeneries, cities, cards, total (R-END-2)."""
        return scores(self.state)

    def winners(self) -> list[int]:
        """The winning players (ties on VP broken by MC, R-END-3); solo: [0] only if won."""
        return winners(self.state)

    def view(self, player: int | None) -> GameView:
        """What ``player`` may see (others' hands hidden); None: a spectator."""
        return self.view_by(self.observer, player)

    def view_by(self, observer: Observer, player: int | None) -> GameView:
        """:meth:`view` built by ``observer`` (a page's own, keeping what did not change)."""
        with playing(self.state, self.deal):
            return observer.view(self.state, player)

    def as_response(self, listed: ListedChoice) -> Response:
        """A choice as :meth:`view` lists it, in the form :meth:`respond` takes: a sealed
        game's view names the cards this device reads, the engine's responses carry their
        tokens (its label kept: it is never replayed). Any other game's: as it is."""
        return engine_response(self.state, self.deal, listed)

    # ------------------------------------------------------------ saves
    def digest(self) -> str:
        """Checksum of the current state."""
        return state_digest(self.state)

    def to_save(self) -> dict[str, Any]:
        """Options and moves, the checksum a replay must reproduce and the state itself."""
        return saves.save_of(self)

    @classmethod
    def from_save(cls, data: Any, dealer: Dealer | None = None) -> Game:
        """Replay a save (any format ever released); SaveError if it cannot be opened.

        When a save of older rules no longer replays as saved, the game continues from the
        state stored in the save (checked whole first) and ``rules_changed`` says so; a
        stored state its moves do not reach otherwise is not used (tm/persist/saves.py).
        """
        def replay(options: Options, moves: list[Move],
                   base: Base | None) -> Game:
            return _replay(options, moves, base, dealer)

        def resumed(state: GameState, moves: list[Move], base: Base) -> Game:
            return Game(state, moves, base, dealer)  # (its moves are all before that base)
        return saves.open_save(data, replay, resumed)

    def copy(self) -> Game:
        """An independent copy: the state as it is, every object copied (pickle is the
        standard library's fastest deep copy: the page copies a game to stage an action,
        ~30× quicker than through the saves' JSON). The log's records are shared: a
        record is never changed once logged (:func:`tm.core.ledger.log`), and sharing them lets
        the view and the page keep what they made of the records a staged step did not add."""
        log, self.state.log = self.state.log, []
        try:
            state = pickle.loads(pickle.dumps(self.state, pickle.HIGHEST_PROTOCOL))
        finally:
            self.state.log = log
        state.log = list(log)
        game = Game(state, [list(m) for m in self.moves], self.base)
        game.deal = self.deal  # (the device's dealer: shared, never copied)
        game.revealed_at, game.rules_changed = self.revealed_at, list(self.rules_changed)
        game.decided, game.whole = list(self.decided), list(self.whole)
        game.observer = self.observer  # (shares the log's copies with the records)
        return game


def _replay(options: Options, moves: list[Move],
            base: Base | None = None, dealer: Dealer | None = None) -> Game:
    """The game after ``moves``, from the start or from a stored base state."""
    if base is None:
        game = Game.new(options, dealer)
    else:
        state = from_dict(GameState, base["state"])
        game = Game(state, [list(m) for m in moves[:base["moves"]]], base, dealer)
        game.revealed_at = base["moves"]  # (those moves count as decided and whole)
        moves = moves[base["moves"]:]
    for player, response in moves:
        game.respond(player, response)
    return game


__all__ = ["Game", "SaveError"]
