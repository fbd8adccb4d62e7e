"""Options range-checked and of their own types before a game is made of them (options
come from links and files: :meth:`tm.game.Game.new`, saves)."""
from __future__ import annotations

from tm.core import manifest as expansions
from tm.core.errors import reason
from tm.core.mapdef import get_map
from tm.core.state import Options
from tm.core.values import is_int

__all__ = ["BOT_SEATS", "MAX_NAME", "MAX_PLAYERS", "check_options"]

MAX_PLAYERS = 5
MAX_NAME = 40  # characters in a player's name
BOT_SEATS = ("", "random", "easy", "normal", "hard", "expert")  # options.bots: "" a person


def check_options(options: Options) -> None:
    """Every option range-checked and of its own type (options come from links and files)."""
    if not is_int(options.players) or not 1 <= options.players <= MAX_PLAYERS:
        raise ValueError(reason("options.players", "players must be 1 to 5", most=MAX_PLAYERS))
    if not is_int(options.seed) or abs(options.seed) >= 1 << 63:
        raise ValueError(reason("options.seed", "the seed must be a whole number below 2**63"))
    if options.first_player is not None and not (
            is_int(options.first_player) and 0 <= options.first_player < options.players):
        raise ValueError(reason("options.first_player",
                                "first_player must name one of the players"))
    if not isinstance(options.names, list) or len(options.names) > options.players or any(
            not isinstance(n, str) or len(n) > MAX_NAME for n in options.names):
        raise ValueError(reason("options.names", "names must be at most one per player, "
                                f"{MAX_NAME} characters each", count=MAX_NAME))
    if any(not isinstance(getattr(options, flag), bool) for flag in ("draft", "strict_undo")):
        raise ValueError(reason("options.switches", "draft and strict_undo are true or false"))
    if not isinstance(options.board, str):
        raise ValueError(reason("options.board", "board must be a map's name"))
    try:
        get_map(options.board)
    except (KeyError, TypeError):
        raise ValueError(reason("options.unknown_board", f"unknown board {options.board!r}",
                                board=repr(options.board)[:40])) from None
    if not isinstance(options.expansions, list) or len(set(options.expansions)) != len(
            options.expansions) or any(name not in expansions.known()
                                       for name in options.expansions):
        known = ", ".join(expansions.known())
        raise ValueError(reason("options.expansions", f"unknown or repeated expansions "
                                f"{options.expansions!r}; this engine has {known}",
                                given=repr(options.expansions)[:60], known=known))
    if not isinstance(options.bots, list) or len(options.bots) > options.players or any(
            level not in BOT_SEATS for level in options.bots):
        raise ValueError(reason("options.bots", f"bots are one per seat at most, each one of "
                                f"{BOT_SEATS}", levels=", ".join(BOT_SEATS)))
    if not is_int(options.bot_seed) or abs(options.bot_seed) >= 1 << 63:
        raise ValueError(reason("options.bot_seed",
                                "the bot seed must be a whole number below 2**63"))
    if not isinstance(options.beginners, list) or len(set(options.beginners)) != len(
            options.beginners) or any(not is_int(p) or not 0 <= p < options.players
                                      for p in options.beginners):
        raise ValueError(reason("options.beginners", "beginners must be player indexes"))
    _check_sealed(options)


def _check_sealed(options: Options) -> None:
    """Sealed games: not in solo, nor with an expansion not wired to tokens yet (its
    manifest's ``sealed``). The draft passes each hand's keys to the seat it goes to
    (:mod:`tm.fairdeck.passing`)."""
    if not isinstance(options.sealed, bool):
        raise ValueError(reason("options.switches", "draft and strict_undo are true or false"))
    if not options.sealed:
        return
    if options.players < 2:
        raise ValueError(reason("options.sealed_solo",
                                "a sealed game needs at least two players"))
    for m in expansions.chosen(options):
        if not m.sealed:
            raise ValueError(reason("options.sealed_expansion",
                                    f"a sealed game cannot use {m.name} yet", expansion=m.name))
