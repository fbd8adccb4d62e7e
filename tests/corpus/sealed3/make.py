"""Writes escrow.json here: a sealed 2-seat game whose seats took their seats with a
recovery passphrase (sealed link format 2: each seat's first post carries its escrow), and
Ann's re-invitation of Bob after his device was lost, as her page offered it, with the seed
Bob's passphrase unlocks. Run from the checkout: ``PYTHONPATH=. .venv/bin/python
tests/corpus/sealed3/make.py`` (commit 'Sealed seat escrow' and after)."""
from __future__ import annotations

import json
from pathlib import Path

from tests.web.test_sealed_escrow import BOB_SEED, lost


def main() -> None:
    made = lost.__wrapped__()  # type: ignore[attr-defined]
    data = {"game_id": made.game_id, "invite": made.invite, "bob_seed": BOB_SEED.hex()}
    Path(__file__).with_name("escrow.json").write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main()
