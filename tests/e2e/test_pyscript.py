"""PyScript binds the page, under the site's Content-Security-Policy (no 'unsafe-eval') and
its Trusted Types: the page becomes ready through index.html's <script type="py"> on a
first visit, a return visit from the memory snapshot and offline, with no violation of
either; PyScript's package comes from the compiled copy in the standard library archive;
and markup that would make PyScript run code — a player's name, or an injection past the
page's escaping — never runs."""
from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.helpers import expect, start_game, wait_ready
from tests.e2e.test_headers import WATCH_CSP as WATCH  # every refusal, Trusted Types' too
from tests.e2e.test_offline import _controlled  # the offline worker controls the page

pytestmark = [pytest.mark.e2e, pytest.mark.first_visit]

# (the compiled copy: scripts/trim_stdlib.py, scripts/compile_pyc.mjs, static/boot.mjs)
PYSCRIPT_FILE = "/lib/python314.zip/pyscript/__init__.pyc"
# (players' names: at most 40 characters)
HOSTILE_NAMES = ('<script type="py">print(1)</script>', '<py-script>print(2)</py-script>')
HOSTILE = ('<script type="py">print("tm-pwned-1")</script>',
           '<py-script>print("tm-pwned-2")</py-script>')


def _printed(page: Any) -> list[str]:
    """Everything the page logs from now on (PyScript's Python prints to the console)."""
    printed: list[str] = []
    page.on("console", lambda message: printed.append(message.text))
    return printed


def _ran_through_pyscript(page: Any) -> None:
    """The page's <script type="py"> ran (PyScript marks it done and puts its output
    element after it) with PyScript's compiled package, and nothing was refused."""
    assert page.evaluate("window.tmViolations") == []
    assert page.evaluate("document.documentElement.dataset.pyscript") == PYSCRIPT_FILE
    assert page.evaluate("document.documentElement.dataset.pyscriptText") is None  # unwritten
    assert page.locator("script[type=py] + script-py").count() == 1


def test_the_page_is_ready_through_pyscript_first_visit_return_visit_and_offline(
        page: Any, boot: Any) -> None:
    page.add_init_script(WATCH)
    boot(page)
    _ran_through_pyscript(page)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "none"
    _controlled(page)
    page.reload()  # a return visit: from the snapshot the worker fetched
    wait_ready(page)
    _ran_through_pyscript(page)
    assert page.evaluate("[document.documentElement.dataset.snapshot,"
                         " document.body.dataset.boot]") == ["restored", "snapshot"]
    page.context.set_offline(True)
    page.reload()
    wait_ready(page)
    _ran_through_pyscript(page)
    start_game(page, players=1, seed=2)  # and plays
    expect(page.locator(".prompt")).to_be_visible()
    assert page.evaluate("window.tmViolations") == []


def test_a_players_name_holding_python_markup_shows_as_text_and_never_runs(
        page: Any, boot: Any) -> None:
    page.add_init_script(WATCH)
    printed = _printed(page)
    boot(page)
    start_game(page, players=2, names=list(HOSTILE_NAMES), seed=2)
    page.wait_for_timeout(1500)  # time for PyScript to have picked up anything it could run
    shown = page.locator("#app").inner_text()
    assert HOSTILE_NAMES[0] in shown  # (the name the page shows first: as text)
    assert not {"1", "2"} & set(printed)
    assert page.locator("#app script, #app py-script").count() == 0
    assert page.evaluate("window.tmViolations") == []  # escaped: nothing even to refuse


