"""Write tm/web/locale/en.po from the code and bring de/ja/be up to date with it.

    python scripts/i18n_extract.py            # refresh every .po file
    python scripts/i18n_extract.py --check    # exit 1 when a .po file is out of date
    python scripts/i18n_extract.py --names tests/facts/names.json
                                              # also fill empty name.* messages (de, ja)
    python scripts/i18n_extract.py --fill de words.tsv
                                              # fill msgstr from "key<TAB>text" lines
                                              # (or "key|text")

The English source is the code: every ``EN_*`` dict of ``tm/web/i18n*.py`` and of the
expansions' page manifests' ``tm/web/expansions/<name>/words.py`` (merged into
``tm.web.i18n.EN``) and the names the engine defines (cards, milestones, awards, colony
tiles, printed names of map spaces: keys ``name.card.<English>`` …). A key ending
``.one`` / ``.other`` is one counted message (msgid / msgid_plural; ``.zero`` stays a
message of its own). In the other languages a message keeps its translation; when its
English changed it is marked fuzzy (shown in English until a translator checks it); a key
the code no longer has is dropped.
In a --fill file a counted message is given per category: ``key.one``, ``key.few`` …
"""
from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tm.web.po import CATEGORIES, PLURAL_FORMS, Entry, dump, parse  # noqa: E402

LOCALE = ROOT / "tm" / "web" / "locale"
TRANSLATED = ("de", "ja", "be")
LANGUAGE_NAMES = {"en": "English", "de": "German", "ja": "Japanese", "be": "Belarusian"}
FUZZY = "#, fuzzy"


def english_dicts() -> dict[str, str]:
    """Every English message of the code, in catalog order: EN first, then any EN_* dict
    of an i18n_*.py module that is not merged into EN yet (so a parallel branch's words
    are not lost). The expansions' words are EN's once their page manifests are read."""
    from tm.web.expansions import pages  # noqa: F401  (adds each manifest's words to EN)
    from tm.web.i18n import EN

    found = dict(EN)
    web = ROOT / "tm" / "web"
    words = [*sorted(web.glob("i18n_*.py")), *sorted(web.glob("expansions/*/words.py"))]
    for path in words:  # (the expansions' catalogs: tm/web/expansions/<name>/words.py)
        module = importlib.import_module(".".join(path.relative_to(ROOT).with_suffix("").parts))
        for attr, value in vars(module).items():
            if attr.startswith("EN_") and isinstance(value, dict):
                for key, text in value.items():
                    found.setdefault(key, text)
    return found


def english_names() -> dict[str, str]:
    """The names the engine defines, as ``name.<kind>.<English>`` keys."""
    from tm.board.maps import builtin_maps
    from tm.cards import all_cards
    from tm.expansions.colonies.tiles import TILES
    from tm.web.board_svg import short_name

    names: dict[str, str] = {}
    for card in sorted(all_cards(), key=lambda c: c.name):
        names[f"name.card.{card.name}"] = card.name
    boards = builtin_maps()
    for kind, attr in (("milestone", "milestone_names"), ("award", "award_names")):
        for name in sorted({n for b in boards for n in getattr(b, attr)}):
            names[f"name.{kind}.{name}"] = name
    for name in sorted(TILES):
        names[f"name.colony.{name}"] = name
    spaces = [s for b in boards for s in b.spaces.values()]
    for name in sorted({s.name for s in spaces if s.name}):
        names[f"name.space.{name}"] = name
    for name in sorted({str(s.name or s.reserved_for) for s in spaces
                        if s.name or s.reserved_for}):
        names[f"name.short.{name}"] = short_name(name)  # as the board labels the space
    return names


def english_entries(messages: dict[str, str]) -> list[Entry]:
    """The entries of en.po: counted messages folded into one entry each."""
    entries: list[Entry] = []
    done: set[str] = set()
    for key, text in messages.items():
        base, _, form = key.rpartition(".")
        if form in ("one", "other") and f"{base}.one" in messages \
                and f"{base}.other" in messages:
            if base in done:
                continue
            done.add(base)
            one, other = messages[f"{base}.one"], messages[f"{base}.other"]
            entries.append(Entry(base, one, other, [one, other]))
        else:
            entries.append(Entry(key, text, None, [text]))
    return entries


def header(lang: str) -> dict[str, str]:
    """The header fields of a catalog."""
    return {"Project-Id-Version": "terraforming-mars", "Language": lang,
            "MIME-Version": "1.0", "Content-Type": "text/plain; charset=UTF-8",
            "Content-Transfer-Encoding": "8bit", "Plural-Forms": PLURAL_FORMS[lang],
            "X-Language-Name": LANGUAGE_NAMES[lang]}


