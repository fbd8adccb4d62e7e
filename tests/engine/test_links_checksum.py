"""A link of this rules version must carry the checksum of the state its moves reach
(issue 29): stripped or wrong, it is refused in plain words; a link of older rules whose
checksum differs opens, saying the rules changed, only when a card whose rules changed
since is in play (format 1 never had one:
tests/engine/test_corpus.py)."""
from __future__ import annotations

import base64
import zlib

import pytest

from tm import Game, Options
from tm.core.errors import reason_of
from tm.linkplay import links
from tm.persist import saves
from tm.sim import play_random


@pytest.fixture(scope="module")
def game() -> Game:
    return play_random(Options(players=2, seed=5), stop=lambda g: len(g.moves) >= 60)


def _raw(fragment: str) -> bytes:
    body = fragment[len(links.PREFIX):]
    return zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


def _link(raw: bytes) -> str:
    return links.PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def _refused_by(raw: bytes) -> str:
    with pytest.raises(links.LinkError) as caught:
        links.decode(_link(raw))
    found = reason_of(caught.value)
    assert found is not None
    return found.key


def test_a_link_with_its_checksum_stripped_is_refused(game: Game) -> None:
    raw = _raw(links.encode(game))
    assert _refused_by(raw[:-links.DIGEST_BYTES]) == "link.checksum"


def test_a_link_with_a_wrong_checksum_is_refused_not_called_other_rules(game: Game) -> None:
    raw = _raw(links.encode(game))
    assert _refused_by(raw[:-links.DIGEST_BYTES] + bytes(links.DIGEST_BYTES)) == "link.checksum"


def test_a_link_without_room_for_its_checksum_is_refused(game: Game) -> None:
    start = _raw(links.encode(Game.new(game.state.options)))
    assert _refused_by(start[:-1]) == "link.no_checksum"


def _older_rules_wrong_checksum(game: Game) -> bytes:
    raw = bytearray(_raw(links.encode(game)))
    assert raw[1] == 2  # the rules version, after the format
    raw[1] = 1
    raw[-links.DIGEST_BYTES:] = bytes(links.DIGEST_BYTES)
    return bytes(raw)


def test_a_link_of_older_rules_whose_checksum_differs_opens_saying_so(
        game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    # a card of this game whose rules changed in version 2 explains the difference
    monkeypatch.setitem(saves.RULES_CHANGES, 2, (game.state.players[0].corporation,))
    opened = links.decode(_link(_older_rules_wrong_checksum(game)))
    assert opened.digest() == game.digest()
    assert opened.rules_changed == [{"key": "rules_changed_link"}]


def test_a_link_of_older_rules_with_no_changed_card_must_match_its_checksum(
        game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    # relabelled as older rules to skip the check: no changed card in play explains it
    monkeypatch.setitem(saves.RULES_CHANGES, 2, ("No Such Card",))
    assert _refused_by(_older_rules_wrong_checksum(game)) == "link.checksum"


def test_an_honest_link_opens_as_it_was(game: Game) -> None:
    opened = links.decode(links.encode(game))
    assert opened.digest() == game.digest() and not opened.rules_changed
