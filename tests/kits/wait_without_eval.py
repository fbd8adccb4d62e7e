"""``Page.wait_for_function`` for pages served under the site's Content-Security-Policy
(netlify.toml, no 'unsafe-eval'): Playwright's own compiles its predicate in the page with
``new Function``, which that policy refuses. This one evaluates the expression (or the
function, with ``arg``) from the driving side (DevTools evaluation, which the page's CSP does
not govern) every 50 ms until it is truthy. The browser tests (tests/e2e/conftest.py) and the
benches (scripts/bench_*.py) install it."""
from __future__ import annotations

import time
from typing import Any

DEFAULT_TIMEOUT_MS = 15_000


def wait_for_function(page: Any, expression: str, arg: Any = None,
                      timeout: float | None = None, polling: Any = None) -> Any:
    """The first truthy value of ``expression`` in ``page``; Playwright's TimeoutError after
    ``timeout`` ms. A navigation in between (the page's context destroyed) is retried."""
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    wait = DEFAULT_TIMEOUT_MS if timeout is None else timeout
    deadline = time.monotonic() + wait / 1000
    while True:
        try:
            value = page.evaluate(expression, arg)
        except PlaywrightError as error:
            if "context was destroyed" not in str(error) and "navigat" not in str(error):
                raise
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise PlaywrightTimeout(f"waiting for {expression!r}: {wait:.0f} ms exceeded")
        time.sleep(0.05)


def install() -> None:
    """Make every Playwright (sync) page wait this way."""
    try:
        from playwright.sync_api import Page
    except ImportError:  # (the browser tests are skipped then)
        return
    Page.wait_for_function = wait_for_function  # type: ignore[assignment,method-assign]
