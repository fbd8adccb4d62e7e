"""Per click kind, which parts of the game screen Python draws and how long each takes,
in CPython (the page runs the same code in Pyodide, a few times slower), printed.

    .venv/bin/python scripts/profile_regions.py [--clicks 50] [--below]

The 5-player position of scripts/bench_page.py, opened in an App with a memory store, then
the bench's kinds of click in turn (sorting the hand, opening and closing a played card's
text, moves, confirm, the hand-off's reveal). Each click is drawn as the page draws it
after a pointer's click: with the regions below the fold given as last drawn
(``stale_allowed``; ``--below`` draws them too), and, as the page does after the frame,
what was left for later (the rest, the next player's screen ahead, the stage ahead) is
drawn outside the measure. For each part of the screen: the milliseconds spent in it
(inclusive) and how often it was drawn rather than taken as kept.
"""
from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.kits.games import late_game_entry  # noqa: E402
from tm.web import model, regions, screens  # noqa: E402
from tm.web.app import App  # noqa: E402
from tm.web.regions import BELOW, split_parts, stale_allowed  # noqa: E402
from tm.web.saves import PREFIX, MemoryStorage  # noqa: E402

SORTS = ("cost", "name", "tag", "playable")
SPENT: dict[str, list[float]] = collections.defaultdict(list)  # part -> ms per drawing


def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` that notes its time under ``name`` (inclusive)."""
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            SPENT[name].append(1000 * (time.perf_counter() - started))
    return wrapper


def instrument() -> None:
    """Time the screen's drawing functions and each region's drawing when not kept."""
    for name in ("status_strip", "card_dialog", "hand_section", "_decision_area",
                 "draft_info", "tool_buttons", "undo_bar", "recap_box", "tracks",
                 "board_svg", "milestones_awards", "log_section", "_panels", "player_panel",
                 "render_prompt", "hint_box", "_names_only", "live_scores", "send_panel",
                 "daily_panel", "link_banner", "share_dialog", "_sections"):
        if hasattr(screens, name):
            setattr(screens, name, timed(name, getattr(screens, name)))
    screens.game_screen = timed("game_screen (all)", screens.game_screen)
    model.ViewCache.view = timed("view (the page's observer)",  # type: ignore[method-assign]
                                 model.ViewCache.view)
    for fn in ("region", "region_of", "drawn_for", "unless_stale"):
        original = getattr(regions, fn)
        setattr(screens, fn, _keyed(fn, original))


def _keyed(fn: str, original: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(name: str, *args: Any) -> Any:
        started = time.perf_counter()
        try:
            return original(name, *args)
        finally:
            SPENT[f"{fn}({name})"].append(1000 * (time.perf_counter() - started))
    return wrapper


def open_app() -> App:
    storage = MemoryStorage()
    storage.set(PREFIX + "bench", late_game_entry())
    app = App(storage, clock=lambda: 1000.0)
    app.handle("continue", {"save": "bench"})
    if app.shown.screen == "handoff":
        app.handle("reveal", {})
    app.render()
    return app


def next_click(app: App, step: int) -> tuple[str, str, dict[str, Any]] | None:
    """(kind, action, data) of what the bench would click next (its order of checks)."""
    if app.shown.screen == "handoff":
        return "reveal", "reveal", {}
    if app.hand.state.reading is not None:
        return "close card", "close_card", {}
    if step % 4 == 1 and app.shown.screen == "game":
        return "sort hand", "hand_sort", {"by": SORTS[(step // 4) % len(SORTS)]}
    played = _played_card(app)
    if step % 4 == 2 and played is not None:
        return "read card", "read_card", {"card": played}
    stage = app.staged()
    if stage is not None and stage.held:
        return "confirm", "confirm_action", {}
    decision = app.current()
    if decision is None:
        return None
    if decision[1].kind == "space":
        return "space", "choose", {"index": 0}
    return "move", "choose", {"index": 0}


def _played_card(app: App) -> str | None:
    view = app.play.state.views.view(app.play.shown_game(), app.shown.viewer)
    for player in view["players"]:
        for card in player.get("tableau") or player.get("played") or []:
            return str(card["name"] if isinstance(card, dict) else card)
    return None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clicks", type=int, default=50)
    parser.add_argument("--below", action="store_true",
                        help="draw the regions below the fold in the click too")
    args = parser.parse_args(argv)
    app = open_app()
    instrument()
    by_kind: dict[str, dict[str, list[float]]] = collections.defaultdict(
        lambda: collections.defaultdict(list))
    for step in range(1, args.clicks + 1):
        found = next_click(app, step)
        if found is None:
            break
        kind, action, data = found
        started = time.perf_counter()
        app.handle(action, data)
        handled = time.perf_counter()
        SPENT.clear()
        with stale_allowed(() if args.below else tuple(BELOW)):
            html = app.render()["app"]
        drawn = time.perf_counter()
        split_parts(html)
        split = time.perf_counter()
        spent = by_kind[kind]
        spent["handle"].append(1000 * (handled - started))
        spent["render"].append(1000 * (drawn - handled))
        spent["split_parts"].append(1000 * (split - drawn))
        for name, values in SPENT.items():
            spent[name].append(sum(values))
            spent[f"#{name}"].append(len(values))
        SPENT.clear()
        app.render()  # (what the page draws after the frame)
        if app.shown.screen == "handoff":
            app.prepare_reveal()
        else:
            app.prepare_stage()
    for kind, spent in by_kind.items():
        n = len(spent["render"])
        print(f"== {kind} (n={n}): render median {statistics.median(spent['render']):.2f} ms")
        rows = [(sum(v) / n, name, sum(spent.get("#" + name, [0])) / n)
                for name, v in spent.items() if not name.startswith("#")]
        for mean, name, calls in sorted(rows, reverse=True)[:22]:
            print(f"   {mean:7.2f} ms/click  {name}  ({calls:.1f} calls/click)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
