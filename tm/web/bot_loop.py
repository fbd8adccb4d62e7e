"""Bots' turns in the browser: their decisions run in short slices between frames.

After every redraw (:meth:`tm.web.browser.Page.draw` calls :meth:`BotLoop.after_draw`),
when a bot must decide, one timer is set for its next decision at the App's pace
(:meth:`tm.web.app_bots.BotsController.bot_delay`). A slice makes one decision, or, when no
pause is due (secret choices, the page's pace at 0), as many as fit in a few
milliseconds; then the page is drawn again and the save is written after the frame. The
page never runs a long loop, so a click between slices is handled at once; a person's
click puts the bots' next slice after the frame that shows it.

The expert's search (a bot's, or the hint's) is thought :data:`THINK_MS` per slice, a
few rollout decisions between two looks at the clock (:data:`THINK_CHUNK`); the choice
does not depend on how it was sliced. Nothing is drawn between two slices of thought (the
page already says who thinks). The hint of a person's decision is thought before it is
asked for, while no bot must decide (:meth:`tm.web.app_bots.BotsController.hint_prepare`):
nothing is drawn until it is asked. One the person asked for that this device cannot
afford (:meth:`tm.web.app_bots.BotsController.hint_affordable`) gives the hard bot's
ranking instead.

Test hooks: ``window.tmBotPace(x)`` sets the pace (0: no pauses; 1: the normal pace),
as does ``?botpace=x`` in the address; ``?hintsearch=0``: the hint never asks the
expert's search (the hard bot's ranking at once: tests that play long games by the
hint); ``body[data-bot]`` names the seat of the bot deciding, ``body[data-bot-took]`` the
longest slice so far and ``body[data-bot-step]`` the longest single decision with its
move (milliseconds); ``body[data-bot-thought]`` the slices of thought so far,
``body[data-hint-gave-up]`` the hints given up as too slow, ``body[data-hint-work]`` and
``body[data-hint-wall]`` the last hint's milliseconds of work and from its first slice
to its ranking.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tm.web.app_bots import AFTER_PERSON_MS, SLICE_MS
from tm.web.page_dom import create_proxy, document, window

THINK_MS = 15.0  # milliseconds of a search's thought per slice (then a frame, a click)
THINK_CHUNK = 1  # rollout decisions between two looks at the clock (~1 ms each)

if TYPE_CHECKING:
    from tm.web.browser import Page

_KEEP: list[Any] = []  # proxies must outlive this module's functions


class BotLoop:
    """The one timer of the next slice: a bot's decisions, a search's thought, or the
    hint's."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.timer: Any = None
        self.in_slice = False  # drawing the slice's own moves (not a person's click)
        self.longest = 0.0
        self.longest_step = 0.0
        self.failed: tuple[Any, int] | None = None  # (game, moves) where a slice failed
        self.thought = 0  # slices of a bot's thought (no move, nothing drawn)
        # the hint thought, its milliseconds of work, when its first slice began, and its
        # work when it was asked for (None: not yet)
        self.hint_for: tuple[Any, float, float, float | None] = (None, 0.0, 0.0, None)
        self.gave_up = 0  # hints given up as too slow for this device
        self._step = create_proxy(self._slice)
        _KEEP.append(self._step)

    def after_draw(self) -> None:
        """Set (or set again) the timer of the next slice, if a bot must decide or a hint
        is being thought."""
        bots = self.page.app.bots
        seat = bots.bot_turn()
        body = document.body
        game = self.page.app.shown.game
        if self.failed is not None and game is not None and self.failed == (
                game, len(game.moves)):
            seat = None  # a slice failed here (the notice says so): not again until a move
        hinting = bots.hint_thinking() or (seat is None and bots.hint_prepare())
        if seat is None:
            body.removeAttribute("data-bot")
        else:
            body.setAttribute("data-bot", str(seat))
        if seat is None and not hinting:
            self._cancel()
            return
        delay = 0.0 if hinting or bots.thinking() else bots.bot_delay()
        if not self.in_slice:  # a person's click (or a load): drawn before the bots go on
            delay = max(delay, AFTER_PERSON_MS * min(1.0, bots.state.pace) or 16.0)
        self._again(delay)

    def _again(self, delay: float) -> None:
        self._cancel()
        self.timer = window.setTimeout(self._step, delay)

    def _cancel(self) -> None:
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None

    def _slice(self, *_: Any) -> None:
        self.timer = None
        game = self.page.app.shown.game
        at = (game, len(game.moves)) if game is not None else None
        if not self.page.guard("bot", self._run):
            self.failed = at
            self.page.guard("bot", self.after_draw)

    def _run(self) -> None:
        app = self.page.app
        bots = app.bots
        if app.tabs.state.busy is not None:  # the page is working on a person's request: later
            self.after_draw()
            return
        started = float(window.performance.now())
        if bots.hint_thinking():
            self._hint(started)
            return
        failed, searched = bots.state.fallbacks, len(bots.state.search_failures())
        moved = False
        step_started = started
        while True:
            made = bots.bot_step(THINK_CHUNK)
            now = float(window.performance.now())
            if not made:
                if bots.thinking() and now - started < THINK_MS:
                    continue
                break
            moved = True
            if now - step_started > self.longest_step:
                self.longest_step = now - step_started
                document.body.dataset.botStep = f"{self.longest_step:.0f}"
            step_started = now
            if now - started > SLICE_MS or bots.bot_delay() > 0:
                break
        self._took(started)
        if bots.state.fallbacks > failed:  # (for a developer: the game went on)
            window.console.warn(f"tm: a bot failed; it took its first choice\n{bots.state.error}")
        if len(bots.state.search_failures()) > searched:  # (likewise: it moved as hard would)
            window.console.warn(f"tm: a bot's search failed: {bots.state.search_failures()[-1]}")
        if not moved and bots.thinking():  # a slice of thought: nothing new to draw
            self.thought += 1
            document.body.dataset.botThought = str(self.thought)
            self._again(0)
            return
        self._draw()
        if moved and app.tabs.state.save_due:
            self.page.later("event", self.page.save)

    def _hint(self, started: float) -> None:
        """A slice of the hint's search; the hint drawn once done (or given up)."""
        bots = self.page.app.bots
        shown = bots.state.hint
        if self.hint_for[0] is not shown:
            self.hint_for = (shown, 0.0, started, None)
        asked_at = self.hint_for[3]
        if asked_at is None and bots.hint_asked():
            asked_at = self.hint_for[1]
        done: bool | None = False
        while done is False and float(window.performance.now()) - started < THINK_MS:
            done = bots.hint_step(THINK_CHUNK)
        now = float(window.performance.now())
        spent = self.hint_for[1] + now - started
        self.hint_for = (shown, spent, self.hint_for[2], asked_at)
        self._took(started)
        if (done is False and asked_at is not None
                and not bots.hint_affordable(spent, spent - asked_at)):
            bots.hint_give_up()
            self.gave_up += 1
            document.body.dataset.hintGaveUp = str(self.gave_up)
            done = True
        if done is False:
            self._again(0)
            return
        body = document.body.dataset
        body.hintWork, body.hintWall = f"{spent:.0f}", f"{now - self.hint_for[2]:.0f}"
        if bots.hint_asked():  # (one thought before it was asked: nothing to draw yet)
            self._draw()

    def _took(self, started: float) -> None:
        took = float(window.performance.now()) - started
        if took > self.longest:
            self.longest = took
            document.body.dataset.botTook = f"{took:.0f}"

    def _draw(self) -> None:
        self.in_slice = True
        try:
            self.page.draw()  # (sets the next slice's timer)
        finally:
            self.in_slice = False


def install(page: Page) -> BotLoop:
    """The loop of ``page``'s bots, its pace from the address (``?botpace=``) and the
    test hook ``window.tmBotPace``."""
    loop = BotLoop(page)
    page.after_draw.append(loop.after_draw)
    try:
        asked = window.URLSearchParams.new(window.location.search).get("botpace")
        if asked is not None and str(asked) not in ("", "null", "undefined"):
            page.app.bots.state.pace = max(0.0, float(str(asked)))
    except (ValueError, TypeError):  # (a pace that is no number: the normal one)
        pass
    if str(window.URLSearchParams.new(window.location.search).get("hintsearch")) == "0":
        page.app.bots.state.hint_search = False  # (tests: the hard ranking, at once)

    def set_pace(pace: Any) -> None:
        page.app.bots.state.pace = max(0.0, float(pace))
        loop.after_draw()

    proxy = create_proxy(set_pace)
    _KEEP.append(proxy)
    window.tmBotPace = proxy
    loop.after_draw()  # a game reopened before the loop was installed: bots go on
    return loop
