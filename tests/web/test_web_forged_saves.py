"""A forged save or link on the page: refused or rebuilt from its moves, in plain words, never
"Something went wrong" and never a forged position drawn (issue 29, item 3)."""
from __future__ import annotations

import base64
import hashlib
import json
import zlib
from typing import Any

import pytest

from tm.core.state import Options
from tm.game import Game
from tm.linkplay import links
from tm.persist.codec import canonical_json, pack_state, unpack_state
from tm.sim import play_random
from tm.web.app import App
from tm.web.i18n import t
from tm.web.saves import PREFIX, MemoryStorage, SaveMeta, entry_text_of

WENT_WRONG = t("app.error", reason="").split(":")[0]


@pytest.fixture(scope="module")
def game() -> Game:
    return play_random(Options(players=2, seed=5), stop=lambda g: len(g.moves) >= 60)


def _app() -> App:
    return App(MemoryStorage(), clock=lambda: 2_000_000.0)


def _forged(game: Game, change: Any, where: str = "state") -> str:
    """The entry text of ``game``'s save with its stored state changed and a checksum that
    matches the change (the checksum is a public hash)."""
    save = json.loads(json.dumps(game.to_save()))
    state = unpack_state(save["state"])
    change(state)
    if where == "base":
        save["base"] = {"moves": len(save["moves"]), "state": pack_state(state)}
    else:
        save["state"] = pack_state(state)
    digest_of = {k: v for k, v in state.items() if k not in ("log", "options")}
    save["checksum"] = hashlib.sha256(canonical_json(digest_of).encode()).hexdigest()[:32]
    return entry_text_of(save, SaveMeta(names=["A", "B"]))


def _tr_200(state: dict[str, Any]) -> None:
    state["players"][0]["tr"] = 200


def test_an_imported_save_with_a_forged_position_opens_from_its_moves_and_says_so(
        game: Game) -> None:
    app = _app()
    app.handle("import", {"text": _forged(game, _tr_200)})
    shown = app.shown.game
    assert shown is not None and shown.digest() == game.digest()
    assert shown.state.players[0].tr == game.state.players[0].tr != 200
    assert app.shown.info == t("rules.state_mismatch")
    assert not app.shown.notice


def test_a_stored_save_with_a_broken_base_position_is_refused_in_plain_words(
        game: Game) -> None:
    app = _app()
    app.store.write_text("forged", _forged(
        game, lambda s: s["queues"][0].insert(0, {"op": "ask", "on": 7}), where="base"))
    app.handle("continue", {"save": "forged"})
    assert app.shown.game is None
    assert app.shown.notice == t("saved.bad", reason=t("err.save.state_invalid"))
    assert WENT_WRONG not in app.shown.notice
    assert PREFIX + "forged" in app.store.storage.names()  # kept, never deleted


def _relinked(fragment: str, cut: int, tail: bytes = b"") -> str:
    body = fragment[len(links.PREFIX):]
    raw = zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    packed = zlib.compress(raw[:len(raw) - cut] + tail, 9)
    return "#" + links.PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")


@pytest.mark.parametrize(("cut", "tail"), [(links.DIGEST_BYTES, b""),
                                           (links.DIGEST_BYTES, b"\0\0\0\0")])
def test_a_link_with_its_checksum_stripped_or_wrong_is_refused_in_plain_words(
        game: Game, cut: int, tail: bytes) -> None:
    app = _app()
    app.handle("open_link", {"text": _relinked(links.encode(game), cut, tail)})
    assert app.shown.game is None
    assert app.shown.notice is not None and t("err.link.checksum") in app.shown.notice
    assert WENT_WRONG not in app.shown.notice


# ---------------------------------------------------------------- saves of older rules
@pytest.fixture(scope="module")
def saturn() -> Game:
    """A game with Saturn Systems in play (its rules changed in rules version 2)."""
    game = play_random(Options(players=1, seed=14, names=["Rae"]),
                       stop=lambda g: len(g.moves) >= 40)
    assert game.state.players[0].corporation == "Saturn Systems"
    return game


def _older(game: Game, change: Any, refused_move: bool) -> str:
    """``game``'s save claiming rules 1, its stored state changed (its checksum to match);
    with a last move today's rules refuse (then only the stored state could go on)."""
    entry = json.loads(_forged(game, change))
    entry["save"]["rules"] = 1
    if refused_move:
        entry["save"]["moves"].append(entry["save"]["moves"][-1])
    return json.dumps(entry)


def _rich(state: dict[str, Any]) -> None:
    state["players"][0]["res"]["megacredits"] = 9999
    state["players"][0]["tr"] = 10000


def _mc_only(state: dict[str, Any]) -> None:
    state["players"][0]["res"]["megacredits"] = 9999  # the field the change reaches, too far


def test_a_forged_older_rules_save_whose_moves_replay_is_rebuilt_from_its_moves(
        saturn: Game) -> None:
    for change in (_rich, _mc_only):
        app = _app()
        app.handle("import", {"text": _older(saturn, change, refused_move=False)})
        shown = app.shown.game
        assert shown is not None and shown.digest() == saturn.digest()
        player = shown.state.players[0]
        assert player.res["megacredits"] < 9999 and player.tr < 10000
        assert app.shown.info == t("rules.state_mismatch") and not app.shown.notice


def test_a_forged_older_rules_save_whose_moves_do_not_replay_is_refused_never_opened(
        saturn: Game) -> None:
    for change in (_rich, _mc_only):
        app = _app()
        app.handle("import", {"text": _older(saturn, change, refused_move=True)})
        assert app.shown.game is None  # (an import: nothing was stored)
        assert app.shown.notice is not None and t("err.save.state_invalid") in app.shown.notice


def _as_older_rules(state: dict[str, Any]) -> None:
    """What rules 1 made of Saturn Systems: 1 MC production less, 1 MC less a phase."""
    player = state["players"][0]
    player["prod"]["megacredits"] -= 1
    player["res"]["megacredits"] -= state["generation"] - 1


def test_an_older_rules_save_differs_only_as_the_rules_change_explains_and_goes_on(
        saturn: Game) -> None:
    """The stored MC and MC production are used (that change's reach, within what it can
    produce); everything else is what the moves reach today."""
    app = _app()
    app.handle("import", {"text": _older(saturn, _as_older_rules, refused_move=True)})
    shown = app.shown.game
    assert shown is not None and not app.shown.notice
    today, kept = saturn.state.players[0], shown.state.players[0]
    assert kept.prod["megacredits"] == today.prod["megacredits"] - 1
    assert kept.res["megacredits"] == today.res["megacredits"] - (saturn.state.generation - 1)
    assert kept.tr == today.tr and kept.hand == today.hand
    assert shown.rules_changed == [{"key": "rules_changed_state", "moves": len(shown.moves)}]
