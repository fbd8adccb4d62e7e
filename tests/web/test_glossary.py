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


def catalogs(lang: str) -> dict[str, list[Entry]]:
    """The game's and the rules page's messages (names excepted: they are checked
    against names.json)."""
    found = {}
    for where, path in (("game", LOCALE / f"{lang}.po"),
                        ("rules", LOCALE / "rules" / f"{lang}.po")):
        entries = parse(path.read_text(encoding="utf-8"))[1]
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
