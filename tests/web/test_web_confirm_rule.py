"""The page's one rule for Confirm (issue 45), in CPython through the page's actions:
whatever spends, places a tile, settles a whole selection or passes waits for one Confirm,
and Cancel or Undo before it takes nothing back from the game; ticking cards, a draft pick
and End turn go in at once."""
from __future__ import annotations

import json
import random
from typing import Any

from tests.kits.games import form_fields
from tests.kits.keys import TestSigner
from tests.web.clickkit import Device, click, drawn
from tests.web.webkit import choose, page, solo_app, text
from tm.testing.scenario import set_parameters, set_resources
from tm.web.app import App
from tm.web.saves import MemoryStorage


def _app(players: int, seed: int, **options: str) -> App:
    app = App(MemoryStorage(), clock=lambda: 1_000_000.0)
    app.handle("new_game", {**form_fields(players, ["Ada", "Bo", "Cy"][:players], seed),
                            **options})
    return app


def _click(app: App, kind: str, **fields: Any) -> None:
    """Click the listed choice of that type (and those values); a move it holds waits."""
    choose(app, kind, held=True, **fields)


def _moves(app: App) -> int:
    assert app.shown.game is not None
    return len(app.shown.game.moves)


def _until(app: App, purpose: str) -> None:
    """The test hook answers until the decision shown is for ``purpose``."""
    for _ in range(400):
        decision = app.current()
        if decision is not None and decision[1].purpose == purpose:
            return
        app.handle("answer_first", {})
    raise AssertionError(f"never reached {purpose}")


def _set_up(app: App, corporation: int = 0) -> None:
    """The setup by clicks: a corporation, the first preludes offered, Start, Confirm."""
    decision = app.current()
    assert decision is not None and decision[1].kind == "setup"
    data = decision[1].data
    _click(app, "corporation", card=data["corporations"][corporation])
    for offer in data.get("offers") or ():
        for name in offer["cards"][:offer["keep"]]:
            _click(app, "keep", card=name, offer=offer["name"])
    _click(app, "done")
    app.handle("confirm_action", {})


def _held(app: App) -> bool:
    stage = app.staged()
    return stage is not None and stage.held


def test_a_research_buy_waits_for_confirm_cancel_keeps_the_ticks_and_takes_nothing() -> None:
    app = solo_app(seed=3)
    _set_up(app)
    _until(app, "buy_cards")
    offered = app.current()[1].data["cards"]  # type: ignore[index]
    before = _moves(app)
    _click(app, "pick", card=offered[0])  # a tick: in at once, nothing held
    assert _moves(app) == before + 1 and not _held(app)
    ticked, mc = _moves(app), app.shown.game.state.players[0].res["megacredits"]  # type: ignore[union-attr]
    _click(app, "done")
    assert _held(app) and _moves(app) == ticked
    words = text(page(app))
    assert "Confirm: Buy 1 card (3 MC)" in words and offered[0] in words
    assert "Cancel to change your choice" in words
    app.handle("cancel", {})
    decision = app.current()
    assert decision is not None and decision[1].purpose == "buy_cards"
    assert list(decision[1].data["picked"]) == [offered[0]] and _moves(app) == ticked
    _click(app, "done")
    app.handle("undo", {})  # Undo before the Confirm: the same as Cancel
    assert not _held(app) and _moves(app) == ticked
    _click(app, "done")
    app.handle("confirm_action", {})
    game = app.shown.game
    assert game is not None and _moves(app) == ticked + 1
    assert game.state.players[0].res["megacredits"] == mc - 3
    assert offered[0] in game.state.players[0].hand


def test_a_hot_seat_setup_with_preludes_is_held_and_lists_what_it_takes() -> None:
    app = _app(2, 22, prelude="on")
    decision = app.current()
    assert decision is not None and decision[1].kind == "setup"
    data = decision[1].data
    _click(app, "corporation", card=data["corporations"][0])
    kept = list(data["offers"][0]["cards"][:2])
    for name in kept:
        _click(app, "keep", card=name, offer="preludes")
    _click(app, "pick", card=data["cards"][0])
    before = _moves(app)
    _click(app, "done")
    assert _held(app) and _moves(app) == before
    words = text(page(app))
    assert f"Confirm: Start with {data['corporations'][0]} and 1 card" in words
    assert all(f"Keep {name}" in words for name in kept) and data["cards"][0] in words
    app.handle("confirm_action", {})
    assert _moves(app) == before + 1 and app.shown.screen == "handoff"


