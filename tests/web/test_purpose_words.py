"""Every public prompt purpose (tm.core.contract.purposes()) has the words the page builds
from it in every language, and every purpose the page and the bots name is a listed one:
renaming a purpose cannot silently change the page."""
from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from tm.core.contract import PURPOSE_KINDS, Kind, Purpose, purposes
from tm.web.i18n import EN
from tm.web.po import parse

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "tm" / "web" / "locale"
LANGUAGES = ("en", "de", "ja", "be")
PLURAL_SUFFIXES = (".zero", ".one", ".two", ".few", ".many", ".other")

# The title the page builds from a purpose, per kind (tm/web/prompt_html.py,
# prompt_steps.py, colonies_prompt.py: t(f"prompt.<kind>.{ask.purpose}")).
TITLES: dict[Kind, str] = {"card": "prompt.card.{}", "cards": "prompt.cards.{}",
                           "player": "prompt.player.{}", "amount": "prompt.amount.{}",
                           "option": "prompt.option.{}", "setup": "prompt.setup.{}"}
# A selection's Confirm button, when the purpose words it (else "Confirm": has(...)).
DONE = "prompt.done.{}"
# Titled without the purpose: by the card that asks, the tile placed or the thing paid.
UNTITLED = {("option", "choose"), ("action", "action"), ("space", "place"),
            ("space", "claim_land"), ("pay", "pay")}


def _catalog(lang: str, english: Mapping[str, str]) -> set[str]:
    """The keys with words in a language (a plural entry counts for its every form)."""
    if lang == "en":
        return set(english)
    keys: set[str] = set()
    for entry in parse((LOCALE / f"{lang}.po").read_text(encoding="utf-8"))[1]:
        if entry.ctxt is None or not all(entry.msgstr):
            continue
        keys.add(entry.ctxt)
        if entry.plural:
            keys.update(entry.ctxt + suffix for suffix in PLURAL_SUFFIXES)
    return keys


def _has(keys: set[str], key: str) -> bool:
    return key in keys or any(key + suffix in keys for suffix in PLURAL_SUFFIXES)


def words_of(purpose: Purpose) -> list[str]:
    """The catalog keys the page builds from a purpose (for every kind it is asked as)."""
    found = [TITLES[kind].format(purpose) for kind in PURPOSE_KINDS[purpose]
             if (kind, purpose) not in UNTITLED and kind in TITLES]
    if "cards" in PURPOSE_KINDS[purpose] and _has(set(EN), DONE.format(purpose)):
        found.append(DONE.format(purpose))
    return found


def missing_words(languages: tuple[str, ...] = LANGUAGES,
                  english: Mapping[str, str] = EN) -> list[tuple[str, str, str]]:
    """Each (purpose, language, key) without words (``english``: the English catalog)."""
    catalogs = {lang: _catalog(lang, english) for lang in languages}
    return [(purpose, lang, key) for purpose in purposes() for key in words_of(purpose)
            for lang in languages if not _has(catalogs[lang], key)]


def test_every_purpose_has_its_words_in_every_language() -> None:
    assert not missing_words()


def test_every_purpose_asked_with_a_title_has_one_to_check() -> None:
    untitled = [p for p in purposes() if not words_of(p)]
    assert sorted(untitled) == sorted(p for _, p in UNTITLED)


def test_a_missing_word_is_listed_by_purpose_language_and_key() -> None:
    # (a copy: the page's catalog keeps its order, which the .po files follow)
    english = {key: text for key, text in EN.items() if key != "prompt.card.draft"}
    assert missing_words(("en",), english) == [("draft", "en", "prompt.card.draft")]


# ---------------------------------------------------------------- the page's and bots' names
PURPOSE_NAMES = re.compile(
    r"""purpose\s*(?:==|!=)\s*["'](\w+)["']"""  # purpose == "draft"
    r"""|purpose\s+(?:not\s+)?in\s+\(([^)]*)\)"""  # purpose in ("a", "b")
    r"""|\w*PURPOSES\s*=\s*(?:frozenset\(\{|\()([^)}]*)""",  # FULL_CARD_PURPOSES = ("a", ...)
    re.S)


def named_purposes(source: str) -> set[str]:
    """Every purpose a source compares with or lists (as above)."""
    found: set[str] = set()
    for match in PURPOSE_NAMES.finditer(source):
        found.update(re.findall(r"""["'](\w+)["']""", "".join(g or "" for g in match.groups())))
        if match.group(1):
            found.add(match.group(1))
    return found


def test_every_purpose_the_page_and_the_bots_name_is_listed() -> None:
    sources = {p: p.read_text(encoding="utf-8")
               for folder in ("web", "bots") for p in sorted((ROOT / "tm" / folder).glob("*.py"))}
    named = {(p.name, name) for p, text in sources.items() for name in named_purposes(text)}
    assert len(named) >= 15  # the scan still finds them
    assert not [(file, name) for file, name in named if name not in purposes()]


def test_the_name_scan_finds_an_unlisted_purpose() -> None:
    planted = 'if ask.purpose == "buy_some":\nX_PURPOSES = ("draft", "keep_some")\n'
    assert named_purposes(planted) - set(purposes()) == {"buy_some", "keep_some"}
