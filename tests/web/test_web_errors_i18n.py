"""Refusals in the player's language: every SaveError, LinkError and IllegalMove the engine
raises carries a catalog key (tm/core/errors.py ``reason``), and the page's notices say it in the
language shown while ``str(error)`` stays the engine's English."""
from __future__ import annotations

import ast
import copy
import json
import pickle
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from tm.core.errors import IllegalMove, Reason, SaveError, reason_of
from tm.core.state import Options
from tm.game import Game
from tm.linkplay import links
from tm.web.app import App
from tm.web.error_text import error_text
from tm.web.i18n import set_language, t
from tm.web.i18n_errors import EN_ERRORS
from tm.web.saves import MemoryStorage, SaveMeta, entry_text

ROOT = Path(__file__).resolve().parents[2]
RAISED = {"SaveError", "LinkError", "IllegalMove"}
SHARED = {"version", "link", "format", "json"}  # words German spells as English does
FORM = {"players": "1", "name_0": "Kept", "seed": "3", "corporate_era": "on"}


def _sources() -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted((ROOT / "tm").rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"))


def _name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(
        func, ast.Attribute) else ""


def _reason_calls() -> list[tuple[str, ast.Call]]:
    return [(f"{path.relative_to(ROOT)}:{node.lineno}", node) for path, tree in _sources()
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and _name(node.func) == "reason"]


def _fields(message: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(message) if f}


def test_every_raise_site_passes_a_reason() -> None:
    """Each SaveError/LinkError/IllegalMove in tm/ is raised with reason(...) or passes on
    one made elsewhere (a why-not check's answer)."""
    bare = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and _name(node.func) in RAISED and node.args):
                continue
            first = node.args[0]
            if isinstance(first, ast.BoolOp):  # `known or reason(...)`
                first = first.values[-1]
            if isinstance(first, ast.Call) and _name(first.func) == "reason":
                continue
            if isinstance(first, (ast.Name, ast.Subscript)):  # checked below at its source
                continue
            bare.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not bare, f"raised without a reason: {bare}"


def test_why_not_checks_answer_with_reasons() -> None:
    """The why-not checks (their answers become IllegalMove) never answer plain text."""
    bare = []
    for path, tree in _sources():
        for func in ast.walk(tree):
            if not (isinstance(func, ast.FunctionDef) and "why" in func.name):
                continue
            for node in ast.walk(func):
                if not isinstance(node, ast.Return) or node.value is None:
                    continue
                values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
                for value in ast.walk(node.value) if not values else values[:1]:
                    if isinstance(value, (ast.Constant, ast.JoinedStr)) and (
                            isinstance(value, ast.JoinedStr) or isinstance(value.value, str)):
                        bare.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not bare, f"why-not answers without a reason: {bare}"


def test_every_reason_key_is_in_the_catalog_with_its_values() -> None:
    problems = []
    for where, call in _reason_calls():
        if where.startswith("tm/core/errors.py"):
            continue
        key = call.args[0]
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            problems.append((where, "key is not a literal"))
            continue
        message = EN_ERRORS.get("err." + key.value)
        if message is None:
            problems.append((where, key.value, "not in EN_ERRORS"))
            continue
        given = {k.arg for k in call.keywords}
        if given != _fields(message):
            problems.append((where, key.value, sorted(given), sorted(_fields(message))))
    assert not problems, problems


def test_every_error_message_is_raised_somewhere() -> None:
    used = {"err." + c.args[0].value for _, c in _reason_calls()
            if c.args and isinstance(c.args[0], ast.Constant)}
    assert not set(EN_ERRORS) - used, sorted(set(EN_ERRORS) - used)


# ------------------------------------------------------------ errors as raised
def _link(raw_options: bytes, moves: bytes = b"") -> str:
    out = bytearray([links.LINK_FORMAT])
    links.put_varint(out, 2)
    links.put_varint(out, len(raw_options))
    out += raw_options + moves + bytes(links.DIGEST_BYTES)
    import base64
    import zlib
    return "#g=" + base64.urlsafe_b64encode(zlib.compress(bytes(out), 9)).decode().rstrip("=")


def _raised(action) -> BaseException:  # type: ignore[no-untyped-def]
    with pytest.raises((SaveError, links.LinkError, IllegalMove)) as caught:
        action()
    return caught.value


def _some_errors() -> list[BaseException]:
    game = Game.new(Options(players=1, seed=3))
    save = game.to_save()
    player = game.pending[0][0]
    bad_move = _link(b'{"players":1,"seed":3}', bytes([0x7F]))
    return [
        _raised(lambda: Game.from_save({**save, "moves": "x"})),
        _raised(lambda: Game.from_save({**save, "format": 99})),
        _raised(lambda: Game.from_save({**save, "rules": 999})),
        _raised(lambda: links.decode("#g=@@@")),
        _raised(lambda: links.decode("nothing")),
        _raised(lambda: links.decode(bad_move)),
        _raised(lambda: links.decode(_link(b'{"players":2,"seed":1,"first_player":7}'))),
        _raised(lambda: game.respond(player, {"type": "nonsense"})),
        _raised(lambda: game.respond(player, {"oops": 1})),
        _raised(lambda: game.undo(0)),
    ]