def test_markup_that_would_create_python_or_script_elements_is_refused(
        page: Any, boot: Any) -> None:
    """An injection past the page's escaping (simulated: markup handed straight to the
    sinks the page uses) is refused by the Trusted Types policy: the sink throws, the
    browser reports it, and PyScript never sees the element; the page's own markup passes."""
    page.add_init_script(WATCH)
    printed = _printed(page)
    boot(page)
    sinks = ("(m) => { document.getElementById('alerts').innerHTML = m; }",
             "(m) => { document.getElementById('alerts').insertAdjacentHTML('beforeend', m); }",
             "(m) => { document.createElement('template').innerHTML = m; }",  # static/screen.mjs
             "(m) => { globalThis.tmPatch(document.getElementById('alerts'), m); }")
    hostile = [*HOSTILE, '<SCRIPT type="module">globalThis.tmPwned = 1</SCRIPT>',
               '<svg><script>globalThis.tmPwned = 1</script></svg>',
               '<mpy-script>print("tm-pwned-3")</mpy-script>',
               '<iframe srcdoc="&lt;script type=py&gt;print(4)&lt;/script&gt;"></iframe>']
    for sink in sinks:
        for markup in hostile:
            refused = page.evaluate(
                f"(m) => {{ try {{ ({sink})(m); return false; }}"
                " catch (e) { return e instanceof TypeError; } }", markup)
            assert refused, (sink, markup)
    page.wait_for_timeout(1500)
    assert not [text for text in printed if "tm-pwned" in text]
    assert page.evaluate("globalThis.tmPwned") is None
    assert page.locator("py-script, mpy-script, iframe, #alerts script").count() == 0
    violations = page.evaluate("window.tmViolations")
    assert len(violations) == len(sinks) * len(hostile)
    assert all(v.startswith("require-trusted-types-for") for v in violations)
    # The page's own markup passes the same sinks, text that merely mentions a tag included.
    page.evaluate("""() => { document.getElementById('alerts').innerHTML =
        '<p class="x">&lt;script type="py"&gt; is text here</p>'; }""")
    expect(page.locator("#alerts p.x")).to_have_text('<script type="py"> is text here')
    page.evaluate("() => { document.getElementById('alerts').textContent = ''; }")
    # (the refusals are this test's point, and Chromium logs each as an error)
    page.recorder.console_errors[:] = [e for e in page.recorder.console_errors
                                       if "requires 'TrustedHTML'" not in e]


def test_pyscripts_side_databases_are_not_opened_when_unused(page: Any, boot: Any) -> None:
    # (its folder mounts and its package cache: this page uses neither; static/sidedb.mjs)
    boot(page)
    start_game(page, players=1, seed=2)
    expect(page.locator(".prompt")).to_be_visible()
    names = page.evaluate("indexedDB.databases().then((known) => known.map((db) => db.name))")
    assert [name for name in names if name.startswith("IDBMap/")] == []


def test_pyscripts_side_database_opens_for_a_write_and_is_read_back(page: Any,
                                                                    boot: Any) -> None:
    # A page that does use one (a write as PyScript's IDBMap makes it, for pyscript.fs)
    # gets a real database, read back on the next visit.
    boot(page)
    assert page.evaluate(_IDBMAP.replace("CHANGE", "store.put(7, 'tm-kept')")) == "tm-kept"
    for _ in range(50):  # (written through asynchronously)
        names = page.evaluate("indexedDB.databases().then((k) => k.map((db) => db.name))")
        if "IDBMap/@pyscript.fs" in names:
            break
        page.wait_for_timeout(100)
    assert "IDBMap/@pyscript.fs" in names
    page.reload()
    wait_ready(page)
    assert page.evaluate(_IDBMAP.replace("CHANGE", "store.get('tm-kept')")) == 7


# One request on PyScript's folder-mounts database, as its IDBMap makes it.
_IDBMAP = """new Promise((resolve, reject) => {
  const open = indexedDB.open('IDBMap/@pyscript.fs');
  open.onupgradeneeded = ({ target }) => target.result.createObjectStore('entries');
  open.onerror = reject;
  open.onsuccess = ({ target }) => {
    const store = target.result.transaction('entries', 'readwrite').objectStore('entries');
    Object.assign(CHANGE, { onsuccess: (event) => resolve(event.target.result), onerror: reject });
  };
})"""
