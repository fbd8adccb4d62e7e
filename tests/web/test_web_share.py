"""The page's sharing and looking back, driven through App in CPython: share links
(opened, continued as a copy, challenges), undo and redo, the undo floor, strict undo,
the replay viewer and its branches, live scores, the end chart, bad links, escaping."""
from __future__ import annotations

import base64
import html
import json
import re
import zlib
from pathlib import Path
from typing import Any

import pytest

from tests.kits.games import random_game
from tests.web.webkit import choose, page
from tm.game import Game
from tm.linkplay.links import decode, encode
from tm.persist.saves import RULES_CHANGES
from tm.web.app import App
from tm.web.saves import PREFIX, MemoryStorage, parse_entry

BASE = "http://x/"
EVIL = "<img src=x onerror=alert(1)>"
QUOTES = "Bob \"&' <blink>"


class Clock:
    """A fake clock that moves a second on every reading (so save ids differ)."""

    def __init__(self) -> None:
        self.now = 1_700_000_000_000.0

    def __call__(self) -> float:
        self.now += 1000.0
        return self.now


def new_app(storage: MemoryStorage | None = None) -> App:
    return App(storage if storage is not None else MemoryStorage(), clock=Clock(),
               base_url=BASE)


def start(app: App, players: int = 1, names: list[str] | None = None, seed: int = 3,
          **fields: str) -> App:
    form: dict[str, Any] = {"players": str(players), "seed": str(seed),
                            "corporate_era": "on", "board": "tharsis", **fields}
    form.update({f"name_{i}": name for i, name in enumerate(names or [])})
    app.handle("new_game", form)
    assert app.shown.game is not None and app.shown.notice is None
    return app


def play(app: App, moves: int) -> None:
    for _ in range(moves):
        before = len(game_of(app).moves)
        app.handle("answer_first", {})
        assert len(game_of(app).moves) == before + 1, app.shown.notice


def finish(app: App, limit: int = 3000) -> None:
    """Solo only: answer_first may never end a game of several players."""
    for _ in range(limit):
        if game_of(app).is_over:
            return
        app.handle("answer_first", {})
    raise AssertionError("the game did not end")


def game_of(app: App) -> Game:
    assert app.shown.game is not None
    return app.shown.game


def saves(app: App) -> dict[str, str]:
    storage = app.store.storage
    assert isinstance(storage, MemoryStorage)
    return dict(storage.data)


def fragment(url: str) -> str:
    assert url.startswith(BASE + "#g="), url
    return url[len(BASE):]


def tools(app: App) -> set[str]:
    """The data-actions of the game screen's tool bar."""
    bar = re.search(r'<div class="tools">(.*?)</div>', page(app), re.S)
    assert bar, page(app)[:500]
    return set(re.findall(r'data-action="([a-z_]+)"', bar.group(1)))


def types(choices: list[dict[str, Any]]) -> list[str]:
    return [c["type"] for c in choices]


