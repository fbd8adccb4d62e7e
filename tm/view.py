"""What one player may see: the state as plain data with hidden information removed."""
from __future__ import annotations

from typing import Any

from tm.expansions import view_sections
from tm.state import GameState, to_dict

_PRIVATE = ("hand", "offer", "draft_hand", "drafted", "dealt_corps", "setup_choice")


def view_for(g: GameState, viewer: int | None) -> dict[str, Any]:
    """The state for ``viewer``: deck, discard pile and other players' hands become counts."""
    data = to_dict(g)
    data["deck"] = len(g.deck)
    data["discard"] = len(g.discard)  # face down in the printed game
    data["corp_deck"] = len(g.corp_deck)
    data.pop("rng")
    data.pop("queues")
    data["options"].pop("seed")  # the seed fixes every hand and the deck order
    data.pop("ext")
    data["expansions"] = view_sections(g, viewer)
    for pl in data["players"]:
        if pl["index"] != viewer:
            for key in _PRIVATE:
                pl[key] = len(pl[key])
    return data
