"""One glossary per language (tm/web/locale/<lang>.glossary.tsv): the game's catalog
(tm/web/locale/<lang>.po) and the rules page's (tm/web/locale/rules/<lang>.po) say each
game term with the one word the glossary gives, never with a known wrong variant, and
name cards, milestones, awards, colonies and maps as published (tests/facts/names.json)."""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.kits.facts import load_reference
from tm.web.po import Entry, parse

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "tm" / "web" / "locale"
LANGUAGES = ("de", "ja", "be")
FIELD = re.compile(r"\{[^{}]*\}")
Finding = tuple[str, str, str, str]  # (catalog, key, term or variant, translation)
# The terms every glossary must decide (issue 27, item 8).
CORE = ("milestone", "award", "fund", "claim", "standard project", "terraform rating", "TR",
        "first player", "generation", "production", "tag", "event", "greenery", "ocean",
        "city", "colony", "trade fleet", "prelude", "corporation", "Corporate Era", "draft")


@dataclass(frozen=True)
class Term:
    """One glossary row: the English term (``/``: alternative spellings), the word used,
    stems one of which a message with the English term must contain, variants no message
    may contain (``~variant``: only messages with the English term and without the
    variant's own English word), its source, and the
    keys of messages where the English word has another sense."""

    english: tuple[str, ...]
    word: str
    stems: tuple[str, ...]
    banned: tuple[str, ...]
    scoped: tuple[str, ...]
    source: str
    other_sense: tuple[str, ...] = ()

    def in_english(self, text: str) -> bool:
        return bool(_pattern(self.english).search(text))


@functools.cache
def _pattern(english: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(rf"\b{re.escape(e)}(s|es|ed|ing)?\b" for e in english),
                      re.IGNORECASE)


def _split(cell: str) -> tuple[str, ...]:
    return () if cell.strip() in ("", "—") else tuple(s for s in cell.split("/") if s)


def glossary(lang: str) -> list[Term]:
    """The rows of ``<lang>.glossary.tsv`` (lines starting ``#`` are comments)."""
    terms = []
    for line in (LOCALE / f"{lang}.glossary.tsv").read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        english, word, stems, banned, source, other = (line.split("\t") + [""] * 6)[:6]
        variants = _split(banned)
        terms.append(Term(_split(english), word, _split(stems),
                          tuple(v for v in variants if not v.startswith("~")),
                          tuple(v[1:] for v in variants if v.startswith("~")), source,
                          tuple(other.split())))
    return terms


def read_catalog(path: Path) -> list[Entry]:
    """A catalog's messages as a reader reads them: without the soft hyphens of its long
    German words (break points, not letters: scripts/i18n_hyphenate.py)."""
    entries = parse(path.read_text(encoding="utf-8"))[1]
    for entry in entries:
        entry.msgstr = [text.replace("\u00ad", "") for text in entry.msgstr]
    return entries


def catalogs(lang: str) -> dict[str, list[Entry]]:
    """The game's and the rules page's messages (names excepted: they are checked
    against names.json)."""
    found = {}
    for where, path in (("game", LOCALE / f"{lang}.po"),
                        ("rules", LOCALE / "rules" / f"{lang}.po")):
        entries = read_catalog(path)
        found[where] = [e for e in entries if e.ctxt and not e.ctxt.startswith("name.")]
    return found


# Names that are also plain words of the rules (the Research card and the research phase):
# a message saying the word is not naming the card.
COMMON_WORDS = {"Research", "Asteroid", "Comet", "Power Plant", "Trees", "Mine", "Lichen",
                "Sabotage", "Virus", "Fish", "Birds", "Insects", "Livestock", "Moss",
                "Algae", "Heather", "Ants", "Predators", "Satellites", "Terran5"}


# The English names of cards, milestones, awards and colonies.
NAME_SET = {e.msgid for e in parse((LOCALE / "en.po").read_text(encoding="utf-8"))[1]
            if e.ctxt and e.ctxt.startswith("name.")}
NAMES = re.compile("|".join(rf"(?<![\w-]){re.escape(n)}(?![\w-])"
                            for n in sorted(NAME_SET - COMMON_WORDS, key=len, reverse=True)))


def _english(entry: Entry) -> tuple[str, str]:
    """The English a translation says: a counted message's general form (its "one" form
    may say it otherwise, "Solo game") without placeholders; and that without names (a
    card called Land Claim claims no milestone)."""
    text = FIELD.sub(" ", entry.msgid_plural if entry.msgid_plural is not None
                     else entry.msgid)
    return text, NAMES.sub(" ", text)


def _texts(entry: Entry) -> list[str]:
    return [FIELD.sub(" ", text).lower() for text in entry.msgstr]


