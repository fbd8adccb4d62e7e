"""view() is an explicit projection: every field of the state is marked public, owner-only or
secret (tm.core.state.seen; each expansion's section by its manifest's ``seen``), a field without
a mark is never shown, a secret never shows and an owner-only field shows to its owner only.
"""
from __future__ import annotations

import copy
import dataclasses
import json
import random
import typing
from dataclasses import dataclass, field
from typing import Any

import pytest

from tm import Game, Options
from tm.core.manifest import MANIFESTS, Manifest, manifest
from tm.core.rng import Rng
from tm.core.state import OWNER, PUBLIC, GameState, PlayerState
from tm.expansions import MANIFESTS as LOAD_ORDER
from tm.view import marks_of, view_for

SHIPPED = tuple(m.name for m in LOAD_ORDER)  # (a test elsewhere registers a probe manifest)

WHO = ("public", "owner", "secret")


def _unmarked(cls: type, path: str = "") -> list[str]:
    """Every field of ``cls`` without a valid mark, recursively into a field that is itself
    a dataclass or a list of them (a secret field hides all that is inside it)."""
    found = []
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        where = f"{path or cls.__name__}.{f.name}"
        if f.metadata.get("seen") not in WHO:
            found.append(where)
            continue
        inner = _dataclass_in(hints[f.name])
        if inner is not None and f.metadata["seen"] != "secret":
            found += _unmarked(inner, where)
    return found


def _dataclass_in(hint: Any) -> type | None:
    for kind in (hint, *typing.get_args(hint)):
        if isinstance(kind, type) and dataclasses.is_dataclass(kind):
            return kind
    return None


def _unmarked_keys(manifest: Manifest) -> list[str]:
    """Every key of an expansion's state section without a valid mark (and every mark of
    a key the section does not have)."""
    keys = set(manifest.state) | set(manifest.seen)
    return sorted(f"{manifest.name}.{key}" for key in keys if key not in manifest.state
                  or manifest.seen.get(key, {}).get("seen") not in WHO)


# ---------------------------------------------------------------- every field is marked
def test_every_field_of_the_state_and_player_dataclasses_is_marked() -> None:
    assert _unmarked(GameState) == []


def test_every_key_of_each_expansions_section_is_marked() -> None:
    assert [key for name in SHIPPED for key in _unmarked_keys(manifest(name))] == []


# What the view hides, named a second time on purpose: a hidden field made public must be
# a deliberate change here too (R-SETUP-4: setup choices; R-GEN-3, R-GEN-4: research and
# the draft; the deck, discard pile and seeds: nobody).
HIDDEN = {
    "owner": ["GameState.queues", "PlayerState.hand", "PlayerState.dealt_corps",
              "PlayerState.setup_choice", "PlayerState.offer", "PlayerState.draft_hand",
              "PlayerState.drafted", "prelude.dealt"],
    "secret": ["Options.seed", "Options.bot_seed", "GameState.rng", "GameState.deck",
               "GameState.discard", "GameState.corp_deck", "GameState.ruled",
               "prelude.deck",
               "prelude.discard", "colonies.aridor"],
}


def test_the_hidden_fields_are_those_named_here() -> None:
    marked: dict[str, list[str]] = {"owner": [], "secret": []}
    for cls in (GameState, PlayerState, Options):
        for name, who, _ in marks_of(cls):
            marked.get(who, []).append(f"{cls.__name__}.{name}")
    for name in SHIPPED:
        for key, mark in manifest(name).seen.items():
            marked.get(mark["seen"], []).append(f"{name}.{key}")
    assert {who: sorted(names) for who, names in marked.items()} == {
        who: sorted(names) for who, names in HIDDEN.items()}


@dataclass
class PlantedPlayer(PlayerState):
    plan: int = 0  # a field added without a mark


@dataclass
class PlantedState:
    players: list[PlantedPlayer] = field(default_factory=list, metadata=PUBLIC)
    rng: Rng = field(default_factory=Rng, metadata={"seen": "hidden"})  # a word not known


def test_the_check_fails_on_a_planted_unmarked_field_or_an_unknown_word() -> None:
    assert _unmarked(PlantedPlayer) == ["PlantedPlayer.plan"]
    assert _unmarked(PlantedState) == ["PlantedState.players.plan", "PlantedState.rng"]
    planted = Manifest(name="planted", state={"deck": [], "seen": []}, seen={"deck": OWNER})
    assert _unmarked_keys(planted) == ["planted.seen"]


SECRET_INT = 7_770_001_234_567_891  # planted: found in no view


PHASES = ("setup", "draft", "research", "action")


