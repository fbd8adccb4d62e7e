"""The message catalogs (tm/web/locale/<lang>.po): every key in every language, no key the
code does not use, the same placeholders everywhere, every plural form a language needs,
and the published names of cards, milestones, awards, maps and colonies."""
from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import pytest

from scripts.files import load_file
from tests.kits.facts import load_reference
from tm.web import i18n
from tm.web.po import CATEGORIES, PLURAL_FORMS, Entry, parse, plural_category

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "tm" / "web" / "locale"
TRANSLATED = ("de", "ja", "be")
FIELD = re.compile(r"\{(\w*)[^{}]*\}")
# Plural categories that hold the number 1 alone: their form may say "1" in words.
ONLY_ONE = {"en": {"one"}, "de": {"one"}}


def _extractor():  # type: ignore[no-untyped-def]
    return load_file(ROOT / "scripts" / "i18n_extract.py", "i18n_extract")


def _entries(lang: str) -> list[Entry]:
    return parse((LOCALE / f"{lang}.po").read_text(encoding="utf-8"))[1]


def _header(lang: str) -> dict[str, str]:
    return parse((LOCALE / f"{lang}.po").read_text(encoding="utf-8"))[0]


def _fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


def test_english_catalog_is_written_from_the_code() -> None:
    """en.po is the code's words (dicts and engine names); the others have its keys."""
    texts = _extractor().catalogs()
    for lang, text in texts.items():
        assert (LOCALE / f"{lang}.po").read_text(encoding="utf-8") == text, \
            f"{lang}.po is out of date: run python scripts/i18n_extract.py"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_key_is_missing_in_a_language(lang: str) -> None:
    english = {e.ctxt for e in _entries("en")}
    entries = _entries(lang)
    assert {e.ctxt for e in entries} == english
    missing = [e.ctxt for e in entries if not all(e.msgstr)]
    fuzzy = [e.ctxt for e in entries if "#, fuzzy" in e.comments]
    assert not missing, f"{lang}: {len(missing)} untranslated, e.g. {missing[:10]}"
    assert not fuzzy, f"{lang}: English changed since translated: {fuzzy[:10]}"


def _code_uses() -> tuple[set[str], list[str]]:
    """Keys named whole in tm/web (the page manifests' code included, their catalogs
    ``expansions/<name>/words.py`` not), and the prefixes of keys the code builds."""
    web = ROOT / "tm" / "web"
    catalogs = {*web.glob("i18n_*.py"), *web.glob("expansions/*/words.py")}
    sources = "\n".join(p.read_text(encoding="utf-8") for p in sorted(web.rglob("*.py"))
                        if p not in catalogs)
    literal = set(re.findall(r"""["']([\w.]+)["']""", sources))
    built = set(re.findall(r"""f["']([\w.]*?)\{""", sources))  # f"log.head.{x}"
    built |= set(re.findall(r"""["']([\w.]+\.)["']\s*\+""", sources))  # "type." + c.type
    # Families the code builds in a way the patterns above do not see:
    built |= {"ms.", "aw.",  # f"{kind}.{name}" (panels: one milestone or award)
              "per.",  # f"per.{per}{suffix}" (card_text)
              "prompt.option.", "prompt.pay.",  # titled by purpose (test_web_catalog)
              }
    return literal, sorted(p for p in built if p.endswith((".", "_")))


def test_no_key_is_unused() -> None:
    literal, prefixes = _code_uses()
    unused = []
    for key in i18n.EN:
        base = re.sub(r"\.(zero|one|other)$", "", key)
        if key in literal or base in literal or any(key.startswith(p) for p in prefixes):
            continue
        unused.append(key)
    assert not unused, f"catalog keys no code uses: {unused}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_are_the_same_in_every_language(lang: str) -> None:
    wrong = []
    for entry in _entries(lang):
        if not entry.plural:
            if entry.msgstr[0] and _fields(entry.msgstr[0]) != _fields(entry.msgid):
                wrong.append((entry.ctxt, entry.msgstr[0]))
            continue
        needed = _fields(entry.msgid_plural or "") | _fields(entry.msgid)
        for category, text in zip(CATEGORIES[lang], entry.msgstr, strict=True):
            have = _fields(text)
            allowed = [needed, needed - {"n"}] if category in ONLY_ONE.get(lang, ()) \
                else [needed]
            if text and have not in allowed:
                wrong.append((f"{entry.ctxt}[{category}]", text))
    assert not wrong, f"{lang}: placeholders differ from English: {wrong[:10]}"


def _unwrap(expr: str) -> str:
    expr = expr.strip()
    while expr.startswith("(") and _closing(expr, 0) == len(expr) - 1:
        expr = expr[1:-1].strip()
    return expr


def _closing(expr: str, start: int) -> int:
    depth = 0
    for i in range(start, len(expr)):
        depth += {"(": 1, ")": -1}.get(expr[i], 0)
        if depth == 0:
            return i
    return -1