def missing_terms(terms: list[Term], messages: dict[str, list[Entry]]) -> list[Finding]:
    """(catalog, key, term, translation) for each message whose English has a term and
    whose translation lacks all of its stems."""
    found = []
    for where, entries in messages.items():
        for entry in entries:
            (named, english), texts = _english(entry), _texts(entry)
            for term in terms:
                said = named if term.english[0] in NAME_SET else english
                if term.stems and entry.ctxt not in term.other_sense and \
                        term.in_english(said) and not any(
                        stem.lower() in text for stem in term.stems for text in texts):
                    found.append((where, entry.ctxt or "", term.english[0], entry.msgstr[0]))
    return found


def banned_variants(terms: list[Term], messages: dict[str, list[Entry]]) -> list[Finding]:
    """(catalog, key, variant, translation) for each known wrong variant in a message."""
    found = []
    for where, entries in messages.items():
        for entry in entries:
            english, texts = _english(entry)[1], _texts(entry)
            for term in terms:
                variants = term.banned + tuple(  # ("tags (the symbols …)": Symbole too)
                    v for v in term.scoped if term.in_english(english)
                    and v.lower() not in english.lower())
                for variant in variants:
                    if any(variant.lower() in text for text in texts):
                        found.append((where, entry.ctxt or "", variant, entry.msgstr[0]))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_glossary_decides_every_game_term_from_a_source(lang: str) -> None:
    terms = glossary(lang)
    decided = {e.lower() for t in terms for e in t.english}
    assert not [c for c in CORE if c.lower() not in decided]
    assert all(t.word and t.source for t in terms)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_game_and_rules_page_use_the_glossary_term(lang: str) -> None:
    found = missing_terms(glossary(lang), catalogs(lang))
    assert not found, f"{len(found)} messages lack the glossary's term: {found[:15]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_game_and_rules_page_use_no_wrong_variant(lang: str) -> None:
    found = banned_variants(glossary(lang), catalogs(lang))
    assert not found, f"{len(found)} messages use a wrong variant: {found[:15]}"


def test_a_planted_mismatch_is_found() -> None:
    """The checks see one rules-page message that says the game's old word."""
    messages = catalogs("ja")
    planted = Entry("rule.test", "Fund an award", None, ["アワードに出資する"])
    assert not missing_terms(glossary("ja"), messages)
    messages["rules"] = [*messages["rules"], planted]
    assert {m[1:3] for m in missing_terms(glossary("ja"), messages)} == \
        {("rule.test", "award"), ("rule.test", "fund")}
    assert {m[1:3] for m in banned_variants(glossary("ja"), messages)} == \
        {("rule.test", "アワード"), ("rule.test", "出資")}


def _published(lang: str) -> dict[str, str]:
    """English name -> published name (cards, milestones, awards, colonies, maps)."""
    names = load_reference("names.json")["languages"][lang]
    found: dict[str, str] = {}
    for kind in ("cards", "milestones", "awards", "colonies", "maps"):
        found.update(names.get(kind, {}))
    return found


@pytest.mark.parametrize("lang", ("de", "ja"))
def test_names_in_messages_are_the_published_ones(lang: str) -> None:
    """A message that names a card, milestone, award, colony or map in English writes its
    published name (the name.* messages themselves: test_i18n_catalogs)."""
    published = {e: n for e, n in _published(lang).items() if e not in COMMON_WORDS}
    named = re.compile("|".join(rf"(?<![\w-]){re.escape(n)}(?![\w-])"
                                for n in sorted(published, key=len, reverse=True)))
    differ = []
    for where, entries in catalogs(lang).items():
        for entry in entries:
            english = FIELD.sub(" ", entry.msgid + " " + (entry.msgid_plural or ""))
            for name in dict.fromkeys(named.findall(english)):  # (the longest name matched)
                if not all(published[name] in text for text in entry.msgstr):
                    differ.append((where, entry.ctxt, name, published[name], entry.msgstr[0]))
    assert not differ, f"{len(differ)} messages name something otherwise: {differ[:15]}"


# ---------------------------------------------------------------- issue 45: words per language
def _all_messages(lang: str, names: bool = False) -> list[Entry]:
    """Every message of the game's and the rules page's catalogs (names too if asked)."""
    found = []
    for path in (LOCALE / f"{lang}.po", LOCALE / "rules" / f"{lang}.po"):
        found += [e for e in read_catalog(path)
                  if e.ctxt and (names or not e.ctxt.startswith("name."))]
    return found


def _by_key(lang: str, where: str = "game") -> dict[str, str]:
    path = LOCALE / f"{lang}.po" if where == "game" else LOCALE / "rules" / f"{lang}.po"
    return {e.ctxt: e.msgstr[0] for e in read_catalog(path) if e.ctxt}