# ---------------------------------------------------------------- share links
def test_share_link_opens_the_same_game_and_continues_as_a_new_save() -> None:
    app = start(new_app(), names=["Sol"])
    play(app, 6)
    original_id, digest = app.shown.save_id, game_of(app).digest()
    assert original_id is not None

    app.handle("share", {})
    link = app.shown.share_link
    assert link is not None
    shown = page(app)
    assert 'class="share"' in shown and 'class="share-link"' in shown
    assert f'value="{html.escape(link)}"' in shown
    assert 'data-action="copy_link"' in shown and 'data-action="close_share"' in shown
    app.handle("close_share", {})
    assert app.shown.share_link is None and 'class="share-link"' not in page(app)

    stored = saves(app)
    assert list(stored) == [PREFIX + original_id]

    # Opened on this device (whose storage holds the original): shown, not saved.
    app.handle("open_link", {"text": "#" + fragment(link).removeprefix("#")})
    assert app.shown.notice is None and app.shown.from_link and app.shown.save_id is None
    assert app.shown.screen == "game" and game_of(app).digest() == digest
    assert game_of(app).moves == Game.from_save(parse_entry(stored[PREFIX + original_id])[1]).moves
    shown = page(app)
    assert 'class="link-banner"' in shown and 'data-action="continue_link"' in shown
    play(app, 1)  # looking around (even playing on) saves nothing
    app.handle("undo", {})
    assert saves(app) == stored
    assert game_of(app).digest() == digest

    app.handle("continue_link", {})
    assert not app.shown.from_link and app.shown.save_id not in (None, original_id)
    assert 'class="link-banner"' not in page(app)
    after = saves(app)
    assert set(after) == {PREFIX + original_id, PREFIX + str(app.shown.save_id)}
    assert after[PREFIX + original_id] == stored[PREFIX + original_id]
    copy = Game.from_save(parse_entry(after[PREFIX + str(app.shown.save_id)])[1])
    assert copy.digest() == digest

    # Playing on writes to the copy only.
    play(app, 2)
    assert saves(app)[PREFIX + original_id] == stored[PREFIX + original_id]
    assert len(Game.from_save(parse_entry(saves(app)[PREFIX + str(app.shown.save_id)])[1]).moves) \
        == len(copy.moves) + 2


def test_share_link_opens_on_another_device_with_the_names() -> None:
    host = start(new_app(), players=2, names=["Ada", "Bob"], seed=9)
    play(host, 7)
    host.handle("share", {})
    assert host.shown.share_link is not None
    friend = new_app()
    friend.handle("open_link", {"text": fragment(host.shown.share_link)})  # with or without "#"
    assert friend.shown.notice is None and friend.shown.from_link
    assert game_of(friend).digest() == game_of(host).digest()
    assert friend.shown.meta.names == ["Ada", "Bob"]
    assert saves(friend) == {}
    friend.handle("continue_link", {})
    assert len(saves(friend)) == 1


@pytest.mark.parametrize("players", [1, 2])
def test_link_of_a_new_game_is_a_challenge_with_the_same_deal(players: int) -> None:
    host = start(new_app(), players=players, names=["Host", "Guest"][:players], seed=21)
    assert game_of(host).moves == []
    host.handle("share", {})
    assert host.shown.share_link is not None
    friend = new_app()
    friend.handle("open_link", {"text": "#" + fragment(host.shown.share_link)})
    game, original = game_of(friend), game_of(host)
    assert game.moves == [] and game.digest() == original.digest()
    assert [(p, pr.kind, pr.choices()) for p, pr in game.pending] == [
        (p, pr.kind, pr.choices()) for p, pr in original.pending]
    friend.handle("reveal", {})
    assert "replay" not in tools(friend) and "undo" not in tools(friend)
    friend.handle("continue_link", {})
    assert len(saves(friend)) == 1 and not friend.shown.from_link
    assert len(saves(host)) == 1


def test_a_new_move_makes_a_shown_link_stale() -> None:
    app = start(new_app())
    play(app, 2)
    app.handle("share", {})
    assert app.shown.share_link is not None
    play(app, 1)
    assert app.shown.share_link is None and 'class="share-link"' not in page(app)


# ---------------------------------------------------------------- undo and redo
def test_undo_three_then_redo_three_is_the_same_game() -> None:
    app = start(new_app(), names=["Uma"])
    assert "undo" not in tools(app) and "redo" not in tools(app)
    play(app, 8)
    digest, moves = game_of(app).digest(), [list(m) for m in game_of(app).moves]
    save_key = PREFIX + str(app.shown.save_id)
    assert "undo" in tools(app) and "redo" not in tools(app)

    for step in range(1, 4):
        app.handle("undo", {})
        assert game_of(app).moves == moves[:-step]
        assert len(app.shown.redo_moves) == step
    saved = Game.from_save(parse_entry(saves(app)[save_key])[1])
    assert saved.moves == moves[:-3]  # the undo is saved
    assert {"undo", "redo"} <= tools(app)

    for _ in range(3):
        app.handle("redo", {})
    assert game_of(app).digest() == digest and game_of(app).moves == moves
    assert app.shown.redo_moves == [] and "redo" not in tools(app)
    assert Game.from_save(parse_entry(saves(app)[save_key])[1]).digest() == digest

    # A new move after an undo clears what could be redone.
    app.handle("undo", {})
    app.handle("undo", {})
    assert len(app.shown.redo_moves) == 2
    play(app, 1)
    assert app.shown.redo_moves == [] and "redo" not in tools(app)
    assert len(saves(app)) == 1


