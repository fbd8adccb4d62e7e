"""A game recorded in one Python replays identically in the other.

The browser runs the engine in Pyodide (Python 3.14); tests and the simulator run it
in CPython (3.11 here). A save made in CPython is replayed in Pyodide under Node.js
and both must reach the same final state, compared by its digest.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import tm.sim
from tm import Game

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "pyodide_replay.mjs"
PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"


def _node_or_skip() -> str:
    """The node executable; skips when Node or Pyodide is missing, except in CI."""
    node = shutil.which("node")
    if node is None:
        problem = "node is not installed"
    elif not PYODIDE.is_file():
        problem = "node_modules/pyodide is missing (run `make setup`)"
    else:
        return node
    if os.environ.get("CI"):
        pytest.fail(f"{problem}; in CI this test must run")
    pytest.skip(problem)


@pytest.mark.pyodide
@pytest.mark.slow
def test_replay_identical_in_pyodide_and_cpython(tmp_path: Path) -> None:
    node = _node_or_skip()
    game = tm.sim.play_random_game(players=2, seed=5)
    assert game.is_over
    save = game.to_save()
    save_text = json.dumps(save)
    save_file = tmp_path / "save.json"
    save_file.write_text(save_text, encoding="utf-8")

    expected = tm.sim.replay_digest(save)
    assert tm.sim.replay_digest(json.loads(save_text)) == expected, "save is not JSON-exact"

    result = subprocess.run(
        [node, str(SCRIPT), str(save_file), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == expected, result.stderr


@pytest.mark.pyodide
@pytest.mark.slow
def test_game_recorded_in_pyodide_replays_identically_in_cpython(tmp_path: Path) -> None:
    """The browser's direction: a save written by Python 3.14 loads in CPython 3.11."""
    node = _node_or_skip()
    save_file = tmp_path / "pyodide_save.json"
    result = subprocess.run(
        [node, str(SCRIPT), "--play", "3", "11", str(save_file), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Python 3.14" in result.stderr
    save = json.loads(save_file.read_text(encoding="utf-8"))
    game = Game.from_save(save)  # checks the checksum Pyodide computed
    assert game.is_over
    assert game.digest() == save["checksum"]
