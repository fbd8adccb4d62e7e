"""Record the save and link corpus of format 2 (run once, on the engine of commit 507b606,
with the random loop that is now ``tm.sim.play_random`` written out in this script).

The files it wrote are committed under tests/corpus/v2/; tests open them with every later
engine. Format 2 listed every legal space of a placement as one choice; later engines list
board rows first when many spaces are legal, so these games (placements with up to 48
legal spaces, Prelude, every map) prove that links and saves made before still open.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tm.core.state import Options
from tm.game import Game
from tm.linkplay import links
from tm.sim import play_random
from tm.web.saves import SaveMeta, entry_text

OUT = Path(__file__).resolve().parents[1] / "tests" / "corpus" / "v2"
COLOURS = ["red", "green", "blue", "yellow", "black"]


def _record(name: str, game: Game, note: str) -> dict[str, Any]:
    names = [pl.name for pl in game.state.players]
    meta = SaveMeta(names=names, colours=COLOURS[:len(names)], generation=game.state.generation,
                    updated=1764600000.0, over=game.is_over)
    waiting = [[p, pr.kind, pr.purpose] for p, pr in game.pending]
    return {"name": name, "note": note, "save": game.to_save(), "entry": entry_text(game, meta),
            "link": links.encode(game), "scores": game.scores(), "over": game.is_over,
            "generation": game.state.generation, "waiting": waiting, "digest": game.digest()}


def _many_spaces(game: Game) -> bool:
    return any(pr.kind == "space" and len(pr.data["spaces"]) > 20 for _, pr in game.pending)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    corpera = ["corpera"]
    games = []
    for players, draft, seed, board, extra in [
            (1, False, 111, "tharsis", []), (2, False, 121, "tharsis", []),
            (3, True, 131, "tharsis", []), (4, False, 141, "tharsis", []),
            (5, True, 151, "tharsis", []), (2, False, 122, "tharsis", ["prelude"]),
            (1, False, 112, "tharsis", ["prelude"]), (2, False, 123, "elysium", []),
            (2, True, 124, "hellas", ["prelude"]), (3, False, 132, "vastitas_borealis", []),
            (1, False, 113, "amazonis_planitia", [])]:
        options = Options(players=players, seed=seed, draft=draft, board=board,
                          expansions=corpera + extra)
        label = f"{players}p-{board}{'-draft' if draft else ''}{'-prelude' if extra else ''}"
        games.append(_record(f"complete-{label}-{seed}", play_random(options), "a complete game"))
    for players, seed, board in [(2, 161, "tharsis"), (4, 162, "amazonis_planitia"),
                                 (3, 163, "hellas")]:
        options = Options(players=players, seed=seed, board=board, expansions=corpera)
        games.append(_record(f"many-spaces-{players}p-{board}-{seed}",
                             play_random(options, _many_spaces),
                             "waiting on a placement with more than 20 legal spaces"))
    (OUT / "games.json").write_text(json.dumps(games, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(games)} games to {OUT}")


if __name__ == "__main__":
    main()
