"""The recorded corpora (tests/corpus/v1, tests/corpus/v2): saves, page storage entries and
share links players already hold, each with the generation, scores and state recorded. The
engine's suite opens their saves and links, the page's suite their storage entries."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def recorded(version: str) -> list[dict[str, Any]]:
    """Every game of one corpus ("v1", "v2"; "seals": links with seats' keys; "linkplay0":
    a game by link with each device's storage, before issue 29; "seats0": games by link
    and a sealed join before seats belonged to invitations, issue 43) as recorded."""
    return json.loads((CORPUS / version / "games.json").read_text(encoding="utf-8"))


def with_saturn(games: list[dict[str, Any]], present: bool = True) -> list[dict[str, Any]]:
    """The games with (or without) Saturn Systems. Its fix (rules version 2) changes every
    game it is in: those are checked to open, play on and say so, not to keep their old
    scores."""
    return [g for g in games if ("Saturn Systems" in g["corporations"]) == present]
