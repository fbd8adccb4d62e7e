"""Prelude's hidden parts: its deck, discard pile and the preludes dealt in setup; the
preludes kept are played first, one chosen at a time."""
from __future__ import annotations

from tm.bots.expansions import BotValues, Json, UnseenManifest
from tm.cards import prelude_deck
from tm.core.state import GameState


def _first_prelude(g: GameState, p: int) -> Json | None:
    """After the reveal, a seat keeping two preludes chooses which to play first."""
    kept = g.ext.get("prelude", {}).get("kept") or [[] for _ in g.players]
    if g.phase != "after_reveal" or len(kept[p]) <= 1:
        return None
    count = len(g.players)
    order = [(g.first_player + i) % count for i in range(count)]
    return {"op": "ask", "kind": "card", "on": "prelude_first", "cards": list(kept[p]),
            "rest": order[order.index(p) + 1:]}


UNSEEN = UnseenManifest(
    name="prelude",
    piles={"deck": "prelude", "discard": "prelude", "dealt": "prelude"},
    decks={"prelude": prelude_deck},
    placed=("kept", "dealt"),
    discarded_by={"prelude_discarded": "discard"},
    setup_held={"preludes": lambda g, p: list(g.ext["prelude"]["dealt"][p])},
    turn_ask=_first_prelude,
    values=BotValues(custom_steps={"one_lowest_production_up": 6.0,
                                   "play_one_of_drawn_preludes": 15.0}),
)
