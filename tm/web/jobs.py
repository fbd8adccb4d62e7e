"""Work that would freeze the page, run in slices (issue 49): a sealed game's audit and a
sealed game rebuilt from this device's record (seconds in Pyodide at five seats).

A controller hands its work to :meth:`Jobs.start` as a :class:`Job`: a generator of units
of work (:mod:`tm.fairdeck.work`) that does what is left to do at its end itself (keeps
the record, shows the game). In CPython (the App's tests, no page) it runs at once, in
one piece, as before. The page (``defer`` set at boot) keeps it instead: the page is
busy (a click is dropped, the bots wait), and :mod:`tm.web.page_work` runs it a slice at
a time between frames with its progress in #alerts. The result is the same either way.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from tm.fairdeck.work import Work, finish


class Busy(Protocol):
    """Where the page says it is busy (the saving controller's state)."""
    busy: str | None  # the busy message's key (None: not busy)


@dataclass
class Job:
    """Work under way: the busy message key, its units in all (0: not counted) and done
    so far."""
    message: str
    total: int
    work: Work[None]
    done: int = 0
    then: list[Callable[[], None]] = field(default_factory=list)  # run once it is done


class Jobs:
    """The one job under way (the page runs one thing at a time)."""

    def __init__(self, tabs: Busy) -> None:
        self.tabs = tabs
        self.defer = False  # the page's: jobs wait to be run in slices (run_slice)
        self.job: Job | None = None

    def start(self, job: Job) -> None:
        """Run ``job`` now (no page), or keep it for the page's slices, the page busy."""
        if not self.defer:
            finish(job.work)
            for then in job.then:
                then()
            return
        self.job, self.tabs.busy = job, job.message

    def after(self, then: Callable[[], None]) -> None:
        """``then`` once the job under way is done (at once when there is none)."""
        if self.job is None:
            then()
        else:
            self.job.then.append(then)

    def progress(self) -> tuple[int, int] | None:
        """(done, total) of the job under way (None: none, or its work is not counted)."""
        job = self.job
        return None if job is None or not job.total else (min(job.done, job.total), job.total)

    def run_slice(self, more: Callable[[], bool]) -> bool:
        """The job's work, a unit at a time while ``more()`` says so (at least one);
        whether some is left (this job's, or the next one its end started). Done (or
        failed): the page is no longer busy."""
        job = self.job
        if job is None:
            return False
        try:
            while True:
                job.done += next(job.work)
                if not more():
                    return True
        except StopIteration:
            pass
        except Exception:  # (the page's guard says what failed; the page is not kept busy)
            self._done(job)
            raise
        self._done(job)
        for then in job.then:
            then()
        return self.job is not None  # (its end may have started the next: a link's posts)

    def _done(self, job: Job) -> None:
        if self.job is job:  # (not one its work started)
            self.job, self.tabs.busy = None, None
