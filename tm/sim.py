"""Random legal play, invariant checks and benchmarks (``python -m tm``).

The random player answers the same prompts a person or bot would, through the
public API only. Invariants are checked after every move; save → load → same
state is checked by a full replay at the end of every game and at one point
in its middle (a replay is exact, so one replay proves every state before it).
"""
from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tm.board.parameters import limits
from tm.core import ruleset as expansion_hooks
from tm.core.contract import Choice
from tm.core.mapdef import get_map
from tm.core.rng import Rng
from tm.core.ruleset import rules_of
from tm.core.state import RESOURCES, Options, to_dict
from tm.game import Game
from tm.persist.codec import canonical_json
from tm.prompts.kinds import Prompt
from tm.vocab.kinds import PROD_FLOOR

MAX_GENERATIONS = 60


def random_response(prompt: Prompt, rng: Rng) -> Choice:
    """Any one of the listed choices, each as likely as the others (the generic loop)."""
    return rng.choice(prompt.choices())


def play_random_game(players: int = 2, seed: int = 0, max_moves: int | None = None,
                     draft: bool = False, expansions: tuple[str, ...] = ("corpera",)) -> Game:
    """A game played by random players (stops early after ``max_moves``)."""
    return play_random(Options(players=players, seed=seed, draft=draft,
                               expansions=list(expansions)), max_moves=max_moves)


def play_random(options: Options, stop: Callable[[Game], bool] | None = None,
                max_moves: int | None = None) -> Game:
    """A game of these options played by random players until it ends, ``stop`` says so
    or ``max_moves`` were made (the players' RNG follows the game's seed)."""
    game = Game.new(options)
    rng = Rng.from_seed(options.seed ^ 0x5EED)
    while not game.is_over and (max_moves is None or len(game.moves) < max_moves):
        if stop is not None and stop(game):
            break
        player, prompt = game.pending[0]
        game.respond(player, random_response(prompt, rng))
    return game


def replay_digest(save: dict[str, Any]) -> str:
    """Replay a save and return the digest of the final state (for cross-Python checks)."""
    return Game.from_save(save).digest()


# ---------------------------------------------------------------- invariants
def _card_locations(game: Game) -> Counter[str]:
    g = game.state
    seen: Counter[str] = Counter(g.deck)
    seen.update(g.discard)
    seen.update(expansion_hooks.cards_held(g))  # e.g. the prelude deck and kept preludes
    for pl in g.players:
        for pile in (pl.hand, pl.played, pl.events, pl.offer, pl.draft_hand, pl.drafted):
            seen.update(pile)
        for item in g.queues[pl.index]:
            if item.get("on") in ("keep_cards", "buy_cards") and item["cards"] != pl.offer:
                seen.update(item["cards"])
    return seen


def check_invariants(game: Game, card_total: int) -> list[str]:
    """Broken invariants of the current state (empty when all hold)."""
    g = game.state
    problems = []
    for pl in g.players:
        for r in RESOURCES:
            if pl.res[r] < 0:
                problems.append(f"player {pl.index} has {pl.res[r]} {r}")
            if pl.prod[r] < PROD_FLOOR.get(r, 0):
                problems.append(f"player {pl.index} {r} production {pl.prod[r]}")
        if any(n < 0 for n in pl.card_res.values()):
            problems.append(f"player {pl.index} has negative card resources")
    for param, goal in limits(g).items():
        if not goal.start <= getattr(g, param) <= goal.max:
            problems.append(f"{param} out of range: {getattr(g, param)}")
    ocean_tiles = sum(1 for e in g.board.values() if e["tile"] == "ocean")
    if ocean_tiles != g.oceans or g.oceans > limits(g)["oceans"].max:
        problems.append(f"{ocean_tiles} ocean tiles, counter {g.oceans}")
    locations = _card_locations(game)
    if sum(locations.values()) != card_total or any(n > 1 for n in locations.values()):
        problems.append(f"cards: {sum(locations.values())} placed of {card_total}")
    if not game.is_over and not game.pending:
        problems.append("nobody has a decision but the game is not over")
    return problems


def check_replay(game: Game) -> list[str]:
    """Save → load → same state (and the save survives JSON)."""
    save = json.loads(canonical_json(game.to_save()))
    loaded = Game.from_save(save)
    if canonical_json(to_dict(loaded.state)) != canonical_json(to_dict(game.state)):
        return ["save → load gave a different state"]
    return []


