"""The page's slices of a long job (issue 49): the audit of a sealed game, a sealed game
rebuilt from this device's record (:mod:`tm.web.jobs`).

After a drawing that leaves a job under way, a timer runs it for :data:`SLICE_MS`, then
writes its progress into #alerts alone (the busy veil: "Checking the game… 370 of 1,200")
and sets the next timer: between two slices the browser paints and handles input (a click
meanwhile is dropped, as during any busy work; the bots wait). Once it is done the page is
drawn, as after any action, and a save it made due is written after the frame.

Test hooks: ``body[data-job-slices]`` counts the slices run, ``body[data-job-took]`` is
the longest one (milliseconds, Python's own time).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from tm.web.i18n import speaking
from tm.web.page_dom import create_proxy, document, window

if TYPE_CHECKING:
    from tm.web.browser import Page

SLICE_MS = 30.0  # a slice's work, in milliseconds (a unit is a few ms in Pyodide)
_KEEP: list[object] = []  # proxies must outlive this module's functions


class WorkLoop:
    """The one timer of a job's next slice."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.timer: object = None
        self.slices = 0
        self.longest = 0.0
        self._step = create_proxy(self._slice)
        _KEEP.append(self._step)

    def after_draw(self) -> None:
        """A job under way and no slice waiting: the next one, after this frame."""
        if self.page.app.jobs.job is not None and self.timer is None:
            self.timer = window.setTimeout(self._step, 0)

    def _slice(self, *_: object) -> None:
        self.timer = None
        page, app = self.page, self.page.app
        started = float(window.performance.now())
        left = [False]

        def more() -> bool:
            return float(window.performance.now()) - started < SLICE_MS

        def run() -> None:
            with speaking(app.words()):
                left[0] = app.jobs.run_slice(more)
                if not left[0]:
                    app.refresh_screen()

        done = page.guard("event", run)  # (a failure is drawn by the guard)
        self._count(float(window.performance.now()) - started)
        if done and left[0]:
            with speaking(app.words()):
                page.show_alerts()
            self.timer = window.setTimeout(self._step, 0)
        elif done:
            page.finished()

    def _count(self, took: float) -> None:
        self.slices += 1
        self.longest = max(self.longest, took)
        body = document.body
        body.dataset.jobSlices = str(self.slices)
        body.dataset.jobTook = f"{self.longest:.0f}"