def merged(lang: str, english: list[Entry], old: list[Entry]) -> list[Entry]:
    """The catalog of ``lang``: the English entries with the translations kept."""
    by_key = {e.ctxt: e for e in old}
    forms = len(CATEGORIES[lang])
    result = []
    for source in english:
        before = by_key.get(source.ctxt)
        strs = [""] * (forms if source.plural else 1)
        comments: list[str] = [c for c in (before.comments if before else [])
                               if not c.startswith(("#,", "#|"))]
        fuzzy = False
        if before is not None:
            kept = before.msgstr if before.plural == source.plural else before.msgstr[:1]
            strs = (kept + strs)[:len(strs)] if source.plural else kept[:1] or [""]
            was_fuzzy = any(c.startswith(FUZZY) for c in before.comments)
            changed = (before.msgid, before.msgid_plural) != (source.msgid, source.msgid_plural)
            fuzzy = any(strs) and (was_fuzzy or changed)
        if fuzzy:
            comments.append(FUZZY)
        result.append(Entry(source.ctxt, source.msgid, source.msgid_plural, strs, comments))
    return result


def fill_names(lang: str, entries: list[Entry], names_file: Path) -> None:
    """Empty name.* messages of ``lang`` take the published name from names.json."""
    data = json.loads(names_file.read_text(encoding="utf-8"))["languages"].get(lang, {})
    same = data.get("same_as_english_in_source") or {}
    plural = {"card": "cards", "milestone": "milestones", "award": "awards",
              "colony": "colonies", "space": "spaces"}
    for entry in entries:
        if entry.ctxt and entry.ctxt.startswith("name.") and not entry.msgstr[0]:
            _, kind, english = entry.ctxt.split(".", 2)
            if kind not in plural:
                continue  # (map spaces' names are our own)
            published = data.get(plural[kind], {}).get(english)
            if not published and english in same.get(plural[kind], ()):
                published = english  # the published edition kept the English name
            if published:
                entry.msgstr = [published]


def fill_from(lang: str, entries: list[Entry], table: Path) -> int:
    """Translations from a "key<TAB>text" (or "key|text") file, ``\\n`` for a line break;
    how many were filled."""
    given: dict[str, str] = {}
    for line in table.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        separator = "\t" if "\t" in line else "|"
        if separator in line:
            key, text = line.split(separator, 1)
            given[key.strip()] = text.replace("\\n", "\n")
    count = 0
    for entry in entries:
        before = count
        if entry.plural:
            for i, category in enumerate(CATEGORIES[lang]):
                if f"{entry.ctxt}.{category}" in given:
                    entry.msgstr[i] = given[f"{entry.ctxt}.{category}"]
                    count += 1
        elif entry.ctxt in given:
            entry.msgstr = [given[str(entry.ctxt)]]
            count += 1
        if count > before:  # a translator's word: no longer fuzzy
            entry.comments = [c for c in entry.comments if c != FUZZY]
    return count


def catalogs(names_file: Path | None = None) -> dict[str, str]:
    """The text every .po file should have, by language."""
    english = english_entries({**english_dicts(), **english_names()})
    texts = {"en": dump(header("en"), english)}
    for lang in TRANSLATED:
        path = LOCALE / f"{lang}.po"
        old = parse(path.read_text(encoding="utf-8"))[1] if path.is_file() else []
        entries = merged(lang, english, old)
        if names_file is not None:
            fill_names(lang, entries, names_file)
        texts[lang] = dump(header(lang), entries)
    return texts


def main(argv: list[str]) -> int:
    """Refresh the catalogs, or with --check only compare."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--names", type=Path)
    parser.add_argument("--fill", nargs=2, metavar=("LANG", "TSV"))
    args = parser.parse_args(argv)
    texts = catalogs(args.names)
    if args.fill:
        lang, table = args.fill
        header_fields, entries = parse(texts[lang])
        print(f"{lang}: {fill_from(lang, entries, Path(table))} messages filled")
        texts[lang] = dump(header_fields, entries)
    stale = [lang for lang, text in texts.items()
             if not (LOCALE / f"{lang}.po").is_file()
             or (LOCALE / f"{lang}.po").read_text(encoding="utf-8") != text]
    if args.check:
        for lang in stale:
            print(f"tm/web/locale/{lang}.po is out of date: run python scripts/i18n_extract.py")
        return 1 if stale else 0
    LOCALE.mkdir(parents=True, exist_ok=True)
    for lang in stale:
        (LOCALE / f"{lang}.po").write_text(texts[lang], encoding="utf-8")
        print(f"wrote tm/web/locale/{lang}.po")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