# ---------------------------------------------------------------- simulate
@dataclass
class SimReport:
    """What a simulation run saw."""

    games: int = 0
    moves: int = 0
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0
    cards_played: Counter[str] = field(default_factory=Counter)
    generations: list[int] = field(default_factory=list)
    longest: dict[str, int] = field(default_factory=dict)  # most choices seen, per kind
    special_spaces: Counter[str] = field(default_factory=Counter)  # games each was used in
    milestones: Counter[str] = field(default_factory=Counter)  # games each was claimed in
    awards: Counter[str] = field(default_factory=Counter)  # games each was funded in
    marks: Counter[str] = field(default_factory=Counter)  # games each expansion mark was in

    def choices_line(self) -> str:
        """The longest choice list seen per prompt kind."""
        listed = ", ".join(f"{kind} {n}" for kind, n in sorted(self.longest.items()))
        return f"most choices: {listed}"

    def board_lines(self, board: str) -> list[str]:
        """The map's special spaces (R-MAP-3) and milestones and awards, with the number
        of games each was used, claimed or funded in."""
        played = get_map(board)
        special = [sid for sid, sp in played.spaces.items() if sp.cost or sp.effect]
        used = ", ".join(f"{sid} in {self.special_spaces[sid]}" for sid in special)
        lines = [f"special spaces used: {used} of {self.games} games"] if special else []
        for what, names, seen in (("milestones claimed", played.milestone_names, self.milestones),
                                  ("awards funded", played.award_names, self.awards)):
            counted = ", ".join(f"{name} {seen[name]}" for name in names)
            lines.append(f"{what} (games): {counted}")
        return lines

    def mark_lines(self) -> list[str]:
        """What the expansions' games used, by kind (``kind:item`` marks): the number of
        games each item was seen in."""
        kinds: dict[str, list[str]] = {}
        for mark in sorted(self.marks):
            kind, _, item = mark.partition(":")
            kinds.setdefault(kind, []).append(f"{item} {self.marks[mark]}")
        return [f"{kind} (games): {', '.join(items)}" for kind, items in kinds.items()]

    def line(self) -> str:
        """The closing summary line."""
        rate = self.moves / self.seconds if self.seconds else 0.0
        return (f"simulate: {self.games} games, {self.moves} moves, "
                f"{len(self.failures)} failures, {rate:.0f} moves/s")


def simulate_game(options: Options, report: SimReport) -> None:
    """Play one random game, checking invariants after every move."""
    game = Game.new(options)
    card_total = sum(_card_locations(game).values())
    rng = Rng.from_seed(options.seed ^ 0x5EED)
    midpoint = 150 + rng.below(200)
    label = f"seed {options.seed}, {options.players} players"
    while not game.is_over:
        if game.state.generation > MAX_GENERATIONS:
            report.failures.append(f"{label}: still running at generation {MAX_GENERATIONS}")
            return
        player, prompt = game.pending[0]
        listed = prompt.choices()
        report.longest[prompt.kind] = max(report.longest.get(prompt.kind, 0), len(listed))
        game.respond(player, rng.choice(listed))
        report.moves += 1
        problems = check_invariants(game, card_total)
        if len(game.moves) == midpoint:
            problems += check_replay(game)
        if problems:
            report.failures.append(f"{label}, move {len(game.moves)}: {'; '.join(problems)}")
            return
    problems = check_replay(game)
    if problems:
        report.failures.append(f"{label}, end: {'; '.join(problems)}")
    _count_board_use(game, report)
    for pl in game.state.players:
        report.cards_played.update(pl.played)
        report.cards_played.update(pl.events)
    report.generations.append(game.state.generation)


def _count_board_use(game: Game, report: SimReport) -> None:
    g = game.state
    spaces = rules_of(g).map.spaces
    report.special_spaces.update(sid for sid, entry in g.board.items()
                                 if entry["tile"] and (spaces[sid].cost or spaces[sid].effect))
    report.milestones.update(name for name, _ in g.milestones)
    report.awards.update(name for name, _ in g.awards)
    report.marks.update(set(expansion_hooks.sim_marks(g)))


def simulate(games: int, players: int, seed: int, draft: bool = False,
             board: str = "tharsis", expansions: tuple[str, ...] = ("corpera",)) -> SimReport:
    """Play ``games`` random games with consecutive seeds from ``seed``."""
    report = SimReport()
    start = time.perf_counter()
    for index in range(games):
        options = Options(players=players, seed=seed + index, draft=draft, board=board,
                          expansions=list(expansions))
        try:
            simulate_game(options, report)
        except Exception as error:  # a crash is a failure to report, not to hide
            report.failures.append(f"seed {seed + index}: {type(error).__name__}: {error}")
        report.games += 1
    report.seconds = time.perf_counter() - start
    return report
