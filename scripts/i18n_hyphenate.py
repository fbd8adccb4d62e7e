"""Put soft hyphens (U+00AD) into the long words of the German catalogs.

    python scripts/i18n_hyphenate.py            # rewrite tm/web/locale/de.po, rules/de.po
    python scripts/i18n_hyphenate.py --check    # exit 1 when a catalog is not hyphenated

German compounds ("Asteroideneinschlag") are longer than a card's or a button's line; the
browser then breaks them anywhere, without a hyphen, unless it has hyphenation patterns
for German, which Debian's Chromium (and many phones') does not, so CSS ``hyphens: auto``
does nothing there. A soft hyphen is a break point every browser honours: invisible
unless the line breaks there, when it shows as "-". The points come from pyphen's German
patterns (a development tool, requirements-dev.txt; the page reads the catalogs as they
are). Words of at least :data:`MIN_LETTERS` letters get them, at least :data:`EDGE`
letters from either end; placeholders ``{name}`` are left alone. Run after
``scripts/i18n_extract.py --fill``/``--names`` (new German words come without them);
tests/web/test_hyphens.py checks the catalogs are up to date.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import pyphen

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = (ROOT / "tm" / "web" / "locale" / "de.po",
            ROOT / "tm" / "web" / "locale" / "rules" / "de.po")
SOFT_HYPHEN = "\u00ad"
MIN_LETTERS = 12
EDGE = 3
# A run of letters outside a {placeholder}; the placeholder is matched to be skipped.
_WORD = re.compile(r"\{[^{}]*\}|[A-Za-zÄÖÜäöüß\u00ad]+")
_VOWEL = re.compile("[aeiouyäöüAEIOUYÄÖÜ]")
_MSGID = re.compile(r'^msgid(?:_plural)? "(.*)"$')
_MSGSTR = re.compile(r'^(msgstr(?:\[\d+\])? )"(.*)"$')


def hyphenator() -> pyphen.Pyphen:
    """pyphen's German (2006 spelling) patterns with the edges this catalog uses."""
    return pyphen.Pyphen(lang="de_DE", left=EDGE, right=EDGE)


# Compounds whose parts pyphen's patterns join wrongly ("Treibh-aus", "Was-se-rim-port"):
# their break points as the dictionary gives them, "-" for a soft hyphen.
EXCEPTIONS = {word.replace("-", ""): word for word in (
    "Aste-roi-den-ab-bau", "Wis-sen-schafts-res-source", "Wis-sen-schafts-res-sour-cen",
    "Was-ser-im-port", "Stan-dard-res-source", "Ab-la-ge-sta-pel", "Ke-ro-sin-fa-brik",
    "Treib-haus-gase", "Bio-treib-stoffe", "Infra-struk-tur", "Am-mo-niak-aste-roid",
    "Kar-ten-res-source", "Kar-ten-res-sour-cen",
)}


def hyphenated_word(word: str, dic: pyphen.Pyphen) -> str:
    """``word`` with a soft hyphen at each of pyphen's break points that leaves a vowel on
    both sides (its patterns split some compounds badly: "Karte-n-aktionen")."""
    if word in EXCEPTIONS:
        return EXCEPTIONS[word].replace("-", SOFT_HYPHEN)
    parts: list[str] = []
    for part in dic.inserted(word, hyphen=SOFT_HYPHEN).split(SOFT_HYPHEN):
        if parts and not _VOWEL.search(part):
            parts[-1] += part
        else:
            parts.append(part)
    return SOFT_HYPHEN.join(parts)


def hyphenate(text: str, dic: pyphen.Pyphen, english: str = "") -> str:
    """``text`` with soft hyphens in each word of at least MIN_LETTERS letters, but not in
    a word the English ``english`` has too (a name: "Terraforming"). Any soft hyphens it had
    are replaced, so running twice changes nothing."""
    def one(match: re.Match[str]) -> str:
        if match.group(0).startswith("{"):
            return match.group(0)
        word = match.group(0).replace(SOFT_HYPHEN, "")
        if len(word) < MIN_LETTERS or word in english:
            return word
        return hyphenated_word(word, dic)
    return _WORD.sub(one, text)


def hyphenate_po(text: str, dic: pyphen.Pyphen) -> str:
    """A .po file's text with its translations (msgstr lines, one string a line as our
    catalogs are written) hyphenated; keys, English and comments unchanged."""
    lines = text.split("\n")
    english = ""
    for i, line in enumerate(lines):
        if line.startswith("msgctxt "):
            english = ""
        elif source := _MSGID.match(line):
            english += source.group(1) + "\n"
        elif match := _MSGSTR.match(line):
            lines[i] = f'{match.group(1)}"{hyphenate(match.group(2), dic, english)}"'
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only report, exit 1 if stale")
    args = parser.parse_args()
    dic = hyphenator()
    stale = []
    for path in CATALOGS:
        text = path.read_text(encoding="utf-8")
        done = hyphenate_po(text, dic)
        if done != text:
            stale.append(path.relative_to(ROOT))
            if not args.check:
                path.write_text(done, encoding="utf-8")
    for path in stale:
        print(f"{'not hyphenated' if args.check else 'hyphenated'}: {path}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