@pytest.mark.parametrize("lang", ("de", "ja"))
def test_standard_projects_are_named_as_published(lang: str) -> None:
    """The game's project buttons and the rules page's project names say the published
    names (names.json standard_projects: German "Stadtbau" for City)."""
    published = {e.lower(): n for e, n in
                 load_reference("names.json")["languages"][lang]["standard_projects"].items()}
    english = {e.ctxt: e.msgid for e in parse((LOCALE / "en.po").read_text("utf-8"))[1]
               if e.ctxt}
    game = _by_key(lang)
    differ = [(k, game[k], published[english[k].lower()]) for k in game
              if re.fullmatch(r"project\.\w+", k) and english[k].lower() in published
              and game[k] != published[english[k].lower()]]
    rules_en = {e.ctxt: e.msgid for e in parse(
        (LOCALE / "rules" / "en.po").read_text("utf-8"))[1] if e.ctxt}
    rules = _by_key(lang, "rules")
    differ += [(k, rules[k], published[rules_en[k].lower()]) for k in rules
               if re.fullmatch(r"rule\.R-SP-\d+\.name", k) and rules_en[k].lower() in published
               and not rules[k].startswith(published[rules_en[k].lower()])]
    assert ("project.city", "Stadtbau") in {(k, game[k]) for k in game} or lang != "de"
    assert not differ, differ


# The seed's phases (German: "1. Startspielerphase … 4. Produktionsphase"; Japanese:
# "2. 研究開発フェイズ"): the rules page's table says them, and the game's phase strip and
# log headings say the same words.
PHASES = {"de": ("Startspielerphase", "Forschungsphase", "Aktionsphase", "Produktionsphase"),
          "ja": ("手番順フェイズ", "研究開発フェイズ", "アクション・フェイズ", "産出フェイズ")}


@pytest.mark.parametrize("lang", PHASES)
def test_phases_follow_the_seed_on_the_rules_page_and_in_the_game(lang: str) -> None:
    rules, game = _by_key(lang, "rules"), _by_key(lang)
    table = [rules[f"generation.{k}"] for k in ("order", "research", "action", "production")]
    assert table == [f"{i}. {name}" for i, name in enumerate(PHASES[lang], start=1)]
    research, action, production = PHASES[lang][1:]
    assert game["strip.phase.research"] == game["log.head.research"] == research
    assert (game["log.head.actions"], game["log.head.production"]) == (action, production)


def test_research_is_named_alike_in_every_language() -> None:
    """The game's phase strip says what the rules page's phase table says."""
    for lang in ("en", "de", "ja", "be"):
        rules, game = _by_key(lang, "rules"), _by_key(lang)
        assert rules["generation.research"].split(" ", 1)[1] == game["strip.phase.research"]


# German compounds as the seed writes them (one word): never split by a hyphen or a space.
GERMAN_COMPOUNDS = (("Ozean", "plättchen"), ("Stadt", "plättchen"), ("Grünflächen", "plättchen"),
                    ("Startspieler", "marker"), ("Handkarten", "limit"),
                    ("Platzierungs", "bonus"), ("Standard", "projekt"), ("Terraform", "wert"),
                    ("Startspieler", "phase"), ("Forschungs", "phase"), ("Aktions", "phase"),
                    ("Produktions", "phase"), ("Projekt", "karte"), ("Ereignis", "karte"),
                    ("Sieg", "punkt"), ("Stadt", "bau"), ("Spiel", "brett"),
                    ("Gebäude", "karte"), ("Weltraum", "karte"))


def test_german_compounds_are_one_word_as_in_the_seed() -> None:
    split = [(e.ctxt, f"{a}-{b}") for e in _all_messages("de") for a, b in GERMAN_COMPOUNDS
             if re.search(rf"\b{a}[-\s]+{b}", e.msgstr[0], re.IGNORECASE)]
    assert not split, split
    said = " ".join(e.msgstr[0] for e in _all_messages("de"))
    assert all(f"{a}{b}".lower() in said.lower() for a, b in GERMAN_COMPOUNDS)


def test_german_takes_no_article_before_a_resource_placeholder() -> None:
    """"Ein {res} weniger" reads "Ein Wärme weniger": a resource's gender is not known."""
    found = [(e.ctxt, text) for e in _all_messages("de") for text in e.msgstr
             if re.search(r"\b[Kk]?[Ee]in(e[mnrs]?)?\s+\{(res|resource|unit|units)\}", text)]
    assert not found, found


