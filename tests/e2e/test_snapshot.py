"""Booting from the Pyodide memory snapshot, and every way back to the normal boot.

A first visit boots the normal way (the snapshot would cost more than it saves) and the
offline worker fetches the snapshot for the next visit, which boots from it. The ways back
to the normal boot are checked on pages asked to boot from the snapshot (``?boot=snapshot``,
static/boot.mjs), whose requests the test can still intercept (no worker answers them)."""
from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scripts.files import load_file
from tests.e2e.clickdriver import click_moves
from tests.e2e.conftest import ROOT, SITE, Server, copy_site, gen_sw, start_server
from tests.e2e.helpers import start_game, wait_ready

SNAPSHOT = "?boot=snapshot"

pytestmark = [pytest.mark.e2e, pytest.mark.first_visit]

BUILD = SITE / "static" / "build"


def _build_engine() -> Any:
    return load_file(ROOT / "scripts" / "build_engine.py", "build_engine")


def _need_snapshot() -> None:
    if not (BUILD / "snapshot.json").is_file():
        if os.environ.get("CI"):
            pytest.fail("static/build/snapshot.json is missing: `make setup` makes it")
        pytest.skip("no snapshot built (run `make setup`)")


def _paths(page: Any) -> tuple[str, str]:
    found = page.evaluate("[document.documentElement.dataset.snapshot, document.body.dataset.boot]")
    return found[0], found[1]


def _plays_a_move(page: Any) -> None:
    start_game(page, players=1, seed=3)
    page.wait_for_selector(".prompt")
    before = page.locator("#app").inner_html()
    click_moves(page, 1)
    page.wait_for_function("(html) => document.querySelector('#app').innerHTML !== html",
                           arg=before)


def _forget_expected_errors(page: Any, *fragments: str) -> None:
    """The browser logs a failed download of the snapshot: expected in these tests."""
    recorder = page.recorder
    recorder.console_errors[:] = [e for e in recorder.console_errors
                                  if not any(f in e for f in fragments)
                                  and "Failed to load resource" not in e]


def _worker_ready(page: Any) -> None:
    """Wait until the offline worker has precached everything (the snapshot included)."""
    page.evaluate("""() => Promise.race([navigator.serviceWorker.ready, new Promise((_, fail) =>
        setTimeout(() => fail(new Error('no service worker became active')), 60000))])""")


def test_first_visit_boots_normally_and_the_next_from_the_snapshot(page: Any, boot: Any
                                                                    ) -> None:
    _need_snapshot()
    boot(page)
    assert _paths(page) == ("none", "normal")
    assert not any("/static/build/snapshot" in url for url in page.recorder.requests)
    _worker_ready(page)
    page.reload()
    wait_ready(page)
    assert _paths(page) == ("restored", "snapshot")
    _plays_a_move(page)


def test_asked_for_the_snapshot_boots_from_it_and_plays_a_move(page: Any, boot: Any) -> None:
    _need_snapshot()
    boot(page, SNAPSHOT)
    assert _paths(page) == ("restored", "snapshot")
    _plays_a_move(page)


def test_missing_snapshot_file_boots_the_normal_way(page: Any, boot: Any) -> None:
    _need_snapshot()
    page.route("**/static/build/snapshot-*.bin", lambda route: route.fulfill(status=404))
    boot(page, SNAPSHOT)
    assert _paths(page) == ("fallback", "normal")
    _plays_a_move(page)
    _forget_expected_errors(page, "snapshot")


def test_missing_snapshot_manifest_boots_the_normal_way(page: Any, boot: Any) -> None:
    page.route("**/static/build/snapshot.json", lambda route: route.fulfill(status=404))
    boot(page, SNAPSHOT)
    assert _paths(page) == ("none", "normal")
    _plays_a_move(page)
    _forget_expected_errors(page, "snapshot")


def test_corrupt_snapshot_boots_the_normal_way(page: Any, boot: Any) -> None:
    _need_snapshot()
    garbage = bytes(range(256)) * 64
    page.route("**/static/build/snapshot-*.bin",
               lambda route: route.fulfill(status=200, body=garbage,
                                           content_type="application/octet-stream"))
    boot(page, SNAPSHOT)
    assert _paths(page) == ("fallback", "normal")
    _plays_a_move(page)


@pytest.fixture
def changed_site(tmp_path: Path) -> Iterator[Server]:
    """The site with one engine file edited after its snapshot was made: its engine archive
    rebuilt from the edited sources, the snapshot left as it was."""
    _need_snapshot()
    root = copy_site(tmp_path / "site")
    sources = tmp_path / "sources"
    shutil.copytree(ROOT / "tm", sources / "tm", ignore=shutil.ignore_patterns("__pycache__"))
    catalog = sources / "tm" / "web" / "i18n_en.py"
    text = catalog.read_text(encoding="utf-8")
    assert '"start.new_game": "New game"' in text
    catalog.write_text(text.replace('"start.new_game": "New game"',
                                    '"start.new_game": "New game, fresh code"'), encoding="utf-8")
    (root / "static" / "build" / "engine.zip").write_bytes(_build_engine().archive_bytes(sources))
    assert gen_sw.main(["--root", str(root)]) == 0
    served = start_server(root=root)
    try:
        yield served
    finally:
        served.stop()


def test_changed_engine_file_without_new_snapshot_never_runs_stale_code(
        new_page: Any, changed_site: Server) -> None:
    page = new_page()
    page.recorder.origin = changed_site.origin
    page.goto(changed_site.url + SNAPSHOT)
    wait_ready(page)
    assert _paths(page) == ("restored", "stale")
    assert "New game, fresh code" in page.locator("form.new-game h2").inner_text()
    _plays_a_move(page)
