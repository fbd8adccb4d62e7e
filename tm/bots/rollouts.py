"""The expert's search budget, its record, and rollouts: a sampled game played on by every
seat's hard policy (see :mod:`tm.bots.expert`, whose search and purchase search
(:mod:`tm.bots.expert_buy`) play them)."""
from __future__ import annotations

import random
import traceback
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar, cast

from tm.bots import Bot
from tm.bots.determinize import sample_game
from tm.bots.lean_view import LeanObserver
from tm.game import Game
from tm.view_model import GameView, ListedChoice

TOP = 4  # most candidates searched (see candidates)
SAMPLES = 4  # most determinized samples per candidate (the same for every candidate)
# Most decisions all the rollouts of one search may play (the time-free budget, a cap:
# see sampled_means): solo, and with others (measured on tuning deals: 900 solo won 24 of
# 40 where 300 won 23; with others 900 and END_STEPS 20 won 51 of 80 against hard where 300
# and 10 won 45). Issue 47 item 3: with others 900 took p95 765 ms, max 1,325 ms of CPU in
# Pyodide (scripts/bench_bots.mjs at load ~23), 450 p95 513, max 830, 300 p95 363, max 674,
# and with END_STEPS 10 (load ~14) p95 297, max 492: the page's target (p95 <= 300 ms, max
# <= 500 ms) needs 300.
SOLO_STEPS = 300
STEPS = 300
END_GENS = 10  # solo: from this many generations left, rollouts run to the game's end
# multiplayer: from this many parameter steps left, likewise (30: 24 of 40; 10 with a
# budget of 300, so that a search affords a few samples of rollouts to the end)
END_STEPS = 10
# A rollout may stop when the seat is back at its action menu this many times (0: never,
# the generation's end). A cut makes horizons unequal (a pass runs to the production phase,
# an action stops before it), which misjudged passing: measured, the expert lost to hard.
TURNS = 0
# What drawing a sample costs, in rollout decisions (CPython: sample_game 2.2 ms, a rollout
# decision 0.3-0.6 ms: scripts/profile_rollout.py): counted against the search's budget.
SAMPLE_WORK = 4
MAX_STEPS = 400  # decisions in one rollout before it is cut (a safety net)
MARGIN = 10  # MC by which another candidate must beat the hard pick (few samples: noise)
# Solo: the purchases searched by rollouts of HORIZON generations valued by the fitted leaf
# (tm.bots.expert_buy; Budget.buy). Won of tuning deals 1000-1079 + 5000-5079: searched at
# every research 56 + 51 = 107 of 160, before END_GENS only 54 + 45 = 99 (none: 47 of the first 80).
LEAF_MARGIN = 5  # MC (the leaf's 100 MC a sure win: 5 % more chance to win)
HORIZON = 2  # (3: 56 + 45 = 101 of 160; with buy 2, 57 + 51 = 108, and p95 2.3x slower)
LEAF_SAMPLES = 8
T = TypeVar("T")


@dataclass
class Budget:
    """How much an expert decision may search: candidates, samples and decisions played."""

    top: int = TOP
    samples: int = SAMPLES
    turns: int = TURNS  # the seat's own turns a rollout plays (then: at the generation's end)
    # decisions played in all rollouts (a sample is begun only if it fits); None: by the
    # seats (SOLO_STEPS alone, else STEPS: see limit)
    steps: int | None = None
    end_gens: int = END_GENS
    end_steps: int = END_STEPS
    shallow: int = 0  # earlier too, rollouts to the generation's end (1; measured: no gain)
    margin: int = MARGIN  # MC another candidate's mean must beat the hard pick's by
    # solo, earlier: rollouts to the generation's end valued by the fitted win chance
    # (tm.bots.leaf), the search's margin then ``leaf_margin``
    leaf: int = 0  # (measured on tuning deals: no gain, 45 of 80 where 0 won 47)
    leaf_margin: int = LEAF_MARGIN
    horizon: int = HORIZON  # generations a leaf-valued rollout plays
    leaf_samples: int = LEAF_SAMPLES  # most samples of a leaf-valued search
    # solo, search the purchases (tm.bots.expert_buy): 1 before ``end_gens``, 2 always
    # (deals 100,000-100,079: 2 won 52 of 80 (65.0 %), 1 won 49, 0 won 43; chosen on them,
    # so they are spent now, no longer held out: tm.bots.tournament.SPENT_DEALS)
    buy: int = 2
    # with others, before the rollouts to the end: search the purchases too, by rollouts of
    # ``duel_horizon`` generations (within ``duel_steps``) valued by the fitted two-seat win
    # chance (tm.bots.leaf; 0: by the worth difference), the margin ``duel_margin``. Tuning
    # deals 3000-3039 both seatings against hard: 48 of 80 won (the worth: 45), none 46;
    # then 100,000-100,039 (spent since): 56 of 80 (70 %), where none won 44 of 80.
    duel_buy: int = 1
    duel_leaf: int = 1
    duel_horizon: int = 1
    duel_margin: int = 5  # (the leaf's 100 a sure win: 5 % more chance; the worth's MC)
    duel_steps: int = STEPS
    duel_samples: int = 8
    # two seats, before the rollouts to the end: the action menu searched too, by rollouts
    # of ``duel_horizon`` generations valued by that win chance (margin ``leaf_margin``;
    # not measured: too slow for this machine's time)
    duel_act: int = 0

    def limit(self, players: int) -> int:
        """The decisions all the rollouts of one search may play in a game of ``players``."""
        if self.steps is not None:
            return self.steps
        return SOLO_STEPS if players == 1 else STEPS

    @property
    def rollouts(self) -> int:
        """The most rollouts one decision plays."""
        return self.top * self.samples