def test_undo_back_to_the_start_of_a_solo_game() -> None:
    app = start(new_app())
    play(app, 12)
    fresh = Game.new(game_of(app).state.options).digest()
    for _ in range(12):
        app.handle("undo", {})
    assert game_of(app).moves == [] and game_of(app).digest() == fresh
    assert "undo" not in tools(app)
    for _ in range(12):
        app.handle("redo", {})
    assert len(game_of(app).moves) == 12


def test_undoing_a_pass_in_the_page() -> None:
    app = start(new_app(), seed=6)
    for _ in range(50):
        decision = app.current()
        assert decision is not None
        if decision[1].kind == "action" and "pass" in types(decision[1].choices()):
            break
        play(app, 1)
    decision = app.current()
    assert decision is not None
    before = game_of(app).digest()
    app.handle("choose", {"index": types(decision[1].choices()).index("pass")})
    app.handle("confirm_action", {})  # passing is held until confirmed
    assert game_of(app).digest() != before and app.shown.notice is None
    app.handle("undo", {})
    assert game_of(app).digest() == before
    app.handle("redo", {})
    assert game_of(app).moves[-1][1] == {"type": "pass"}


def test_undo_takes_back_a_selection_under_way_whole_and_redo_puts_it_back() -> None:
    app = start(new_app())
    decision = app.current()
    assert decision is not None and decision[1].kind == "setup"
    data = decision[1].data
    choose(app, "corporation", card=data["corporations"][0])
    first, second = data["cards"][:2]
    choose(app, "pick", card=first)
    choose(app, "pick", card=second)
    assert len(game_of(app).moves) == 3

    def picked() -> tuple[str, ...]:
        decision = app.current()
        assert decision is not None
        return tuple(decision[1].data.get("picked") or ())

    assert picked() == (first, second)
    app.handle("undo", {})  # one decision, not one pick: the selection under way goes whole
    assert picked() == () and len(app.shown.redo_moves) == 3
    assert page(app).count('aria-pressed="true"') == 0
    app.handle("redo", {})
    assert picked() == (first, second) and app.shown.screen == "game"


def test_several_players_undo_stops_at_the_last_reveal_and_the_button_goes() -> None:
    app = start(new_app(), players=2, names=["Ada", "Bob"], seed=5)
    game = game_of(app)
    while not (game.revealed_at > 0 and len(game.moves) >= game.revealed_at + 3):
        play(app, 1)
        game = game_of(app)
    floor = game.undo_floor()
    assert floor == game.revealed_at > 0
    undos, total = 0, len(game.moves)
    while app.share.can_undo():
        app.handle("undo", {})
        if app.share.state.undo_ask:  # another player's move: the page asks first, once per run
            assert len(game_of(app).moves) == total - undos
            app.handle("undo_confirm", {})
        undos += 1
    game = game_of(app)
    assert undos == 3 and len(game.moves) == floor
    app.handle("undo", {})  # at the floor: nothing happens
    assert len(game_of(app).moves) == floor and app.shown.notice is None
    app.handle("reveal", {})
    assert app.shown.screen == "game"
    assert "undo" not in tools(app) and "redo" in tools(app)
    with pytest.raises(Exception, match="revealed"):
        game_of(app).undo(1)


