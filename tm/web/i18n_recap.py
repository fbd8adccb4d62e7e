"""Words of the recap of the others' moves since the viewer last acted."""
from __future__ import annotations

EN_RECAP: dict[str, str] = {
    "recap.title.one": "Since your last move: {n} move by the others",
    "recap.title.other": "Since your last move: {n} moves by the others",
    "recap.joiner": "; ",
    "recap.spaces.one": "(lit on the board)",
    "recap.spaces.other": "({n} spaces lit on the board)",
    "recap.prev": "Previous",
    "recap.next": "Next",
    "recap.step_of": "Move {n} of {total}",
    "recap.skip": "Skip",
    "recap.close": "Close",
}