def _moments() -> list[GameState]:
    """Copies of the state of a 3-seat game with every expansion and the draft, at the
    first decision of setup, of a draft round, of research and of the action phase."""
    game = Game.new(Options(players=3, seed=28, draft=True, bot_seed=SECRET_INT,
                            expansions=["corpera", "prelude", "colonies"]))
    rnd, found = random.Random(28), {}
    while len(found) < len(PHASES):
        if game.state.phase in PHASES and game.state.phase not in found:
            found[game.state.phase] = copy.deepcopy(game.state)
        player, waiting = game.pending[0]
        game.respond(player, rnd.choice(waiting.choices()))
    return [found[phase] for phase in PHASES]


@pytest.fixture(scope="module")
def moments() -> list[GameState]:
    return _moments()


def test_a_field_without_a_mark_is_never_shown(moments: list[GameState]) -> None:
    g = copy.deepcopy(moments[-1])
    pl = g.players[0]
    g.players[0] = PlantedPlayer(**{f.name: getattr(pl, f.name)
                                    for f in dataclasses.fields(pl)}, plan=SECRET_INT)
    for viewer, text in _views(g).items():
        assert str(SECRET_INT) not in text, viewer
    assert "plan" not in view_for(g, 0)["players"][0]


def _views(g: GameState) -> dict[int | None, str]:
    return {viewer: json.dumps(view_for(g, viewer)) for viewer in [*range(len(g.players)), None]}


def _planted_secret(value: Any, marker: str) -> Any:
    """``value`` with a marker in it that no view may show (a secret of a new type fails
    here until it is taught how to plant one)."""
    if isinstance(value, Rng):
        return Rng(SECRET_INT)
    if isinstance(value, bool) or not isinstance(value, int | list | dict):
        raise TypeError(f"no way to plant into {type(value).__name__} ({marker})")
    if isinstance(value, int):
        return SECRET_INT
    if isinstance(value, list):
        return [*value, marker]
    return {**value, marker: marker}


def _secrets(g: GameState) -> list[tuple[Any, str, bool]]:
    """(holder, field or key, is a section key) of every secret of the state."""
    found: list[tuple[Any, str, bool]] = []
    for holder in (g, g.options, *g.players):
        derived = {f.name for f in dataclasses.fields(holder) if not f.init}  # (the rules:
        found += [(holder, name, False) for name, who, _ in marks_of(type(holder))  # made
                  if who == "secret" and name not in derived]  # from the options, planted)
    for name, sec in g.ext.items():
        found += [(sec, key, True) for key, mark in MANIFESTS[name].seen.items()
                  if mark["seen"] == "secret"]
    return found


def test_a_secret_fields_value_never_appears_in_any_view(moments: list[GameState]) -> None:
    for moment in moments:
        g = copy.deepcopy(moment)
        planted = []
        for holder, name, is_key in _secrets(g):
            marker = f"SECRET-{type(holder).__name__}-{name}"
            if is_key:
                holder[name] = _planted_secret(holder[name], marker)
            else:
                setattr(holder, name, _planted_secret(getattr(holder, name), marker))
            planted.append(marker)
        assert len(planted) >= 8  # seed, bot_seed, rng, the piles, the expansions' own
        for viewer, text in _views(g).items():
            assert [m for m in planted if m in text] == [], (g.phase, viewer)
            assert str(SECRET_INT) not in text, (g.phase, viewer)


def _plant_owned(g: GameState, seat: int, hand_card: str) -> list[str]:
    """A marker in each owner-only field of ``seat`` (its player's fields, the decision at
    the head of its queue, its entry in each expansion's per-seat lists); the hand gets a
    real card (the view looks each card in hand up)."""
    planted = []
    pl = g.players[seat]
    for name, who, _ in marks_of(PlayerState):
        if who == "owner":
            marker = hand_card if name == "hand" else f"OWNER-{seat}-{name}"
            value = getattr(pl, name)
            setattr(pl, name, [*value, marker] if isinstance(value, list) else
                    {**value, "planted": marker})
            planted.append(marker)
    queue = g.queues[seat]
    if queue and queue[0]["op"] == "ask":
        queue[0]["planted"] = f"OWNER-{seat}-queue"
        planted.append(queue[0]["planted"])
    for name, sec in g.ext.items():
        for key, mark in MANIFESTS[name].seen.items():
            if mark["seen"] == "owner":
                sec[key][seat] = [*sec[key][seat], f"OWNER-{seat}-{name}-{key}"]
                planted.append(f"OWNER-{seat}-{name}-{key}")
    return planted


def test_an_owner_only_field_appears_only_in_its_owners_view(moments: list[GameState]) -> None:
    for moment in moments:
        for seat in range(3):
            g = copy.deepcopy(moment)
            unseen = _views(g)
            hand_card = next(c for c in g.deck if all(json.dumps(c) not in text
                                                      for text in unseen.values()))
            g.deck.remove(hand_card)
            planted = _plant_owned(g, seat, hand_card)
            assert len(planted) >= 7  # six of the player's fields and the preludes dealt
            for viewer, text in _views(g).items():
                shown = [m for m in planted if json.dumps(m) in text]
                assert shown == (planted if viewer == seat else []), (g.phase, seat, viewer)