def test_a_prelude_played_is_staged_and_held_like_an_action() -> None:
    app = _app(1, 21, prelude="on")
    _set_up(app)
    _until(app, "prelude_first")
    before = _moves(app)
    _click(app, "card", card=app.current()[1].data["cards"][0])  # type: ignore[index]
    for _ in range(20):  # the preludes' own decisions, if any, then the Confirm
        if _held(app):
            break
        app.handle("answer_first", {})
    assert _held(app) and _moves(app) == before
    app.handle("cancel", {})
    assert _moves(app) == before and app.current()[1].purpose == "prelude_first"  # type: ignore[index]


def test_a_draft_pick_goes_in_at_once() -> None:
    app = _app(2, 5, draft="on")
    _until(app, "draft")
    before = _moves(app)
    _click(app, "card", card=app.current()[1].data["cards"][0])  # type: ignore[index]
    assert _moves(app) == before + 1 and app.staged() is None


def _passing() -> App:
    """A solo game set up (Teractor, no cards) at its first action menu."""
    app = _app(1, 3)
    decision = app.current()
    assert decision is not None
    _set_up(app, list(decision[1].data["corporations"]).index("Teractor"))
    return app


def test_a_pass_waits_for_confirm_and_cancel_or_undo_before_it_takes_nothing() -> None:
    app = _passing()
    before, game = _moves(app), app.shown.game
    _click(app, "pass")
    stage = app.staged()
    assert stage is not None and stage.held and stage.game is game  # (no copy made)
    assert _moves(app) == before and game is not None and game.state.generation == 1
    words = text(page(app))
    assert "Confirm: Pass" in words and "take no more actions this generation" in words
    assert "settles a choice or passes waits for Confirm" in words
    app.handle("cancel", {})
    decision = app.current()
    assert decision is not None and decision[1].kind == "action" and _moves(app) == before
    _click(app, "pass")
    app.handle("undo", {})  # Undo before the Confirm: the same as Cancel
    assert not _held(app) and _moves(app) == before and app.shown.game is game
    _click(app, "pass")
    app.handle("confirm_action", {})
    assert _moves(app) == before + 1 and app.staged() is None
    assert game.moves[-1][1] == {"type": "pass"} and game.state.generation == 2


def test_R_END_1_the_last_no_more_greenery_waits_for_confirm_and_cancel_takes_nothing() -> None:
    app = _passing()
    game = app.shown.game
    assert game is not None
    set_parameters(game, temperature=8, oxygen=14, oceans=9)  # won: the greeneries follow
    game.state.generation = 14  # (R-SOLO: the last generation)
    set_resources(game, 0, plants=16)
    _click(app, "pass")
    app.handle("confirm_action", {})
    assert app.current()[1].purpose == "final_greenery"  # type: ignore[index]
    before = _moves(app)
    _click(app, "option", option=1)  # "Done": no more greeneries
    stage = app.staged()
    assert stage is not None and stage.held and stage.game is game  # (no copy made)
    assert _moves(app) == before and not game.is_over
    words = text(page(app))
    assert "Confirm: No more greeneries" in words and "Cancel to go back" in words
    app.handle("cancel", {})
    assert app.current()[1].purpose == "final_greenery" and _moves(app) == before  # type: ignore[index]
    _click(app, "option", option=1)
    app.handle("undo", {})  # Undo before the Confirm: the same as Cancel
    assert not _held(app) and _moves(app) == before and not game.is_over
    _click(app, "option", option=1)
    assert '"lone":true' in (app.stage_record() or "")  # (kept across a reload as a Pass is)
    app.handle("confirm_action", {})
    assert _moves(app) == before + 1 and game.is_over
    assert game.state.players[0].res["plants"] == 16