# ---------------------------------------------------------------- strict undo
def test_strict_undo_checkbox_sets_the_option() -> None:
    app = new_app()
    form = page(app)
    box = re.search(r'<input type="checkbox" name="strict_undo"([^>]*)>', form)
    assert box and "checked" not in box.group(1)
    assert "Strict undo (solo)" in form
    app.handle("form", {"players": "1", "seed": "", "strict_undo": "on"})
    box = re.search(r'<input type="checkbox" name="strict_undo"([^>]*)>', page(app))
    assert box and "checked" in box.group(1)
    app.handle("form", {"players": "1", "seed": ""})
    box = re.search(r'<input type="checkbox" name="strict_undo"([^>]*)>', page(app))
    assert box and "checked" not in box.group(1)

    strict = start(new_app(), strict_undo="on")
    assert game_of(strict).state.options.strict_undo is True
    loose = start(new_app())
    assert game_of(loose).state.options.strict_undo is False


@pytest.mark.parametrize("strict", [True, False])
def test_strict_undo_in_solo_stops_at_the_last_reveal(strict: bool) -> None:
    app = start(new_app(), **({"strict_undo": "on"} if strict else {}))
    game = game_of(app)
    while not (game.revealed_at > 0 and len(game.moves) > game.revealed_at):
        play(app, 1)
        game = game_of(app)
    floor = game.revealed_at
    while app.share.can_undo():
        app.handle("undo", {})
    assert len(game_of(app).moves) == (floor if strict else 0)
    assert "undo" not in tools(app)
    # The option travels with the game: in its save and in its link.
    assert Game.from_save(game_of(app).to_save()).state.options.strict_undo is strict
    assert decode(encode(game_of(app))).undo_floor() == (floor if strict else 0)


# ---------------------------------------------------------------- replay viewer
def test_replay_steps_by_move_and_by_generation_and_branches() -> None:
    app = start(new_app(), names=["Rita"])
    finish(app)
    original_id = app.shown.save_id
    game = game_of(app)
    moves, total, digest = [list(m) for m in game.moves], len(game.moves), game.digest()
    stored = saves(app)

    def after(pos: int) -> str:
        replay = Game.new(game.state.options)
        for player, response in moves[:pos]:
            replay.respond(player, response)
        return replay.digest()

    assert "replay" in tools(app)
    app.handle("replay", {})
    replay = app.shown.replay
    assert replay is not None and app.shown.screen == "replay" and replay.pos == total
    shown = page(app)
    assert 'class="replay-controls"' in shown and 'class="game replay"' in shown
    assert f"Move {total} of {total}" in shown
    assert 'class="prompt' not in shown and 'class="hand"' not in shown

    app.handle("replay_step", {"delta": "-1"})
    assert replay.pos == total - 1 and replay.game.digest() == after(total - 1)
    app.handle("replay_step", {"delta": "1"})
    assert replay.pos == total and replay.game.digest() == digest
    app.handle("replay_step", {"delta": "1"})  # past the end: stays
    assert replay.pos == total

    app.handle("replay_to", {"pos": "0"})
    assert replay.pos == 0 and replay.game.digest() == after(0)
    assert "Move 0 of" in page(app) and "generation 1" in page(app)
    app.handle("replay_step", {"delta": "-1"})
    assert replay.pos == 0

    # Forwards generation by generation: each stop is the first move of a generation.
    starts = [0]
    while replay.pos < total:
        app.handle("replay_generation", {"delta": "1"})
        starts.append(replay.pos)
        assert replay.game.digest() == after(replay.pos)
    last = game.state.generation
    assert [replay.generations[p] for p in starts[:-1]] == list(range(1, last + 1))
    assert all(replay.generations[p - 1] == replay.generations[p] - 1 for p in starts[1:-1])

    # Backwards: from inside generation 3 to its start, then to generation 2's start.
    app.handle("replay_to", {"pos": str(starts[2] + 2)})
    app.handle("replay_generation", {"delta": "-1"})
    assert replay.pos == starts[2] and replay.generations[replay.pos] == 3
    app.handle("replay_generation", {"delta": "-1"})
    assert replay.pos == starts[1] and replay.generations[replay.pos] == 2
    assert replay.game.digest() == after(starts[1])
    assert f"Move {starts[1]} of {total}" in page(app)

    # Back to the game: unchanged.
    app.handle("replay_exit", {})
    assert app.shown.replay is None and app.shown.screen == "game" \
        and game_of(app).digest() == digest

    # Branch from the start of generation 3: a new save; the original is left alone.
    app.handle("replay", {})
    app.handle("replay_to", {"pos": str(starts[2])})
    app.handle("replay_branch", {})
    assert app.shown.replay is None and app.shown.screen == "game"
    assert app.shown.save_id not in (None, original_id)
    assert game_of(app).moves == moves[:starts[2]] and game_of(app).state.generation == 3
    after_branch = saves(app)
    assert after_branch[PREFIX + str(original_id)] == stored[PREFIX + str(original_id)]
    assert len(after_branch) == 2
    assert Game.from_save(parse_entry(after_branch[PREFIX + str(app.shown.save_id)])[1]).moves \
        == moves[:starts[2]]
    play(app, 3)  # the branch plays on, in its own save
    assert saves(app)[PREFIX + str(original_id)] == stored[PREFIX + str(original_id)]
    app.handle("continue", {"save": str(original_id)})
    assert game_of(app).digest() == digest


