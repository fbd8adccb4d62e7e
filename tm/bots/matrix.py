"""Every combination plays (``python -m tm bots --matrix``): bots-only games over seats,
expansion sets, maps and draft, with a table of what each combination did.

A combination is a number of seats (1 to 5), an expansion set (Corporate Era alone, with
Prelude, with Colonies, with both), a map and whether the draft is on (only with two or
more seats). Each plays ``games_per`` games; the levels rotate over seats and games so that
every level plays every set, solo and with others. A failure is anything but a finished
game: an exception, an illegal move, a bot going round in circles (its safety net had to
end a selection) or a game that does not end.
"""
from __future__ import annotations

import hashlib
import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from tm.board.maps import BUILTIN_NAMES
from tm.bots import LEVELS, Bot, tournament
from tm.bots.hint import hint
from tm.core.manifest import known
from tm.core.state import Options
from tm.game import Game
from tm.view_model import GameView


def _sets() -> dict[str, tuple[str, ...]]:
    """The expansion sets, from the engine's registry in its listed load order
    (:data:`tm.core.manifest.MANIFESTS`): the first
    expansion (Corporate Era, which a new game plays by default) with each combination of
    the others, fewest first, each in load order ("corpera", "corpera+prelude", ...)."""
    first, *others = known()
    chosen = (c for n in range(len(others) + 1) for c in itertools.combinations(others, n))
    return {"+".join((first, *extra)): (first, *extra) for extra in chosen}


SETS: dict[str, tuple[str, ...]] = _sets()
SEATS = (1, 2, 3, 4, 5)


@dataclass(frozen=True, slots=True)
class Combination:
    """One cell of the matrix."""

    seats: int
    expansions: str  # a key of SETS
    board: str
    draft: bool

    @property
    def name(self) -> str:
        return (f"{self.seats}p {self.expansions} {self.board}"
                f"{' draft' if self.draft else ''}")


@dataclass
class Cell:
    """What one combination's games did."""

    combination: Combination
    games: int = 0
    failures: list[str] = field(default_factory=list)
    generations: list[int] = field(default_factory=list)
    seconds: float = 0.0


def combinations(seats: tuple[int, ...] = SEATS, sets: tuple[str, ...] = tuple(SETS),
                 boards: tuple[str, ...] = BUILTIN_NAMES) -> Iterator[Combination]:
    """Every combination, seats outermost, then sets, maps and draft."""
    for count in seats:
        for name in sets:
            for map_name in boards:
                for draft in ((False, True) if count > 1 else (False,)):
                    yield Combination(count, name, map_name, draft)


def levels_for(index: int, game: int, games_per: int, seats: int) -> list[str]:
    """The level in each seat of one game: a rotation over the combination's index, the
    game and the seat, so consecutive games (and the seats of one game) differ."""
    start = index * games_per + game
    return [LEVELS[(start + seat) % len(LEVELS)] for seat in range(seats)]


def seed_for(combination: Combination, game: int, base: int = 0) -> int:
    """The game's seed: fixed by the combination and the game's number."""
    key = f"matrix|{base}|{combination.name}|{game}".encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:6], "big")


def options_for(combination: Combination, seed: int) -> Options:
    """The options of one game of a combination."""
    return Options(players=combination.seats, seed=seed,
                   expansions=list(SETS[combination.expansions]), board=combination.board,
                   draft=combination.draft)


def play_game(options: Options, levels: list[str], bot_seed: int, hints: bool = True) -> Game:
    """One bots-only game to its end; raises on anything that is not a clean game (an
    illegal move, a bot that needed its safety net, no end within the moves a save may
    hold). With ``hints`` the hint a person in the seat would get is asked for at every
    decision too (it must be one of the listed choices)."""
    def watch(view: GameView, bot: Bot) -> None:
        if hints:
            check_hint(view)
        if bot.reason == "stuck":
            decision = view["you"]["decision"]
            assert decision is not None  # (the bot decided: a decision waited)
            raise RuntimeError(f"{bot.level} bot stuck at {decision['kind']}/"
                               f"{decision['purpose']} (generation {view['generation']})")
    return tournament.play(options, levels, bot_seed, watch=watch)


def check_hint(view: GameView) -> None:
    """The hint for a seat's decision: one of its listed choices, with a reason."""
    found = hint(view)
    decision = view["you"]["decision"]
    assert decision is not None  # (a hint is asked only with a decision waiting)
    if found["choice"] not in decision["choices"] or not found["reason"].get("key"):
        raise RuntimeError(f"the hint at {decision['kind']}/{decision['purpose']} is not a "
                           f"listed choice: {found['choice']}")


def play_cell(combination: Combination, index: int, games_per: int, base: int = 0) -> Cell:
    """Play one combination's games."""
    cell = Cell(combination)
    start = time.perf_counter()
    for number in range(games_per):
        seed = seed_for(combination, number, base)
        levels = levels_for(index, number, games_per, combination.seats)
        try:
            game = play_game(options_for(combination, seed), levels, bot_seed=seed)
        except Exception as error:  # a crash is a failure to report
            cell.failures.append(f"{combination.name} seed {seed} {'/'.join(levels)}: "
                                 f"{type(error).__name__}: {error}")
            continue
        cell.games += 1
        cell.generations.append(game.state.generation)
    cell.seconds = time.perf_counter() - start
    return cell


def row(cell: Cell) -> str:
    """One line of the table."""
    gens = cell.generations
    mean = f"{sum(gens) / len(gens):5.1f}" if gens else "    -"
    c = cell.combination
    return (f"{c.seats:>5} {c.expansions:<25} {c.board:<18} {'on' if c.draft else 'off':<5} "
            f"{cell.games + len(cell.failures):>5} {len(cell.failures):>8} {mean:>11} "
            f"{cell.seconds:>8.1f}")


HEADER = (f"{'seats':>5} {'expansions':<25} {'map':<18} {'draft':<5} {'games':>5} "
          f"{'failures':>8} {'generations':>11} {'seconds':>8}")


def run(games_per: int = 2, seats: tuple[int, ...] = SEATS, sets: tuple[str, ...] = tuple(SETS),
        boards: tuple[str, ...] = BUILTIN_NAMES, base: int = 0,
        echo: bool = True) -> list[Cell]:
    """Play every combination; print each row as it is done (``echo``) and the total."""
    cells = []
    if echo:
        print(HEADER, flush=True)
    for index, combination in enumerate(combinations(seats, sets, boards)):
        cell = play_cell(combination, index, games_per, base)
        cells.append(cell)
        if echo:
            print(row(cell), flush=True)
    if echo:
        for line in summary(cells):
            print(line)
    return cells


def summary(cells: list[Cell]) -> list[str]:
    """The failures (at most 20) and the total line."""
    failures = [f for cell in cells for f in cell.failures]
    games = sum(cell.games + len(cell.failures) for cell in cells)
    gens = [g for cell in cells for g in cell.generations]
    mean = sum(gens) / len(gens) if gens else 0.0
    seconds = sum(cell.seconds for cell in cells)
    lines = [f"FAIL {f}" for f in failures[:20]]
    lines.append(f"total: {len(cells)} combinations, {games} games, {len(failures)} failures, "
                 f"mean generations {mean:.1f}, {seconds:.0f} s")
    return lines