def test_a_held_purchase_comes_back_after_a_reload() -> None:
    app = solo_app(seed=3)
    _until(app, "buy_cards")
    offered = app.current()[1].data["cards"]  # type: ignore[index]
    _click(app, "pick", card=offered[0])
    _click(app, "done")
    record = app.stage_record()
    assert record is not None and '"lone":true' in record
    old = record.replace('"lone":', '"selection":')  # (as records before a held Pass)
    for kept in (record, old):
        again = App(app.store.storage, clock=lambda: 1_000_000.0)
        again.handle("continue", {"save": app.shown.save_id, "staged": kept})
        assert _held(again) and _moves(again) == _moves(app)
        assert "Confirm: Buy 1 card (3 MC)" in text(page(again))
    again.handle("confirm_action", {})
    assert _moves(again) == _moves(app) + 1


def test_a_held_pass_comes_back_after_a_reload() -> None:
    app = _passing()
    _click(app, "pass")
    record = app.stage_record()
    assert record is not None and '"lone":true' in record
    old = record.replace('"lone":true', '"lone":false')  # (a Pass kept as an action's step)
    for kept in (record, old):
        again = App(app.store.storage, clock=lambda: 1_000_000.0)
        again.handle("continue", {"save": app.shown.save_id, "staged": kept})
        stage = again.staged()
        assert stage is not None and stage.held and stage.game is again.shown.game
        assert _moves(again) == _moves(app) and "Confirm: Pass" in text(page(again))
    again.handle("confirm_action", {})
    assert _moves(again) == _moves(app) + 1


def test_a_forged_held_purchase_record_is_not_restored() -> None:
    app = solo_app(seed=3)
    _until(app, "buy_cards")
    record = json.dumps({"save": app.shown.save_id, "moves": _moves(app), "player": 0,
                         "selection": True, "steps": [{"type": "pick", "card": "x"}]})
    again = App(app.store.storage, clock=lambda: 1_000_000.0)
    again.handle("continue", {"save": app.shown.save_id, "staged": record})
    assert again.staged() is None and again.shown.notice is None


def _sealed_table() -> dict[str, Device]:
    """Ann and Bob at a sealed game by links, each on an App of their own; Ann seated."""
    apps = {}
    for salt, name in enumerate(("Ann", "Bob"), 1):
        app = App(MemoryStorage(), clock=lambda: 1.8e12, base_url="https://tm.example/")
        app.entropy = random.Random(f"device {salt}").randbytes
        app.linkplay.state.signer = TestSigner(11 * salt)
        apps[name] = app
    ann = apps["Ann"]
    ann.handle("new_game", {**form_fields(2, ["Ann", "Bob"], 5), "by_link": "on",
                            "sealed": "on"})
    click(ann, next(c for c in drawn(ann)[0] if c.action == "choose_seat"
                    and c.data["seat"] == "0"))
    return {name: Device(app, name) for name, app in apps.items()}


def test_in_a_sealed_game_a_pass_is_posted_only_after_its_confirm() -> None:
    devices, sender = _sealed_table(), "Ann"
    for _ in range(400):  # clicks and links until a device may pass
        app = devices[sender].app
        decision = app.current()
        if decision is not None and decision[1].kind == "action" \
                and "pass" in [c["type"] for c in decision[1].choices()]:
            break
        if not devices[sender].step():
            offer = devices[sender].offer()
            assert offer is not None, "nothing to answer and no link"
            sender = offer[0]
            devices[sender].open(offer[1])
    else:
        raise AssertionError("no Pass offered")
    game = app.shown.game
    assert game is not None
    before = len(game.moves)
    _click(app, "pass")
    assert _held(app) and app.staged().game is game  # type: ignore[union-attr]
    assert devices[sender].offer() is None and len(game.moves) == before  # nothing sent
    app.handle("cancel", {})
    assert app.current() is not None and app.current()[1].kind == "action"  # type: ignore[index]
    _click(app, "pass")
    app.handle("confirm_action", {})
    assert app.staged() is None and app.shown.notice is None
    game = app.shown.game
    assert game is not None and len(game.moves) == before + 1
    assert game.moves[-1][1] == {"type": "pass"}
    offer = devices[sender].offer()
    assert offer is not None and offer[0] != sender  # posted: the link for the other seat
