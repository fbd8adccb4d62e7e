"""A cheating seat that also claims the creator's key in its escrow, listed before the
creator's seat (issue 43), driven in CPython as devices with their own storage and keys.

Ann begins a sealed game and sits in seat 1 with a recovery passphrase (her escrow locks
the creator's key beside her seed); Bob, in seat 0, posts an escrow that says it holds the
creator's key too. Ann's device is lost: the whole game Bob's device sends must still bring
her back. Both seats are named, the page tries the passphrase on every claiming seat's
escrow, and the seat whose unlocked key is the game's
creator key is taken; a claim that unlocks to another key is refused by name."""
from __future__ import annotations

import pytest

from tests.kits.sealed_apps import device
from tests.web.test_sealed_creator_back import ANN_SEED, BOB_SEED, begun
from tests.web.test_sealed_creator_back import _relay as relay
from tm.web import linkseals
from tm.web.app import App
from tm.web.i18n import t
from tm.web.linkplay_html import seat_cover
from tm.web.sealedgame import RECORD_PREFIX

JUNK_KEY = bytes(range(1, 33))  # what Bob's escrow holds beside his seed: not the creator's


@pytest.fixture(scope="module")
def claimed() -> tuple[str, str, bytes]:
    """(the game id, the whole game Bob's device sends, the creator's key)."""
    ann, bob, game_id, creator = begun(["Bob", "Ann"], True)  # (Bob's false claim)
    apps, sender = {"Ann": ann, "Bob": bob}, "Bob"
    for _ in range(4):
        sender = relay(apps[sender], apps)
    whole = bob.screen_model().linkplay.sealed.whole
    assert whole is not None and whole[0] == "Ann"  # (Bob's own claim aside)
    return game_id, whole[1].split("#", 1)[1], creator


def _opened(whole: str) -> App:
    new = device(salt=9, key=99)
    new.handle("open_link", {"text": "#" + whole})
    assert new.shown.notice is None, new.shown.notice
    return new


def test_claims_the_creators_seat_is_offered_though_a_seat_before_it_claims_the_key(
        claimed: tuple[str, str, bytes]) -> None:
    new = _opened(claimed[1])
    assert new.sealed.recovering() == (0, True, True)
    assert [seat for _, seat, _ in new.sealed.recovery_escrows()] == [0, 1]
    form = seat_cover(new.screen_model()).replace("&#x27;", "'")
    assert t("sealed.escrow_ask_claims", names="Bob, Ann") in form


def test_claims_the_seat_whose_key_is_the_creators_is_taken_the_other_named(
        claimed: tuple[str, str, bytes]) -> None:
    game_id, whole, creator = claimed
    new = _opened(whole)
    seeds = f"0:{(BOB_SEED + JUNK_KEY).hex()},1:{(ANN_SEED + creator).hex()}"
    new.handle("choose_seat", {"seat": 0, "seeds": seeds})
    assert new.shown.meta.seat == 1, new.shown.notice
    assert new.shown.info == " ".join([t("sealed.recovered", name="Ann"),
                                       t("sealed.escrow_not_creator", name="Bob")])
    assert linkseals.read_seats(new.store.storage, game_id).recover == 1


def test_claims_a_false_claim_alone_unlocked_is_refused_naming_it(
        claimed: tuple[str, str, bytes]) -> None:
    game_id, whole, _ = claimed
    new = _opened(whole)
    new.handle("choose_seat", {"seat": 0, "seeds": f"0:{(BOB_SEED + JUNK_KEY).hex()}"})
    assert new.shown.meta.seat == -1
    assert new.shown.notice == t("sealed.escrow_not_creator", name="Bob")
    assert new.store.storage.get(RECORD_PREFIX + game_id) is None