def test_replay_of_a_shared_game_branches_into_a_local_save() -> None:
    host = random_game(2, 4, ["Ada", "Bob"], max_moves=40)
    app = new_app()
    app.handle("open_link", {"text": encode(host)})
    assert app.shown.from_link
    app.handle("replay", {})
    app.handle("replay_to", {"pos": "10"})
    app.handle("replay_branch", {})
    assert not app.shown.from_link and app.shown.save_id is not None
    assert game_of(app).moves == host.moves[:10]
    assert len(saves(app)) == 1


def test_a_branch_does_not_show_the_source_games_link() -> None:
    app = start(new_app())
    play(app, 9)
    app.handle("share", {})
    app.handle("replay", {})
    app.handle("replay_to", {"pos": "4"})
    app.handle("replay_branch", {})
    assert app.shown.share_link is None and 'class="share-link"' not in page(app)
    app.handle("share", {})
    assert app.shown.share_link is not None
    assert decode(fragment(app.shown.share_link)).moves == game_of(app).moves
    assert len(game_of(app).moves) == 4


def test_opening_a_link_ends_a_replay_and_closes_the_share_dialog() -> None:
    app = start(new_app())
    play(app, 5)
    app.handle("share", {})
    link = app.shown.share_link
    assert link is not None
    app.handle("replay", {})
    app.handle("open_link", {"text": fragment(link)})
    assert app.shown.replay is None and app.shown.share_link is None and app.shown.screen == "game"


# ---------------------------------------------------------------- live scores
def test_live_scores_toggle_shows_each_players_breakdown() -> None:
    app = start(new_app(), players=2, names=["Ada", "Bob"], seed=11)
    play(app, 14)
    app.handle("reveal", {})
    assert 'class="live-scores"' not in page(app)
    assert "toggle_scores" in tools(app)
    app.handle("toggle_scores", {})
    shown = page(app)
    section = re.search(r'<section class="live-scores">(.*?)</section>', shown, re.S)
    assert section, shown[:300]
    rows = re.findall(r'<tr><th scope="row">([^<]*)</th>((?:<td[^>]*>-?\d+</td>)+)</tr>',
                      section.group(1))
    assert [name for name, _ in rows] == ["Ada", "Bob"]
    for (_, cells), score in zip(rows, game_of(app).scores(), strict=True):
        numbers = [int(n) for n in re.findall(r"<td[^>]*>(-?\d+)</td>", cells)]
        assert numbers == [score[c] for c in ("tr", "milestones", "awards", "greeneries",
                                              "cities", "cards", "total")]
    assert "Hide scores" in shown
    app.handle("toggle_scores", {})
    assert 'class="live-scores"' not in page(app)