@dataclass
class Search:
    """What the last search did (for tests, the hint and the report)."""

    rollouts: int = 0
    steps: int = 0  # decisions played in the rollouts
    spent: bool = False  # a sample ran out of the budget midway (dropped)
    to_end: bool = False  # the rollouts ran to the game's end
    means: dict[int, float] | None = None  # candidate index in the choices -> mean value
    pick: int | None = None  # the hard pick's index (its mean is given the margin)
    # what raised inside the search (a sample or a rollout): each is a bug to report, never
    # hidden (the bot counts them: tm.bots.Bot.failures; tournaments report them)
    failures: list[str] = field(default_factory=list)


def rollout(game: Game, seat: int, choice: ListedChoice, seeds: list[int],
            turns: int = TURNS, to_end: bool = False, limit: int = MAX_STEPS) -> int:
    """Apply ``choice`` for ``seat``, then every seat's hard policy until the generation
    ends (``to_end``: the game), or the seat is back at its action menu ``turns`` times, or
    ``limit`` decisions were played (``seeds``: one bot seed per seat). The decisions played."""
    return run_steps(rolling(game, seat, choice, seeds, turns, to_end, limit))


def rolling(game: Game, seat: int, choice: ListedChoice, seeds: list[int],
            turns: int = TURNS, to_end: bool = False, limit: int = MAX_STEPS,
            gens: int = 1) -> Generator[None, None, int]:
    """:func:`rollout` one decision at a time: it yields after each decision played
    (``gens``: the generations it plays when not to the end)."""
    generation = game.state.generation + gens - 1
    game.respond(seat, choice)
    bots = [Bot("hard", s) for s in seeds]
    observer = LeanObserver()  # (what it keeps, its views share)
    played = 0
    while played < limit and not game.is_over and game.pending:
        if not to_end and game.state.generation > generation:
            break
        player, prompt = game.pending[0]
        if turns and player == seat and prompt.kind == "action" and prompt.purpose == "action":
            turns -= 1
            if turns <= 0:
                break
        game.respond(player, bots[player].decide(observer.view(game.state, player)))
        played += 1
        yield
    return played


def run_steps(steps: Generator[None, None, T]) -> T:
    """A generator of :func:`rolling` or :func:`tm.bots.expert.search_steps` run to its
    end: its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return cast(T, done.value)


def failure_text(error: BaseException) -> str:
    """What raised and where (its innermost frame in ``tm``): one line for a report."""
    frames = [f for f in traceback.extract_tb(error.__traceback__)
              if "tm" in Path(f.filename).parts]
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return f"{type(error).__name__}: {error}{where}"


# (a sampled game, a candidate's key, the seats' bot seeds) -> its value, a decision a step
Valuer = Callable[[Game, int, list[int]], Generator[None, None, float]]


class _Spent(Exception):
    """The search's budget ran out inside a sample (that sample is dropped)."""


def _counted(valuing: Generator[None, None, float], found: Search,
             cap: int) -> Generator[None, None, float]:
    """A candidate's value, each decision its rollout plays counted on ``found.steps``;
    raises :class:`_Spent` once more than ``cap`` were played in the whole search."""
    while True:
        try:
            next(valuing)
        except StopIteration as done:
            return cast(float, done.value)
        found.steps += 1
        yield
        if found.steps > cap:
            valuing.close()
            raise _Spent


def sampled_means(view: GameView, rng: random.Random, limit: int, found: Search,
                  samples: int, keys: list[int], value: Valuer
                  ) -> Generator[None, None, tuple[dict[int, float] | None, list[int]]]:
    """Each candidate's mean value over games sampled from ``view``, the same samples and
    bot seeds for every candidate (common random numbers), within ``limit`` units of work
    in all (a decision played, a sample drawn SAMPLE_WORK): after the first sample only
    the first candidates the budget affords (two at least) go on; another sample is begun
    only if one like the mean fits, and one that runs out of the budget midway is dropped,
    so no search plays more than ``limit`` decisions. Returns the means (None if no sample
    was played to its end) and those keys."""
    seat = int(view["you"]["player"])
    totals: dict[int, float] = {}
    done = 0
    for begun in range(samples):
        if done and (found.steps + SAMPLE_WORK * begun) * (done + 1) > limit * done:
            break  # another would not fit
        sample_seed = rng.getrandbits(62)
        seeds = [rng.getrandbits(62) for _ in range(len(view["players"]))]
        cap = limit - SAMPLE_WORK * (begun + 1)
        try:
            base = sample_game(view, seat, random.Random(sample_seed))
            values = {keys[0]: (yield from _counted(value(base, keys[0], seeds), found, cap))}
            if not done:  # the candidates whose rollouts the budget affords
                keys = keys[:max(2, limit // max(1, found.steps + SAMPLE_WORK))]
            for key in keys[1:]:
                values[key] = yield from _counted(value(base, key, seeds), found, cap)
        except _Spent:
            found.spent = True
            break
        except Exception as error:  # noqa: BLE001  (counted and reported: a bug, see Search)
            found.failures.append(failure_text(error))
            break
        for key, worth in values.items():
            totals[key] = totals.get(key, 0.0) + worth
        done += 1
    if done == 0:
        return None, keys
    return {key: total / done for key, total in totals.items()}, keys