def test_raised_errors_carry_keys_and_say_the_same_english() -> None:
    """The page's English of each error is exactly ``str(error)`` (engine tests and the
    command line read the latter)."""
    set_language("en")
    for error in _some_errors():
        assert reason_of(error) is not None, repr(error)
        assert error_text(error) == str(error)


def test_a_nested_reason_is_translated_too() -> None:
    error = _raised(lambda: links.decode(_link(b'{"players":1,"seed":3}', bytes([0x7F]))))
    assert str(error) == "move 1 is not legal: a move is not one of the legal choices"
    try:
        set_language("de")
        assert _plain(error_text(error)) == ("Zug 1 ist nicht zulässig: ein Zug gehört nicht "
                                             "zu den zulässigen Möglichkeiten")
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["de", "ja", "be"])
def test_every_raised_error_reads_in_the_language(lang: str) -> None:
    errors = _some_errors()
    try:
        set_language(lang)
        for error in errors:
            shown = error_text(error)
            assert shown != str(error), (lang, shown)
            assert not _english_words(str(error)) & _english_words(shown), (lang, shown)
    finally:
        set_language("en")


def _english_words(text: str) -> set[str]:
    """Words of English (rule ids, and names of data fields quoted in a reason, aside)."""
    text = re.sub(r"\(R-[A-Z]+-\d+\)|'[^']*'|„[^“]*“|«[^»]*»|「[^」]*」|first_player", " ",
                  text)
    return {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)} - SHARED


def test_a_reason_is_text() -> None:
    made = Reason("save.state_damaged", "the stored state is damaged")
    assert made == "the stored state is damaged" and made.key == "save.state_damaged"
    assert str(SaveError(made)) == "the stored state is damaged"
    assert str(IllegalMove(made, "R-ACT-1")) == "the stored state is damaged (R-ACT-1)"
    for copied in (copy.deepcopy(made), pickle.loads(pickle.dumps(made))):
        assert isinstance(copied, Reason) and copied.key == made.key and copied == made


def test_an_error_without_a_reason_is_shown_as_it_is() -> None:
    try:
        set_language("de")
        assert error_text(SaveError("plain words")) == "plain words"
    finally:
        set_language("en")


# ------------------------------------------------------------ the page
@pytest.fixture
def german() -> Iterator[App]:
    app = App(MemoryStorage(), clock=lambda: 2_000_000.0)
    app.handle("new_game", dict(FORM))
    app.handle("menu", {})
    set_language("de")
    try:
        yield app
    finally:
        set_language("en")


def _plain(text: str) -> str:
    """``text`` as read: without the soft hyphens where a long German word may break."""
    return text.replace("\u00ad", "")


def _notice(app: App) -> str | None:
    """The notice the page shows, as read."""
    return None if app.shown.notice is None else _plain(app.shown.notice)


def _assert_german(notice: str | None, english: str) -> None:
    assert notice is not None
    assert not _english_words(english) & _english_words(notice), notice


def test_importing_a_damaged_save_says_why_in_german(german: App) -> None:
    game = Game.new(Options(players=1, seed=3))
    entry = json.loads(entry_text(game, SaveMeta(names=["Kept"])))
    entry["save"]["moves"] = "x"
    german.handle("import", {"text": json.dumps(entry)})
    assert _notice(german) == _plain(t("import.bad", reason=t("err.save.no_moves")))
    assert _notice(german).startswith("Diese Datei kann nicht als Spiel geöffnet werden: "
                                          "ein Spielstand braucht")
    _assert_german(_notice(german), "a save needs 'options' and 'moves'")


def test_importing_a_file_of_another_site_says_why_in_german(german: App) -> None:
    german.handle("import", {"text": '{"kind":"other"}'})
    assert _notice(german) is not None \
        and "kein gespeichertes Spiel dieser Seite" in _notice(german)
    _assert_german(_notice(german), "it is not a saved game of this site")


def test_opening_a_damaged_link_says_why_in_german(german: App) -> None:
    german.handle("open_link", {"text": "#g=@@@"})
    assert _notice(german) == (
        "Dieser Link kann nicht geöffnet werden: der Link ist abgeschnitten. "
        "Deine gespeicherten Spiele bleiben unberührt.")
    bad = _link(b'{"players":2,"seed":1,"first_player":7}')
    german.handle("open_link", {"text": bad})
    assert _notice(german) is not None and "Startspieler" in _notice(german)
    _assert_german(_notice(german), "first player must name one of the players")


def test_a_stored_game_gone_from_the_device_says_why_in_german(german: App) -> None:
    german.handle("continue", {"save": "no-such-save"})
    assert _notice(german) is not None and "nicht mehr auf diesem Gerät" in _notice(german)
    _assert_german(_notice(german), "it is no longer on this device")


def test_a_refused_move_keeps_its_rule_id_in_german() -> None:
    game = Game.new(Options(players=1, seed=3))
    error = _raised(lambda: game.respond(game.pending[0][0], {"type": "nonsense"}))
    assert isinstance(error, IllegalMove) and error.rule
    try:
        set_language("de")
        assert error_text(error).endswith(f" ({error.rule})")
        assert _plain(t("app.error", reason=error_text(error))).startswith(
            "Etwas ist schiefgegangen: ")
    finally:
        set_language("en")