# ---------------------------------------------------------------- end screen
def test_end_screen_has_the_chart_its_table_and_a_link_to_the_game() -> None:
    app = start(new_app(), names=["Nia"], seed=3)
    finish(app)
    game = game_of(app)
    shown = page(app)
    assert 'class="end"' in shown and 'class="history"' in shown
    svg = re.search(r'<svg class="chart"[^>]*>', shown)
    assert svg and 'role="img"' in svg.group(0) and 'aria-describedby="chart-table"' in svg.group(0)
    assert shown.count('<polyline class="vp"') == 1 and shown.count('<polyline class="tr"') == 1
    table = re.search(r'<table id="chart-table" class="chart-data">(.*?)</table>', shown, re.S)
    assert table and "<caption>" in table.group(1)
    body = re.search(r"<tbody>(.*?)</tbody>", table.group(1), re.S)
    assert body
    rows = re.findall(r'<tr><th scope="row">(\d+)</th><td>(-?\d+)</td><td>(-?\d+)</td></tr>',
                      body.group(1))
    assert [int(g) for g, _, _ in rows] == list(range(1, game.state.generation + 1))
    final = game.scores()[0]
    assert (int(rows[-1][1]), int(rows[-1][2])) == (final["total"], final["tr"])
    assert 'scope="col">Nia VP</th>' in table.group(1)

    link = re.search(r'<a href="([^"]+)" class="game-link">', shown)
    assert link and link.group(1).startswith(BASE + "#g=")
    opened = decode(html.unescape(fragment(link.group(1))))
    assert opened.is_over and opened.digest() == game.digest()

    friend = new_app()
    friend.handle("open_link", {"text": fragment(html.unescape(link.group(1)))})
    assert friend.shown.from_link and 'class="end"' in page(friend) \
        and 'class="chart"' in page(friend)


def test_end_screen_of_a_two_player_game_charts_both() -> None:
    game = random_game(2, 3, ["Ada", "Bob"])
    assert game.is_over
    app = new_app()
    app.handle("open_link", {"text": encode(game)})
    shown = page(app)
    assert shown.count('<polyline class="vp"') == 2 and shown.count('<polyline class="tr"') == 2
    for name in ("Ada", "Bob"):
        assert f"{name} VP" in shown and f"{name} TR" in shown


# ---------------------------------------------------------------- bad links
def _inner(link: str) -> bytes:
    body = link.removeprefix("#").removeprefix("g=")
    return zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


def _pack(inner: bytes) -> str:
    return "g=" + base64.urlsafe_b64encode(zlib.compress(inner)).decode().rstrip("=")


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _with_options(options: dict[str, Any]) -> str:
    import json
    raw = json.dumps(options).encode()
    return _pack(bytes([1]) + _varint(1) + _varint(len(raw)) + raw)


