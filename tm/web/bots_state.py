"""The bots controller's state: a bot's decision under way, the hint asked for or
thought ahead, the bots of the game shown (:mod:`tm.web.app_bots`, :mod:`tm.web.app_hints`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tm.bots import Bot
from tm.bots.advice import Adviser, Advising
from tm.bots.expert import Expert, Thinking
from tm.bots.hint import Hint
from tm.game import Game
from tm.view_model import GameView


@dataclass
class Thought:
    """A bot's decision under way, for one moment of one game (void once it moves)."""

    game: Game
    moves: int
    last: Any  # the game's last move (an undo and another move make another moment)
    seat: int
    thinking: Thinking

    def holds(self, game: Game | None, seat: int) -> bool:
        """Whether this is still the decision of ``seat`` in ``game`` as it is now."""
        return (game is self.game and len(game.moves) == self.moves and seat == self.seat
                and (game.moves[-1] if game.moves else None) is self.last)


def thought(game: Game, seat: int, bot: Bot, view: GameView) -> Thought:
    """The decision of ``bot`` in ``view``, begun (a search) or made (any other)."""
    if isinstance(bot, Expert):
        thinking = bot.begin(view)
    else:
        thinking = Thinking(made=(bot.decide(view), bot.reason))
    return Thought(game, len(game.moves), game.moves[-1] if game.moves else None, seat,
                   thinking)


@dataclass
class HintShown:
    """A hint asked for one decision (void once the game shown moves)."""

    game: Game
    moves: int
    player: int
    record: Hint | None  # tm.bots.hint.hint's answer (None: the expert is still thinking)
    index: int | None  # the choice's place in the listed choices (None: not listed)
    view: GameView | None = None  # the person's view (while the expert thinks)
    advising: Advising | None = None  # the expert's judgement, under way
    expert: bool = False  # the expert's judgement (not the hard bot's ranking)
    asked: bool = True  # asked for (not only prepared while the person looks)


@dataclass
class BotState:
    """The page's bots: one :class:`Bot` per seat (they keep a little memory: the random
    level's stream, a guard against going round in circles), the hint shown, counters."""

    bots: dict[tuple[int, str, int], Bot] = field(default_factory=dict)
    hint: HintShown | None = None
    # the hint givers of the game shown, by player (they remember the purchase advised)
    advisers: tuple[Any, dict[int, Adviser]] = (None, {})
    thought: Thought | None = None  # a bot's decision under way (a search in slices)
    pace: float = 1.0  # the page's pace of bot moves (0: as fast as they come; tests)
    hint_search: bool = True  # the hint may ask the expert's search (tests: ?hintsearch=0)
    # the game (its options) in which the person asked for a hint: only then is the next one
    # thought before it is asked (a phone that is never asked spends no battery on it)
    hint_wanted: Any = None
    moves: int = 0  # bot decisions made in this page
    fallbacks: int = 0  # decisions a bot failed to make (answered with the first choice)
    last_kind: str = ""  # the kind of the last bot decision
    error: str = ""  # what went wrong in the last decision a bot failed to make
    challenge: tuple[Any, bool] = (None, False)  # (options looked at, a daily challenge's)

    def search_failures(self) -> list[str]:
        """What raised inside the searches of the bots and the hints' expert in this page
        (each a bug: the move or hint went on without it, and the page's console says so)."""
        hints = [f for adviser in self.advisers[1].values() for f in adviser.expert.failures]
        return [f for bot in self.bots.values() for f in bot.failures] + hints
