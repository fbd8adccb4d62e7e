"""Record the save and link corpus of format 1 (run once, on the engine of commit 4b2ecfb).

The files it wrote are committed under tests/corpus/v1/; tests open them with every later
engine to prove that saves and links players already hold keep opening. It is kept for the
record of how the corpus was made; it only runs against the format-1 engine.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tm.core.rng import Rng
from tm.core.state import Options
from tm.game import Game
from tm.linkplay import links
from tm.sim import play_random_game, random_response
from tm.web.saves import SaveMeta, entry_text

OUT = Path(__file__).resolve().parents[1] / "tests" / "corpus" / "v1"


def _until(options: Options, stop: Any, limit: int = 20000) -> Game:
    game = Game.new(options)
    rng = Rng.from_seed(options.seed ^ 0x5EED)
    while not game.is_over and len(game.moves) < limit:
        if stop(game):
            break
        player, prompt = game.pending[0]
        game.respond(player, random_response(prompt, rng))
    return game


def _record(name: str, game: Game, note: str) -> dict[str, Any]:
    names = [pl.name for pl in game.state.players]
    meta = SaveMeta(names=names, colours=["red", "green", "blue", "yellow", "black"][:len(names)],
                    generation=game.state.generation, updated=1764500000.0, over=game.is_over)
    waiting = [[p, pr.kind, pr.purpose] for p, pr in game.pending]
    return {"name": name, "note": note, "save": game.to_save(), "entry": entry_text(game, meta),
            "link": links.encode(game), "scores": game.scores(), "over": game.is_over,
            "generation": game.state.generation, "waiting": waiting,
            "corporations": [pl.corporation for pl in game.state.players]}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    games = []
    for players, draft, seed in [(1, False, 11), (1, False, 12), (2, False, 21), (3, False, 31),
                                 (4, False, 41), (5, False, 51), (2, True, 22), (3, True, 32),
                                 (4, True, 42), (5, True, 52), (2, False, 23)]:
        game = play_random_game(players=players, seed=seed, draft=draft)
        games.append(_record(f"complete-{players}p{'-draft' if draft else ''}-{seed}", game,
                             "a complete game"))
    base = Options(players=2, seed=8)
    games.append(_record("complete-2p-saturn-8", play_random_game(players=2, seed=8),
                         "Saturn Systems in play: the rules fix changes this game"))
    stops = [
        ("setup-corporation", Options(players=3, seed=61), lambda g: True),
        ("setup-buying", Options(players=2, seed=62),
         lambda g: any(pr.purpose == "buy_cards" for _, pr in g.pending)),
        ("pay-prompt", Options(players=2, seed=63),
         lambda g: any(pr.kind == "pay" for _, pr in g.pending) and len(g.moves) > 20),
        ("mid-draft", Options(players=3, seed=64, draft=True),
         lambda g: any(pr.purpose == "draft" for _, pr in g.pending)),
        ("research-buying", Options(players=2, seed=65),
         lambda g: g.state.generation == 3 and any(pr.purpose == "buy_cards"
                                                    for _, pr in g.pending)),
        ("option-prompt", Options(players=2, seed=66),
         lambda g: any(pr.kind == "option" for _, pr in g.pending)),
        ("space-prompt", Options(players=4, seed=67),
         lambda g: any(pr.kind == "space" for _, pr in g.pending) and g.state.generation > 2),
        ("solo-generation-5", Options(players=1, seed=68), lambda g: g.state.generation == 5),
        ("saturn-in-progress", base, lambda g: g.state.generation == 4),
    ]
    for name, options, stop in stops:
        games.append(_record(name, _until(options, stop), "a game in progress"))
    (OUT / "games.json").write_text(json.dumps(games, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(games)} games to {OUT}")


if __name__ == "__main__":
    main()
