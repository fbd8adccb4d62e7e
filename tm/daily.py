"""The daily challenge: one solo deal per date (UTC), the same for everyone.

:func:`options_for` is a pure function of the date's text: the options are fixed
(Corporate Era on Tharsis), the expansions vary by weekday, and the seed comes from the
date alone (a hash, so neighbouring dates are unrelated deals). Nothing here reads a
clock: the page says which date it is.

The seed of a date is public, so the challenge is fair only when nobody can look at what
comes and take it back (R-OWN-1): its undo is strict (never back past a move that showed
hidden cards) and the page offers no hint; a game with other options is no result of it.
"""
from __future__ import annotations

import datetime
import hashlib

from tm.core.manifest import known
from tm.core.state import Options

PLAYER_NAME = "Solo"  # part of the options, so the same for everyone
SEED_SALT = "tm-daily-1:"  # a new salt would be a new series of deals
FIRST_DATE = datetime.date(2024, 1, 1)  # the calendar offers no earlier date
# Expansions by weekday (Monday is 0), beside Corporate Era: each only if this engine ships it.
WEEKDAY_EXPANSIONS: dict[int, tuple[str, ...]] = {
    0: ("prelude",), 2: ("colonies",), 3: ("prelude",), 5: ("colonies",),
    6: ("prelude", "colonies"),
}


class DateError(ValueError):
    """Text that is not a date of the calendar (YYYY-MM-DD)."""


def parse_date(text: str) -> datetime.date:
    """The date of ``YYYY-MM-DD`` text (exactly that form); DateError otherwise."""
    if not isinstance(text, str) or len(text) != 10 or text[4] != "-" or text[7] != "-":
        raise DateError(f"not a date (YYYY-MM-DD): {str(text)[:20]!r}")
    try:
        date = datetime.date.fromisoformat(text)
    except ValueError as error:
        raise DateError(f"not a date (YYYY-MM-DD): {text!r}") from error
    if date < FIRST_DATE:
        raise DateError(f"the daily challenge starts on {FIRST_DATE.isoformat()}")
    return date


def seed_for(date: str) -> int:
    """The deal's seed: the first bytes of a hash of the date (never a clock)."""
    parse_date(date)
    digest = hashlib.sha256((SEED_SALT + date).encode()).digest()
    return int.from_bytes(digest[:4], "big") % 1_000_000_000


def expansions_for(date: str) -> list[str]:
    """Corporate Era always; Prelude and Colonies on their weekdays."""
    extra = WEEKDAY_EXPANSIONS.get(parse_date(date).weekday(), ())
    return ["corpera"] + [name for name in extra if name in known()]


def options_for(date: str) -> Options:
    """The challenge of ``date`` (``YYYY-MM-DD``, UTC): a solo game on Tharsis."""
    return Options(players=1, seed=seed_for(date), expansions=expansions_for(date),
                   board="tharsis", names=[PLAYER_NAME], strict_undo=True)  # R-OWN-1


def is_challenge(date: str, options: Options) -> bool:
    """Whether ``options`` are exactly the challenge of ``date`` (its strict undo included:
    a game played with undo past a reveal is no result of it, R-OWN-1)."""
    return _fields(options) == _wanted(date)


def date_of(options: Options, latest: str) -> str | None:
    """The date (``latest`` or earlier) whose challenge ``options`` are, if any: a game
    with a challenge's options is played as one wherever it was opened (no hint)."""
    if (options.players, list(options.names), options.board) != (1, [PLAYER_NAME], "tharsis"):
        return None
    try:
        day = parse_date(latest)
    except DateError:
        return None
    while day >= FIRST_DATE:
        date = day.isoformat()
        if seed_for(date) == options.seed and is_challenge(date, options):
            return date
        day -= datetime.timedelta(days=1)
    return None


def was_challenge(date: str, options: Options) -> bool:
    """Whether ``options`` are the challenge of ``date`` as dealt before its undo was strict
    (a game begun then goes on under strict undo: :func:`options_for`)."""
    wanted = _wanted(date)
    return wanted is not None and not options.strict_undo and _fields(options)[:-1] == wanted[:-1]


def _wanted(date: str) -> tuple[object, ...] | None:
    try:
        return _fields(options_for(date))
    except DateError:
        return None


def _fields(options: Options) -> tuple[object, ...]:
    """What makes a game the challenge (strict undo last)."""
    return (options.players, options.seed, list(options.expansions), options.board,
            list(options.names), options.draft, list(options.beginners), options.first_player,
            list(options.bots), options.strict_undo)