# Japanese counters per noun: tiles and cards are flat (枚: the seed's "カード10枚",
# "海洋9枚"), tags are counted with 個 (the building tags of 建設師: "土建タグ 8 個").
JA_COUNTERS = {"海洋": "枚", "緑地": "枚", "都市タイル": "枚", "タイル": "枚", "カード": "枚",
               "手札": "枚", "プレリュード": "枚", "タグ": "個"}
_JA_COUNT = re.compile("(" + "|".join(sorted(JA_COUNTERS, key=len, reverse=True)) + r")"
                       r"(?:を|が|は|を陸地マスに)?\s?(?:\d+|\{\w+\})\s?(つ|個|枚)")


def test_japanese_counts_each_noun_with_its_counter() -> None:
    wrong = [(e.ctxt, m.group(0)) for e in _all_messages("ja") for text in e.msgstr
             for m in _JA_COUNT.finditer(text) if JA_COUNTERS[m.group(1)] != m.group(2)]
    assert not wrong, wrong
    assert _JA_COUNT.search(_by_key("ja")["track_gain.ocean"])  # (the check reads it)


# Messages whose ASCII is a symbol, not punctuation: the "?" of any resource on a space,
# and the time's colon.
ASCII_ALLOWED = {"bonus_letter.any_resource", "fmt.datetime"}


def test_japanese_uses_full_width_punctuation() -> None:
    """：？（）！ in Japanese text, never ASCII : ? ( ) ! (placeholders aside)."""
    found = [(e.ctxt, text) for e in _all_messages("ja") if e.ctxt not in ASCII_ALLOWED
             for text in e.msgstr if re.search(r"[:?()!]", FIELD.sub("", text))]
    assert not found, found


# Belarusian: the catalogs are in the classical orthography (Taraškievica), as the seed.
# Markers of the official orthography (1959/2008) that never appear in Taraškievica, chosen
# because they follow from its regular rules, not from single words: (1) a soft geminate
# keeps its soft sign ("паведамленьне", "стальлю", "жыцьцё": official -нн-/-лл-/-цц- before a
# soft vowel); (2) assimilative softness is written ("сьнег", "зьмяніць", "сьвет", "дзьве",
# "пацьвердзіць", "сьпіс", "ёсьць": official сн/зм/св/дзв/цв/сп/сць); (3) "не" before a word
# stressed on its first syllable is "ня" ("ня можа", "ня больш"; checked for common words
# only: stress is not in the text); (4) "з" before і is "зь" ("зь іншай"); (5) loanwords:
# "вэрсія", "пазыцыя", "сыстэма", "калёнія", "флёт". The whole seed (shared/seeds/003_…) has
# none of these and 80 of their Taraškievica forms; on the catalogs before issue 45 they
# found 43 messages.
BE_OFFICIAL = (
    ("soft geminate without ь", r"(нн|лл|цц)[еёюяі]"),
    ("assimilative softness not written",
     r"(сн|зн|св|зв|сл|зл|сц|дзв|цв|сп|зм|см|зб|сб)[еёюяіь]|сць|здз[еёюяіь]"),
    ("не for ня", r"\bне (можа|могуць|мае|маюць|ведае|ведаеце|трэба|тыя|тая|тое|той|вашы"
                  r"|больш|менш|болей|будзе|выцягнуў|выцягнулі)\b"),
    ("з for зь before і", r"\bз і"),
    ("official loanword", r"версі|пазіцы|сістэм|калоні|\bфлот"),
)


def official_spellings(texts: list[tuple[str, str]]) -> list[tuple[str, str, str]]:
    """(key, marker, text) for each text with a marker of the official orthography."""
    found = []
    for key, text in texts:
        lowered = FIELD.sub(" ", text).lower()
        for what, pattern in BE_OFFICIAL:
            if re.search(pattern, lowered):
                found.append((key, what, text))
    return found


def test_belarusian_is_taraskievica_in_the_whole_catalog() -> None:
    texts = [(e.ctxt or "", text) for e in _all_messages("be", names=True) for text in e.msgstr]
    found = official_spellings(texts)
    assert not found, f"{len(found)} messages in the official orthography: {found[:10]}"


def test_official_orthography_is_seen() -> None:
    planted = [("a", "Гэтая спасылка задоўгая для паведамлення"), ("b", "яе змянілі"),
               ("c", "прылада не можа"), ("d", "з іншай прылады"), ("e", "гэтая версія"),
               ("f", "нешта ёсць")]
    assert [k for k, *_ in official_spellings(planted)] == ["a", "b", "c", "d", "e", "f"]
    taraskievica = [("a", "паведамленьня"), ("b", "зьмянілі"), ("c", "ня можа"),
                    ("d", "зь іншай"), ("e", "вэрсія"), ("f", "ёсьць"), ("g", "свае карты")]
    assert not official_spellings(taraskievica)
