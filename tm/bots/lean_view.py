"""The lean view: what the expert's rollouts read, only what the bots read (a bot decides
the same on it: tests/engine/test_view_lean.py), built by a rollout's own observer.

Beside the full view (:class:`tm.view.Observer`) it has no standard projects, milestones
or awards of the viewer with their reasons (empty lists); a card in hand with its cost and
only the reasons of production it would lower (``playable``: none of those); scores
without ``card_points`` and standings with a milestone's measures only while it is open
(solo: neither, empty); the state's own fields, log included, not copies, and the board's
spaces and the map shared between the observer's views. Never shown, never written.
"""
from __future__ import annotations

from tm.cards import card
from tm.core.dealing import deal_of
from tm.core.ruleset import Rules, rules_of
from tm.core.state import GameState
from tm.rules import playability
from tm.rules.play import cost_of
from tm.rules.scoring import scores
from tm.view import Observer, standings
from tm.view_board import map_of
from tm.view_model import HandEntry, LogEntry, MapView, ScoreRow, SpaceView, Standings, UsableView
from tm.vocab.own_triggers import play_steps_to_check

SpaceKey = tuple[object, ...]  # the map, a space's id and what lies on it


class LeanObserver(Observer):
    """A rollout's reader of lean views (see the module): it keeps each space by what lies
    on it, each board's list of them by what lies on its spaces, and each ruleset's map
    section, shared by its views (cleared when large: a long rollout)."""

    def __init__(self) -> None:
        super().__init__()
        self._space: dict[SpaceKey, SpaceView] = {}
        self._board: dict[SpaceKey, list[SpaceView]] = {}
        self._maps: dict[tuple[int, bool], tuple[Rules, MapView]] = {}
        self._prod: dict[str, bool] = {}  # by card: whether its play has a production step

    def field(self, value: object) -> object:
        return value  # (the state's own plain lists and dicts: a lean reader never writes)

    def log(self, g: GameState) -> list[LogEntry]:
        return g.log

    def map(self, g: GameState) -> MapView:
        rules = rules_of(g)  # (built once per options key, told apart by identity)
        key = (id(rules), len(g.players) == 1)
        if key not in self._maps or self._maps[key][0] is not rules:
            self._maps[key] = (rules, map_of(rules, key[1]))
        return self._maps[key][1]

    def spaces(self, g: GameState) -> list[SpaceView]:
        """Every space of the board with what lies on it now, as shared read-only entries."""
        board_def = rules_of(g).map
        key = (board_def.name, *((sid, e.get("tile"), e.get("owner"), e.get("claim"),
                                  e.get("card")) for sid, e in g.board.items()))
        if key in self._board:
            return self._board[key]
        if len(self._board) > 500 or len(self._space) > 4000:
            self._board.clear()
            self._space.clear()
        found = self._board[key] = []
        for sid, static in self.printed(g):
            entry = g.board.get(sid) or {}
            at = (board_def.name, sid, entry.get("tile"), entry.get("owner"),
                  entry.get("claim"), entry.get("card"))
            if at not in self._space:
                self._space[at] = {**static, "tile": at[2], "owner": at[3],
                                   "claim": at[4], "card": at[5]}
            found.append(self._space[at])
        return found

    def scores(self, g: GameState) -> list[ScoreRow]:
        if len(g.players) == 1:
            return []  # (a bot reads neither scores nor standings alone)
        return [ScoreRow(**row, card_points=[]) for row in scores(g)]

    def standings(self, g: GameState) -> Standings:
        if len(g.players) == 1:
            return {"milestones": [], "awards": []}
        return standings(g, values=False)

    def usable(self, g: GameState, p: int) -> UsableView:
        return {"hand": [self.hand_card(g, p, n) for n in g.players[p].hand
                         if deal_of(g).readable(n)],
                "projects": [], "milestones": [], "awards": []}

    def hand_card(self, g: GameState, p: int, name: str) -> HandEntry:
        """A card in hand: its cost, and only the production it would lower below what the
        rules allow (R-PROD-2) among its reasons."""
        c = card(name)
        if name not in self._prod:
            self._prod[name] = any(s["k"] == "prod" for s in c.play)
        reasons = playability.step_reasons(g, p, name, [
            s for s in play_steps_to_check(g, c) if s["k"] == "prod"]) if self._prod[name] else []
        return {"name": name, "cost": cost_of(g, p, c), "playable": not reasons,
                "reasons": reasons}
