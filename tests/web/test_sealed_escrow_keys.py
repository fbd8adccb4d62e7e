"""The page's escrow of a sealed seat's seed (static/seatkeys.mjs, issue 43), run in Node's
WebCrypto: the seed locked with a recovery passphrase opens with that passphrase only, for
that game and seat only, and not once a byte of it changed; what it writes has the shape
tm.web.seedescrow reads."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tm.web import seedescrow

ROOT = Path(__file__).resolve().parents[2]
SEED = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
SCRIPT = """
const m = await import(%s);
const seed = %s, pass = "correct horse battery staple";
const escrow = await m.lockSeed(seed, pass, "game-a", 1);
const tries = {};
const attempt = async (name, text, p, game, seat) => {
  try { tries[name] = await m.unlockSeed(text, p, game, seat); }
  catch (error) { tries[name] = "refused: " + error.message; }
};
const changed = JSON.parse(escrow);
changed.d = (changed.d[0] === "A" ? "B" : "A") + changed.d.slice(1);
await attempt("right", escrow, pass, "game-a", 1);
await attempt("wrong passphrase", escrow, pass + "!", "game-a", 1);
await attempt("other game", escrow, pass, "game-b", 1);
await attempt("other seat", escrow, pass, "game-a", 0);
await attempt("changed", JSON.stringify(changed), pass, "game-a", 1);
console.log(JSON.stringify({ escrow, tries }));
"""


@pytest.fixture(scope="module")
def ran() -> dict[str, object]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js here")
    module = (ROOT / "static" / "seatkeys.mjs").as_uri()
    script = SCRIPT % (json.dumps(module), json.dumps(SEED))
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True,
                          text=True, timeout=120, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_escrow_keys_the_passphrase_unlocks_the_seed(ran: dict[str, object]) -> None:
    assert ran["tries"]["right"] == SEED  # type: ignore[index]


@pytest.mark.parametrize("attempt", ["wrong passphrase", "other game", "other seat",
                                     "changed"])
def test_escrow_keys_a_wrong_passphrase_or_escrow_is_refused(ran: dict[str, object],
                                                             attempt: str) -> None:
    assert ran["tries"][attempt] == "refused: passphrase"  # type: ignore[index]


def test_escrow_keys_the_page_writes_the_shape_python_reads(ran: dict[str, object]) -> None:
    text = str(ran["escrow"])
    assert seedescrow.well_formed(text)
    assert json.loads(text)["i"] == seedescrow.ITERATIONS >= 600_000
