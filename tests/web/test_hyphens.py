"""Long German words carry soft hyphens at German break points (scripts/i18n_hyphenate.py:
Debian's Chromium has no hyphenation patterns, so CSS ``hyphens: auto`` alone left
"Asteroidenei|nschlag"), and "日本語" on the language choosers has its own tiny font
(scripts/build_langfont.py)."""
from __future__ import annotations

from fontTools.ttLib import TTFont

from scripts import build_langfont
from scripts.i18n_hyphenate import (
    CATALOGS,
    MIN_LETTERS,
    SOFT_HYPHEN,
    hyphenate_po,
    hyphenated_word,
    hyphenator,
)
from tm.web import i18n


def test_the_german_catalogs_are_hyphenated() -> None:
    dic = hyphenator()
    for path in CATALOGS:
        text = path.read_text(encoding="utf-8")
        assert hyphenate_po(text, dic) == text, f"run scripts/i18n_hyphenate.py ({path.name})"


def test_a_long_german_card_name_breaks_at_its_syllables() -> None:
    shown = i18n.name("card", "Asteroid", "de")
    assert shown.replace(SOFT_HYPHEN, "") == "Asteroideneinschlag"
    assert shown == hyphenated_word("Asteroideneinschlag", hyphenator())
    assert shown.split(SOFT_HYPHEN) == ["Aste", "roi", "den", "ein", "schlag"]


def test_short_words_and_placeholders_keep_no_soft_hyphen() -> None:
    dic = hyphenator()
    assert hyphenated_word("Kartenaktionen", dic).split(SOFT_HYPHEN) == \
        ["Kar", "ten", "ak", "ti", "o", "nen"]  # (pyphen's "Karte-n-aktionen" mended)
    text = "Spiel {standard_projects} Terraforming Standardprojekte"
    done = hyphenate_po(f'msgid "Terraforming"\nmsgstr "{text}"', dic)
    assert "{standard_projects}" in done and "Terraforming " in done and "Spiel " in done
    assert f"Stan{SOFT_HYPHEN}dard" in done and len("Standardprojekte") >= MIN_LETTERS


def test_the_card_order_ignores_soft_hyphens() -> None:
    names = [f"Aste{SOFT_HYPHEN}roi{SOFT_HYPHEN}den", "Asteu"]
    assert sorted(names, key=i18n.sort_key) == names
    assert sorted(names) == names[::-1]  # (unfolded, "\xad" sorts after every letter)


def test_the_language_name_font_holds_only_the_three_glyphs_and_is_up_to_date() -> None:
    font = TTFont(build_langfont.OUT)
    assert sorted(font.getBestCmap()) == sorted(map(ord, "日本語"))
    assert build_langfont.OUT.stat().st_size < 3000
    assert build_langfont.built() == build_langfont.OUT.read_bytes()
