"""Play by link: the recap of the others' moves covers their setup (corporation, cards
bought, preludes kept) and their preludes, decided before any action is marked in the
log (issue 45: a remote player saw nothing of them)."""
from __future__ import annotations

import re

from tests.kits.games import form_fields
from tests.kits.sealed_apps import device, play_own
from tests.web.webkit import fragment, text
from tm.web.app import App
from tm.web.recap import recap_actions

Record = dict[str, object]


def _recap(app: App) -> str:
    found = re.search(r'<section class="recap".*?</section>', app.render()["app"], re.S)
    return text(found.group(0)) if found else ""


def test_the_others_setup_and_preludes_are_recapped_by_link() -> None:
    ann, bob = device(salt=1, key=11), device(salt=2, key=22)
    ann.handle("new_game", {**form_fields(2, ["Ann", "Bob"], 5), "by_link": "on",
                            "prelude": "on"})
    ann.handle("choose_seat", {"seat": 0})
    play_own(ann)  # Ann's setup (hidden until Bob's is made too)
    bob.handle("open_link", {"text": fragment(ann.linkplay.snapshot().send_link)})
    bob.handle("choose_seat", {"seat": 1})
    play_own(bob)  # Bob's setup: both revealed, Ann plays her preludes first
    ann.handle("open_link", {"text": fragment(bob.linkplay.snapshot().send_link)})
    game = ann.shown.game
    assert game is not None
    bobs = game.state.players[1]
    recap = _recap(ann)
    assert recap.startswith("Since your last move"), recap
    assert f"Bob takes {bobs.corporation}" in recap and "buys" in recap  # (named once)
    assert "Ann takes" not in recap  # (her own setup is not recapped to her)
    play_own(ann)  # her preludes (and first action)
    bob.handle("open_link", {"text": fragment(ann.linkplay.snapshot().send_link)})
    recap = _recap(bob)
    assert "Ann takes" in recap and "Bob takes" not in recap  # (Ann named once, above)
    played = [str(r["card"]) for r in bob.shown.game.state.log  # type: ignore[union-attr]
              if r.get("key") == "card_played" and r.get("player") == 0]
    assert played and all(f"plays {card}" in recap for card in played[:2]), recap


def test_setup_records_make_one_action_per_corporation_or_card_played() -> None:
    # A hand-written log: the setup of seats 0 and 1, then seat 0's two preludes, then the
    # first action marker (what follows it is recapped by its markers, as before).
    log: list[Record] = [
        {"key": "setup", "players": 2, "first": 0},
        {"key": "corporation", "player": 0, "card": "Vitor", "megacredits": 48},
        {"key": "bought", "player": 0, "count": 5},
        {"key": "corporation", "player": 1, "card": "CrediCor", "megacredits": 57},
        {"key": "bought", "player": 1, "count": 3},
        {"key": "paid", "player": 0, "megacredits": 15, "for": {"cards": 5}},
        {"key": "card_played", "player": 0, "card": "Great Aquifer"},
        {"key": "tile", "player": 0, "tile": "ocean", "space": "13"},
        {"key": "card_played", "player": 0, "card": "Supply Drop"},
        {"key": "action", "player": 0},
        {"key": "project", "player": 0, "project": "power_plant"},
    ]
    assert recap_actions(log, 1, 0) == [recap_actions(log, 1, 0, setup=True)[-1]]  # (one device)
    actions = recap_actions(log, 1, 0, setup=True)
    assert [(a.player, [r["key"] for r in a.records]) for a in actions] == [
        (0, ["corporation", "bought"]), (0, ["paid"]), (0, ["card_played", "tile"]),
        (0, ["card_played"]), (0, ["project"])]
    assert actions[2].spaces == ("13",)
    assert [a.player for a in recap_actions(log, 0, 0, setup=True)] == [1]  # seat 1's setup
    assert recap_actions(log, 1, 9, setup=True) == [actions[-1]]  # (from the marker: as before)
    assert recap_actions(log, 1, 10, setup=True) == []