def _bad_links() -> dict[str, str]:
    real = encode(random_game(1, 5, ["Real"], max_moves=30))
    flipped = list(real)
    flipped[len(real) // 2] = "A" if flipped[len(real) // 2] != "A" else "B"
    return {
        "garbage": "#g=garbage",
        "truncated": "#" + real[: len(real) // 2],
        "one char short": real[:-1],
        "flipped": "".join(flipped),
        "wrong prefix": "#x=" + real[2:],
        "empty": "",
        "hash only": "#",
        "foreign url": "https://example.org/#g",
        "not base64": "#g=%%%%",
        "foreign zlib": _pack(b"hello world, this is not a game"),
        "names not text": _with_options({"players": 1, "seed": 3, "names": [5]}),
        "names a string": _with_options({"players": 1, "seed": 3, "names": "abc"}),
        "players bool": _with_options({"players": True, "seed": 3}),
        "switch not bool": _with_options({"players": 1, "seed": 3, "draft": "yes"}),
        "unknown option": _with_options({"players": 1, "seed": 3, "prizes": True}),
        "bad board": _with_options({"players": 1, "seed": 3, "board": "utopia_planitia"}),
        "six players": _with_options({"players": 6, "seed": 3}),
        "moves after the end": _pack(_inner(encode(random_game(1, 2, ["E"]))) + b"\x00"),
    }


@pytest.mark.parametrize("kind", list(_bad_links()))
def test_bad_link_gives_one_notice_and_leaves_saves_untouched(kind: str) -> None:
    text = _bad_links()[kind]
    app = start(new_app(), names=["Keep"], seed=8)
    play(app, 4)
    keep_id, digest = app.shown.save_id, game_of(app).digest()
    app.handle("menu", {})
    start(app, names=["Also"], seed=9)
    play(app, 2)  # a game in progress when the link arrives
    stored = saves(app)
    assert len(stored) == 2

    app.handle("open_link", {"text": text})
    assert app.shown.notice is not None \
        and app.shown.notice.startswith("This link cannot be opened")
    assert "untouched" in app.shown.notice
    assert app.shown.game is None and app.shown.screen == "start" and not app.shown.from_link
    assert saves(app) == stored
    shown = page(app)
    assert shown.count('role="alert"') == 1 and 'class="new-game"' in shown
    assert shown.count('data-action="continue"') == 3  # both listed; the last one offered first

    # The start screen still works: a save continues, a new game starts.
    app.handle("continue", {"save": str(keep_id)})
    assert app.shown.notice is None and game_of(app).digest() == digest
    app.handle("menu", {})
    start(app, seed=10)
    assert len(saves(app)) == 3


def test_link_with_an_illegal_move_is_refused_at_that_move() -> None:
    game = random_game(1, 7, ["Ill"], max_moves=12)
    inner = _inner(encode(Game.from_save(_prefix(game, 4))))
    bad = inner + _varint(1 << 40) + _inner(encode(game))[len(inner):]  # then legal-looking
    app = new_app()
    app.handle("open_link", {"text": _pack(bad)})
    assert app.shown.notice is not None and "move 5 is not legal" in app.shown.notice
    assert app.shown.game is None and saves(app) == {}


def _prefix(game: Game, count: int) -> dict[str, Any]:
    save = game.to_save()
    shorter = Game.new(game.state.options)
    for player, response in game.moves[:count]:
        shorter.respond(player, response)
    return {**save, "moves": shorter.moves, "checksum": shorter.digest()}


def test_a_saved_game_from_a_link_is_listed_as_readable() -> None:
    app = new_app()
    app.handle("open_link", {"text": encode(random_game(2, 6, ["Ada", "Bob"], max_moves=20))})
    app.handle("continue_link", {})
    app.handle("menu", {})
    entries = app.store.list()
    assert len(entries) == 1 and not entries[0].damaged
    assert entries[0].meta is not None and entries[0].meta.names == ["Ada", "Bob"]


# ---------------------------------------------------------------- escaping
def _assert_escaped(shown: str) -> None:
    assert EVIL not in shown and "<img" not in shown and "<blink" not in shown
    assert html.escape(EVIL) in shown


def test_names_are_escaped_in_the_share_replay_scores_and_chart_views() -> None:
    game = random_game(2, 3, [EVIL, QUOTES])
    assert game.is_over
    app = new_app()
    app.handle("open_link", {"text": encode(game)})
    _assert_escaped(page(app))  # the end screen: scores, chart and its table
    assert html.escape(f"{EVIL} VP") in page(app) and html.escape(f"{QUOTES} TR") in page(app)
    app.handle("share", {})
    app.handle("toggle_scores", {})
    shown = page(app)
    _assert_escaped(shown)
    assert 'class="share-link"' in shown and 'class="live-scores"' in shown
    app.handle("replay", {})
    app.handle("replay_generation", {"delta": "-1"})
    shown = page(app)
    assert 'class="replay-controls"' in shown
    _assert_escaped(shown)
    app.handle("replay_branch", {})
    _assert_escaped(page(app))
    app.handle("menu", {})
    _assert_escaped(page(app))  # the saved-games list


def test_solo_name_is_escaped_on_the_end_screen_from_the_form() -> None:
    app = start(new_app(), names=[EVIL])
    finish(app)
    app.handle("toggle_scores", {})
    app.handle("share", {})
    _assert_escaped(page(app))


# ---------------------------------------------------------------- rules changed
def test_a_save_replayed_under_changed_rules_says_so_in_plain_words() -> None:
    corpus = Path(__file__).resolve().parents[1] / "corpus" / "v1" / "games.json"
    entry = next(g for g in json.loads(corpus.read_text(encoding="utf-8"))
                 if "Saturn Systems" in g["corporations"])
    app = new_app()
    app.handle("import", {"text": entry["entry"]})
    assert app.shown.notice is None and app.shown.info is not None
    assert "Saturn Systems" in app.shown.info and "older rules" in app.shown.info
    shown = page(app)
    assert 'class="notice info" role="status"' in shown and "Saturn Systems" in shown
    saved = str(app.shown.save_id)
    app.handle("menu", {})
    assert app.shown.info is None  # shown once, after opening
    app.handle("continue", {"save": saved})  # saved again under today's rules: nothing to say
    assert app.shown.info is None and app.shown.notice is None


def _continued(save: dict[str, Any]) -> App:
    """An App that continued Rae's game stored as ``save`` (from the saved games)."""
    storage = MemoryStorage()
    storage.set(PREFIX + "old", json.dumps({"format": 1, "kind": "tm-save",
                                            "meta": {"names": ["Rae"]}, "save": save}))
    app = new_app(storage)
    app.handle("continue", {"save": "old"})
    return app


def test_a_save_whose_moves_do_not_lead_to_its_state_is_rebuilt_from_them() -> None:
    game = random_game(1, 5, ["Rae"], max_moves=30)
    save = game.to_save()
    save["moves"] = save["moves"][:-1]  # under the same rules: damaged or changed
    app = _continued(save)
    assert app.shown.notice is None and app.shown.info is not None
    assert "rebuilt from its moves" in app.shown.info and "rules" not in app.shown.info
    assert game_of(app).moves == save["moves"]


def test_a_save_whose_moves_no_longer_lead_to_its_state_goes_on_from_it() -> None:
    game = random_game(1, 14, ["Rae"], max_moves=40)
    assert game.state.players[0].corporation == "Saturn Systems"  # its rules changed in 2
    save = game.to_save()
    save["moves"].append(save["moves"][-1])  # as if a rules fix refused its last move
    save["rules"] = 1
    app = _continued(save)
    assert app.shown.notice is None and app.shown.info is not None
    assert "rules have changed" in app.shown.info and "{" not in app.shown.info
    assert game_of(app).digest() == game.digest()
    assert "replay" not in tools(app)  # the early moves no longer replay to this game


def test_a_link_made_under_other_rules_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    game = random_game(1, 4, ["Lin"], max_moves=60)
    # a card in play whose rules changed since explains the other checksum
    monkeypatch.setitem(RULES_CHANGES, 2, (game.state.players[0].corporation,))
    inner = _inner(encode(game))
    tail = bytes(b ^ 0xFF for b in inner[-4:])  # the checksum the link recorded differs
    assert inner[1] == 2  # the rules version it was made under: here older ones
    app = new_app()
    app.handle("open_link", {"text": _pack(inner[:1] + b"\x01" + inner[2:-4] + tail)})
    assert app.shown.notice is None and app.shown.from_link
    assert app.shown.info is not None and "other rules" in app.shown.info