def _python(expr: str) -> str:
    """A C ternary expression (a Plural-Forms rule) as Python."""
    expr, depth, asked = _unwrap(expr), 0, -1
    for i, ch in enumerate(expr):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and ch == "?" and asked < 0:
            asked, nested = i, 0
        elif depth == 0 and asked >= 0 and ch == "?":
            nested += 1
        elif depth == 0 and asked >= 0 and ch == ":":
            if nested == 0:
                cond, then, other = expr[:asked], expr[asked + 1:i], expr[i + 1:]
                return f"(({_python(then)}) if ({_python(cond)}) else ({_python(other)}))"
            nested -= 1
    return expr.replace("&&", " and ").replace("||", " or ").replace("!=", "!=")


def _c_plural(expression: str, n: int) -> int:
    """Evaluate a Plural-Forms expression (C syntax) for ``n``."""
    return int(eval(_python(expression), {"n": n}))  # noqa: S307 (our own header)


@pytest.mark.parametrize("lang", ("en", *TRANSLATED))
def test_every_plural_form_a_language_needs_is_there(lang: str) -> None:
    header = _header(lang)
    assert header["Plural-Forms"] == PLURAL_FORMS[lang]
    nplurals = int(re.search(r"nplurals=(\d+)", header["Plural-Forms"]).group(1))  # type: ignore[union-attr]
    assert nplurals == len(CATEGORIES[lang])
    expression = header["Plural-Forms"].split("plural=", 1)[1].rstrip(";")
    for n in range(0, 250):  # the header and the runtime's CLDR rule agree
        index = _c_plural(expression, n)
        assert CATEGORIES[lang][index] == plural_category(lang, n), (lang, n)
    short = [e.ctxt for e in _entries(lang) if e.plural and
             (len(e.msgstr) != nplurals or not all(e.msgstr))]
    assert not short, f"{lang}: counted messages lacking a plural form: {short[:10]}"


def test_belarusian_counts_use_their_three_forms() -> None:
    i18n.set_language("be")
    try:
        shown = [i18n.tn("game.cards_in_hand", n) for n in (1, 3, 5, 21, 22, 25, 11)]
    finally:
        i18n.set_language("en")
    assert shown[0] != shown[1] != shown[2]  # one, few, many
    assert [s.replace(str(n), "#") for s, n in zip(shown[3:6], (21, 22, 25), strict=True)] == \
        [s.replace(str(n), "#") for s, n in zip(shown[:3], (1, 3, 5), strict=True)]


def _expansion_keys() -> set[str]:
    from tm.cards import all_cards
    from tm.web.expansions.colonies.words import EN_COLONIES
    from tm.web.expansions.prelude.words import EN_PRELUDE
    from tm.web.i18n_maps import EN_MAPS

    keys = {re.sub(r"\.(one|other)$", "", k) for d in (EN_PRELUDE, EN_COLONIES, EN_MAPS)
            for k in d}
    keys |= {f"name.card.{c.name}" for c in all_cards() if c.set in ("prelude", "colonies")}
    return keys


@pytest.mark.parametrize("lang", TRANSLATED)
def test_expansion_words_are_translated(lang: str) -> None:
    """What Prelude, Colonies and the maps add is in every language."""
    translated = {e.ctxt for e in _entries(lang) if all(e.msgstr)}
    keys = _expansion_keys()
    assert len(keys) > 100
    assert not sorted(keys - translated)[:10]


@pytest.mark.parametrize("lang", ("de", "ja"))
def test_published_names_are_used(lang: str) -> None:
    published = load_reference("names.json")["languages"][lang]
    kinds = {"card": "cards", "milestone": "milestones", "award": "awards",
             "colony": "colonies"}
    differ = []
    for entry in _entries(lang):
        if entry.ctxt and entry.ctxt.startswith("name."):
            _, kind, english = entry.ctxt.split(".", 2)
            if kind not in kinds:
                continue  # (map spaces: our own names)
            name = published.get(kinds[kind], {}).get(english)
            shown = entry.msgstr[0].replace("\u00ad", "")  # (soft hyphens: break points)
            if name and shown != name:
                differ.append((english, shown, name))
    assert not differ, differ[:10]
    boards = published.get("maps", {})
    for english, name in boards.items():
        key = "board." + english.lower().replace(" ", "_")
        if key in i18n.EN:
            assert i18n.t(key, lang) == name, (english, name)


def test_language_comes_from_the_browser_and_falls_back_to_english() -> None:
    from tm.web.app_lang import initial_language

    assert initial_language(None, ["de-AT", "en"]) == "de"
    assert initial_language(None, ["fr-FR", "ja-JP"]) == "ja"
    assert initial_language(None, ["be-BY"]) == "be"
    assert initial_language(None, ["fr"]) == "en"
    assert initial_language("be", ["de"]) == "be"  # the choice made on this device wins


def test_switching_language_redraws_cached_regions_in_it() -> None:
    from tm.web.app_lang import switch
    from tm.web.regions import region

    view = object()
    assert region("test-lang", view, (), lambda: i18n.t("game.log")) == "Game log"
    try:
        switch("de")
        assert region("test-lang", view, (), lambda: i18n.t("game.log")) != "Game log"
    finally:
        switch("en")


def test_numbers_and_dates_follow_the_language() -> None:
    import datetime

    moment = datetime.datetime(2026, 3, 4, 5, 6, tzinfo=datetime.UTC)
    assert i18n.format_moment(moment, "en") == "2026-03-04 05:06 UTC"
    assert i18n.format_moment(moment, "de").startswith("04.03.2026")
    assert "2026年03月04日" in i18n.format_moment(moment, "ja")
    assert i18n.format_number(12345, "de") == "12.345"
    assert i18n.format_number(12345, "en") == "12,345"
    assert i18n.format_number(12345, "be") == "12\u00a0345"
    assert i18n.format_number(-5, "be") == "-5"


def test_the_po_reader_reads_what_translation_tools_write() -> None:
    """Wrapped strings, escapes and fuzzy entries read the same as our one-line form."""
    from tm.web.po import dump, messages

    written = (LOCALE / "be.po").read_text(encoding="utf-8")
    wrapped = written.replace('msgctxt "app.menu"\nmsgid "Menu"',
                              'msgctxt "app.menu"\nmsgid ""\n"Me"\n"nu"')
    assert messages(wrapped, "be") == messages(written, "be")
    header, entries = parse(written)
    assert dump(header, entries) == written
    text = dump({"Language": "de"}, [
        Entry("a", 'say "hi"\n', None, ['sag "hallo"\n']),
        Entry("b", "x", None, ["y"], ["#, fuzzy"]),
        Entry("c", "1 card", "{n} cards", ["1 Karte", "{n} Karten"])])
    assert messages(text, "de") == {"a": 'sag "hallo"\n', "c.one": "1 Karte",
                                    "c.other": "{n} Karten"}


def test_the_log_names_cards_in_the_language_shown() -> None:
    from tm.testing import make_game
    from tm.web.log_text import log_line

    game, _ = make_game(2)
    view = game.view(None)
    record = {"key": "preludes_kept", "player": 0, "cards": ["Donation", "Loan"]}
    try:
        i18n.set_language("de")
        played = log_line(view, {"key": "card_played", "player": 1, "card": "Ants"})
        kept = log_line(view, record)
        i18n.set_language("ja")
        kept_ja = log_line(view, record)
    finally:
        i18n.set_language("en")
    assert "spielt Ameisen" in played
    assert kept.endswith("behält die Preludes Spende, Kredit")
    assert "寄付、融資" in kept_ja  # the Japanese list separator


@pytest.mark.parametrize("lang", TRANSLATED)
def test_whole_game_screens_read_in_the_language(lang: str) -> None:
    """A game with Prelude and Colonies drawn in the language: no key, no unfilled
    placeholder, and no English heading left over."""
    import random

    from tests.web.test_web_render import KEY_LIKE, app_for, greedy, visible_text
    from tm.core.state import Options
    from tm.game import Game
    from tm.web.app_lang import switch

    game = Game.new(Options(players=2, seed=4, names=["Ann", "Bob"],
                            expansions=["corpera", "prelude", "colonies"]))
    rnd = random.Random(4)
    english = ["Game log", "Standard projects", "Milestones", "Your hand", "Generation"]
    if lang == "de":
        english.remove("Generation")  # (a German word too)
    try:
        switch(lang)  # (as the page does: HTML kept from earlier redraws is dropped)
        for step in range(240):
            if game.is_over:
                break
            if step % 12 == 0:
                text = visible_text(app_for(game, game.pending[0][0]).render()["app"])
                assert not KEY_LIKE.search(text), KEY_LIKE.search(text)
                assert not re.search(r"\{\w+\}", text), re.search(r".{20}\{\w+\}.{20}", text)
                assert not [w for w in english if w in text], step
            greedy(game, rnd, limit=1)
    finally:
        switch("en")


def test_the_archive_catalogs_hold_the_po_files_messages() -> None:
    """The page reads locale/<lang>.json from the archive: the same messages the .po gives."""
    from tm.web.po import messages

    build_engine = load_file(ROOT / "scripts" / "build_engine.py", "tm_build_engine")
    data = build_engine.archive_bytes(ROOT)
    archive = zipfile.ZipFile(io.BytesIO(data))
    for lang in ("de", "ja", "be"):
        source = (ROOT / "tm" / "web" / "locale" / f"{lang}.po").read_text(encoding="utf-8")
        shipped = json.loads(archive.read(f"tm/web/locale/{lang}.json").decode("utf-8"))
        assert shipped == messages(source, lang) and len(shipped) > 1000
