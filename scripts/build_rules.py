"""Write rules.html, the rules reference, from its catalogs (tm/web/locale/rules/<lang>.po).

    python scripts/build_rules.py [--out dist]

The page is static HTML holding every language (scripts/build_site.py calls this for
dist/): reading it needs no Python, and the service worker precaches it like any other
file. static/rules.js shows one language (``?lang=xx``, else the game's language in
localStorage, else the browser's languages, else English), gives that language's
elements their ids, and scrolls to and highlights the rule or section the URL's anchor
names. Anchors are stable: one per section (``#actions``) and one per rule id of
RULES.md (``#R-PAY-1``); only the language shown carries them as ids, the others keep
them in ``data-anchor`` (an id may appear once in a page).

The catalogs are gettext ``.po`` files, one per language: ``msgctxt`` is the message key,
``msgid`` the English text, ``msgstr`` the translation (English repeats its msgid). The
layout below says which keys make up each section; the words are all in the catalogs.
"""
from __future__ import annotations

import argparse
import html
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = ROOT / "tm" / "web" / "locale" / "rules"
LANGUAGES = ("en", "de", "ja", "be")
SOFT_HYPHEN = "\u00ad"  # (German long words' break points: none in a tab's title)
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "ja": "日本語", "be": "Беларуская"}
LANG_KEY = "tm:language"  # the game's language in localStorage (tm/web/app_lang.py, branch i18n)


# ------------------------------------------------------------------ layout
@dataclass(frozen=True)
class Para:
    """A paragraph (one message)."""

    key: str


@dataclass(frozen=True)
class Heading:
    """A sub-heading inside a section, with an anchor of its own."""

    key: str
    anchor: str


@dataclass(frozen=True)
class Rules:
    """Rules of RULES.md, each with its id as anchor; message ``rule.<id>``."""

    ids: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    """A table: column headings and rows of message keys (a row whose first cell is a
    rule id gets that id as its anchor and a link to itself)."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    cls: str = ""


@dataclass(frozen=True)
class Pointers:
    """A list of short messages, each pointing to the rule it sums up (``key``, id)."""

    items: tuple[tuple[str, str], ...]


Block = Para | Heading | Rules | Table | Pointers


def _ids(prefix: str, count: int) -> tuple[str, ...]:
    return tuple(f"R-{prefix}-{n}" for n in range(1, count + 1))


def _rows(base: str, names: Sequence[str], cells: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(f"{base}.{name}.{cell}" for cell in cells) for name in names)


RESOURCES = ("megacredits", "steel", "titanium", "plants", "energy", "heat")
SYMBOLS = RESOURCES + ("tr", "vp", "production", "building", "space", "event", "wild",
                       "other_tags", "card_resources", "red_border")
MILESTONES = ("terraformer", "mayor", "gardener", "builder", "planner")
AWARDS = ("landlord", "banker", "scientist", "thermalist", "miner")
FORGOTTEN = (("energy", "R-GEN-6"), ("two_actions", "R-GEN-5"), ("passed", "R-GEN-5"),
             ("blue_once", "R-ACT-5"), ("metal", "R-PAY-1"), ("no_change", "R-PAY-2"),
             ("ocean_bonus", "R-TILE-5"), ("bonus_steps", "R-GLOB-3"),
             ("maxed", "R-GLOB-5"), ("milestone_tr", "R-GLOB-6"), ("events", "R-CARD-4"),
             ("city_prod", "R-TILE-7"), ("greenery_own", "R-TILE-3"), ("city_distance", "R-TILE-4"),
             ("mc_floor", "R-PROD-1"), ("requirements", "R-CARD-1"),
             ("no_limit", "R-GEN-3"), ("several_milestones", "R-ACT-3"))

SECTIONS: tuple[tuple[str, tuple[Block, ...]], ...] = (
    ("overview", (Para("overview.goal"), Para("overview.tr"), Para("overview.end"),
                  Para("overview.ids"))),
    ("setup", (Para("setup.intro"), Rules(_ids("SETUP", 6)))),
    ("generation", (Para("generation.intro"),
                    Table(("generation.col.phase", "generation.col.what", "col.rule"),
                          (("generation.order", "generation.order.what", "R-GEN-2"),
                           ("generation.research", "generation.research.what", "R-GEN-3"),
                           ("generation.action", "generation.action.what", "R-GEN-5"),
                           ("generation.production", "generation.production.what",
                            "R-GEN-6")), "phases"),
                    Rules(_ids("GEN", 7)))),
    ("actions", (Para("actions.intro"), Para("actions.confirming"), Rules(_ids("ACT", 8)),
                 Heading("actions.paying", "paying"), Rules(_ids("PAY", 3)))),
    ("standard-projects", (Para("projects.intro"),
                           Table(("col.rule", "projects.col.project", "projects.col.cost",
                                  "projects.col.effect"),
                                 tuple((rule, f"rule.{rule}.name", f"rule.{rule}.cost",
                                        f"rule.{rule}") for rule in _ids("SP", 7)),
                                 "projects"),
                           Para("projects.mc_only"))),
    ("cards", (Para("cards.intro"), Rules(_ids("CARD", 6)),
               Heading("cards.production", "production"), Rules(_ids("PROD", 3)))),
    ("parameters", (Para("parameters.intro"),
                    Table(("parameters.col.parameter", "parameters.col.range",
                           "parameters.col.steps", "parameters.col.bonus"),
                          _rows("parameters", ("temperature", "oxygen", "oceans", "tr"),
                                ("name", "range", "steps", "bonus")), "parameters"),
                    Rules(_ids("GLOB", 6)))),
    ("tiles", (Para("tiles.intro"), Rules(_ids("TILE", 7)))),
    ("symbols", (Para("symbols.intro"),
                 Table(("symbols.col.symbol", "symbols.col.meaning"),
                       _rows("symbols", SYMBOLS, ("name", "meaning")), "symbols"))),
    ("end", (Para("end.intro"), Rules(_ids("END", 3)),
             Table(("end.col.what", "end.col.points"),
                   _rows("end", ("tr", "awards", "milestones", "greenery", "city", "cards"),
                         ("what", "points")), "scoring"))),
    ("milestones", (Para("milestones.intro"), Rules(_ids("MA", 4)),
                    Table(("milestones.col.milestone", "milestones.col.condition"),
                          _rows("milestones", MILESTONES, ("name", "condition")),
                          "milestone-list"),
                    Table(("milestones.col.award", "milestones.col.measure"),
                          _rows("awards", AWARDS, ("name", "measure")), "award-list"))),
    ("variants", (Para("variants.intro"),
                  Heading("variants.solo", "solo"), Rules(_ids("SOLO", 5)),
                  Heading("variants.draft", "draft"), Para("variants.draft.text"),
                  Heading("variants.corporate_era", "corporate-era"),
                  Para("variants.corporate_era.text"),
                  Heading("variants.prelude", "prelude"), Rules(_ids("PRE", 4)),
                  Heading("variants.colonies", "colonies"), Rules(_ids("COL", 5)),
                  Heading("variants.maps", "maps"), Para("variants.maps.text"),
                  Rules(_ids("MAP", 5)),
                  Heading("variants.daily", "daily"), Rules(_ids("OWN", 1)))),
    ("forgotten", (Para("forgotten.intro"),
                   Pointers(tuple((f"forgotten.{key}", rule) for key, rule in FORGOTTEN)))),
)
SECTION_IDS: tuple[str, ...] = tuple(anchor for anchor, _ in SECTIONS)
# A message naming a rule in brackets, "[R-TILE-3]", links to it.
RULE_REF = re.compile(r"\[(R-[A-Z]+-\d+)\]")
RULE_ID = re.compile(r"^R-[A-Z]+-\d+$")


def rule_ids() -> list[str]:
    """Every rule id the page has an anchor for, in page order."""
    found: list[str] = []
    for _anchor, blocks in SECTIONS:
        for block in blocks:
            if isinstance(block, Rules):
                found += block.ids
            elif isinstance(block, Table):
                found += [row[0] for row in block.rows if RULE_ID.match(row[0])]
    return found


def anchors() -> list[str]:
    """Every anchor of the page: sections, their sub-headings and rules."""
    found = list(SECTION_IDS)
    for _anchor, blocks in SECTIONS:
        found += [b.anchor for b in blocks if isinstance(b, Heading)]
    return found + rule_ids()


def keys() -> list[str]:
    """Every message key the page uses, in page order."""
    found = ["page.title", "page.back", "page.cards", "page.toc", "page.note", "page.link",
             "col.rule"]
    for anchor, blocks in SECTIONS:
        found.append(f"section.{anchor}")
        for block in blocks:
            if isinstance(block, Para | Heading):
                found.append(block.key)
            elif isinstance(block, Rules):
                found += [f"rule.{rule}" for rule in block.ids]
            elif isinstance(block, Table):
                found += list(block.columns)
                found += [cell for row in block.rows for cell in row if not RULE_ID.match(cell)]
            else:
                found += [key for key, _rule in block.items]
    return list(dict.fromkeys(found))


# ------------------------------------------------------------------ catalogs
_LINE = re.compile(r'^(msgctxt|msgid|msgstr)\s+"(.*)"\s*$')
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(body: str) -> str:
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), body)


def parse_po(text: str) -> dict[str, tuple[str, str]]:
    """key (msgctxt) -> (msgid, msgstr) of a .po file's text (the header is skipped)."""
    entries: dict[str, tuple[str, str]] = {}
    fields: dict[str, str] = {}
    last = ""

    def flush() -> None:
        if "msgctxt" in fields:
            key = fields["msgctxt"]
            if key in entries:
                raise ValueError(f"{key}: twice in one catalog")
            entries[key] = (fields.get("msgid", ""), fields.get("msgstr", ""))
        fields.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            fields[last] += _unquote(line[1:-1])
            continue
        found = _LINE.match(line)
        if found is None:
            raise ValueError(f"not a .po line: {raw!r}")
        name, body = found.groups()
        if name in ("msgctxt", "msgid") and "msgstr" in fields:
            flush()
        fields[name] = _unquote(body)
        last = name
    flush()
    return entries


def load(lang: str, folder: Path = CATALOGS) -> dict[str, tuple[str, str]]:
    """The catalog of ``lang``: key -> (English, translation)."""
    return parse_po((folder / f"{lang}.po").read_text(encoding="utf-8"))


def messages(lang: str, folder: Path = CATALOGS) -> dict[str, str]:
    """key -> the words shown in ``lang`` (English where a translation is empty)."""
    return {key: text or english for key, (english, text) in load(lang, folder).items()}


# ------------------------------------------------------------------ HTML
def esc(text: str) -> str:
    """Text for HTML content or a quoted attribute."""
    return html.escape(text, quote=True)


def _anchor(name: str, active: bool) -> str:
    """The attributes naming an anchor: an id only in the language shown by default."""
    return (f' id="{esc(name)}"' if active else "") + f' data-anchor="{esc(name)}"'


def _rich(text: str) -> str:
    """A message as HTML: escaped, with "[R-…]" references as links."""
    return RULE_REF.sub(lambda m: f'<a class="ref" href="#{m.group(1)}">{m.group(1)}</a>',
                        esc(text))


class Page:
    """One language's part of the page."""

    def __init__(self, lang: str, words: dict[str, str], active: bool) -> None:
        self.lang, self.words, self.active = lang, words, active

    def t(self, key: str) -> str:
        """The words of ``key`` (a build error when the catalog lacks it)."""
        if key not in self.words:
            raise SystemExit(f"rules catalog {self.lang}.po has no {key!r}")
        return self.words[key]

    def rule_link(self, rule: str) -> str:
        """The rule id as a link to its own anchor (to copy or share)."""
        return (f'<a class="rule-id" href="#{esc(rule)}" '
                f'title="{esc(self.t("page.link"))}">{esc(rule)}</a>')

    def block(self, block: Block) -> str:
        """One block of a section as HTML."""
        if isinstance(block, Para):
            return f"<p>{_rich(self.t(block.key))}</p>"
        if isinstance(block, Heading):
            words = esc(self.t(block.key))
            return (f'<h3{_anchor(block.anchor, self.active)}>'
                    f'<a class="self" href="#{esc(block.anchor)}">{words}</a></h3>')
        if isinstance(block, Rules):
            items = "".join(f'<li class="rule"{_anchor(rule, self.active)}>'
                            f'{self.rule_link(rule)} {_rich(self.t("rule." + rule))}</li>'
                            for rule in block.ids)
            return f'<ul class="rules">{items}</ul>'
        if isinstance(block, Table):
            return self.table(block)
        items = "".join(f"<li>{_rich(self.t(key))} {self.rule_link(rule)}</li>"
                        for key, rule in block.items)
        return f'<ol class="pointers">{items}</ol>'

    def table(self, block: Table) -> str:
        """A table; rows that start with a rule id carry its anchor."""
        head = "".join(f'<th scope="col">{esc(self.t(c))}</th>' for c in block.columns)
        rows = []
        for row in block.rows:
            anchor = _anchor(row[0], self.active) if RULE_ID.match(row[0]) else ""
            cells = []
            for i, cell in enumerate(row):
                tag = "th" if i == 0 else "td"
                scope = ' scope="row"' if i == 0 else ""
                inner = self.rule_link(cell) if RULE_ID.match(cell) else _rich(self.t(cell))
                cells.append(f"<{tag}{scope}>{inner}</{tag}>")
            rows.append(f'<tr class="rule"{anchor}>' if anchor else "<tr>")
            rows[-1] += "".join(cells) + "</tr>"
        cls = f' class="{esc(block.cls)}"' if block.cls else ""
        # Scrolls sideways on a phone: a region the keyboard can reach and scroll.
        label = esc(" · ".join(self.t(c) for c in block.columns))
        return (f'<div class="table-wrap" role="region" tabindex="0" aria-label="{label}">'
                f'<table{cls}><thead><tr>{head}</tr></thead>'
                f'<tbody>{"".join(rows)}</tbody></table></div>')

    def toc(self) -> str:
        """The table of contents: plain hash links, so the URL keeps the anchor."""
        items = "".join(f'<li><a href="#{esc(a)}">{esc(self.t("section." + a))}</a></li>'
                        for a in SECTION_IDS)
        return (f'<nav class="toc" aria-label="{esc(self.t("page.toc"))}">'
                f'<h2>{esc(self.t("page.toc"))}</h2><ol>{items}</ol></nav>')

    def article(self) -> str:
        """This language's whole reference."""
        sections = []
        for number, (anchor, blocks) in enumerate(SECTIONS, 1):
            body = "".join(self.block(b) for b in blocks)
            sections.append(
                f'<section class="part"{_anchor(anchor, self.active)}>'
                f'<h2><span class="num">{number:02d}</span> <a class="self" href="#{esc(anchor)}">'
                f'{esc(self.t("section." + anchor))}</a></h2>{body}</section>')
        hidden = "" if self.active else " hidden"
        return (f'<article class="reference" lang="{self.lang}" data-lang="{self.lang}" '
                f'data-title="{esc(self.t("page.title").replace(SOFT_HYPHEN, ""))}"{hidden}>'
                f'<header class="top"><a class="back" href="./">{esc(self.t("page.back"))}</a>'
                f' · <a class="back" href="cards.html">{esc(self.t("page.cards"))}</a>'
                f'<h1>{esc(self.t("page.title"))}</h1>'
                f'<p class="note">{esc(self.t("page.note"))}</p></header>'
                f'<div class="columns">{self.toc()}<div class="body">{"".join(sections)}</div>'
                f"</div></article>")


# The 日本語 subset font's @font-face, as static/app.css declares it (one declaration: the
# comment and the rule up to the blank line after it).
LANGNAME_FONT_FACE = re.search(r'/\* "日本語" on the language choosers.*?unicode-range:[^}]*\}\n',
                               (ROOT / "static" / "app.css").read_text(encoding="utf-8"),
                               re.S).group(0)  # type: ignore[union-attr]

BASE_STYLE = """
:root { --bg: #1b1410; --panel: #2a201a; --line: #5a4636; --ink: #f3ebe2; --muted: #c9bbac;
  --accent: #e0703a; --focus: #ffd54a; --lit: #4a3a14; }
* { box-sizing: border-box; }
html { scroll-padding-top: 3.6em; }
body { margin: 0; background: var(--bg); color: var(--ink);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK JP",
  "Hiragino Sans", "Yu Gothic", sans-serif; }
html:lang(ja) body { font-family: "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Yu Gothic UI",
  "Yu Gothic", Meiryo, "Noto Sans CJK JP", "Noto Sans JP", "TM Noto Sans JP", system-ui,
  -apple-system, "Segoe UI", Roboto, sans-serif; line-break: strict;
  word-break: auto-phrase; }
a { color: #ffb48a; }
a:focus-visible, .table-wrap:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.langs { position: sticky; top: 0; z-index: 2; display: flex; gap: .4em; flex-wrap: wrap;
  align-items: center; justify-content: flex-end; padding: .4em 1em; background: var(--panel);
  border-bottom: 1px solid var(--line); }
.langs a { padding: .15em .6em; border: 1px solid var(--line); border-radius: 999px;
  text-decoration: none; color: var(--ink); }
.langs a[aria-current="true"] { background: var(--accent); color: #1b1410; font-weight: 600; }
""" + LANGNAME_FONT_FACE + """.langs a[lang=ja] {
  font-family: "Hiragino Sans", "Yu Gothic UI", "Yu Gothic", Meiryo, "Noto Sans CJK JP",
  "Noto Sans JP", "TM Langname JA", system-ui, sans-serif; }
.reference { max-width: 72em; margin: 0 auto; padding: 0 1em 4em; }
.top h1 { margin: .4em 0 .1em; font-size: 1.7rem; }
.note { color: var(--muted); margin: 0 0 1em; }
.back { display: inline-block; margin-top: .8em; }
""".strip()  # (also the top of cards.html: scripts/build_cards.py)

STYLE = BASE_STYLE + """
.columns { display: grid; grid-template-columns: 15em 1fr; gap: 2em; align-items: start; }
.toc { position: sticky; top: 3em; max-height: calc(100vh - 4em); overflow: auto;
  background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: .6em 1em; }
.toc h2 { font-size: 1rem; margin: .2em 0; }
.toc ol { margin: 0; padding-left: 1.6em; } .toc li { margin: .2em 0; }
.part { border-top: 1px solid var(--line); padding: .4em 0 1em; }
.part h2 { font-size: 1.3rem; }
.part h2 .num { color: var(--accent); font-variant-numeric: tabular-nums; }
.self { color: inherit; text-decoration: none; } .self:hover { text-decoration: underline; }
h3 { margin: 1em 0 .3em; font-size: 1.08rem; }
.rules { list-style: none; padding: 0; margin: .4em 0; }
.rules li, .pointers li { padding: .3em .5em; border-radius: 6px; margin: .15em 0; }
.rule-id { display: inline-block; min-width: 5.6em; font: 12px/1.6 ui-monospace, monospace;
  color: var(--muted); text-decoration: none; border: 1px solid var(--line); border-radius: 4px;
  padding: 0 .35em; margin-right: .4em; text-align: center; }
.pointers .rule-id { min-width: 0; margin: 0 0 0 .3em; }
.ref { font: 12px ui-monospace, monospace; }
.table-wrap { overflow-x: auto; margin: .6em 0; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid var(--line); padding: .35em .55em; text-align: left;
  vertical-align: top; }
thead th { background: var(--panel); }
tbody th { font-weight: 600; }
.rule.lit, .part.lit > h2, h3.lit { background: var(--lit); outline: 2px solid var(--focus);
  border-radius: 4px; animation: lit 2.5s ease-out 1; }
@keyframes lit { from { background: #8a6a10; } to { background: var(--lit); } }
.symbols tbody th::before { content: ""; display: inline-block; width: .8em; height: .8em;
  border-radius: 3px; margin-right: .45em; vertical-align: -.05em; background: var(--c, #888); }
.sym-megacredits { --c: #e9b949; } .sym-steel { --c: #a0703f; } .sym-titanium { --c: #9aa3b5; }
.sym-plants { --c: #4caf50; } .sym-energy { --c: #b07ad8; } .sym-heat { --c: #e2643a; }
.sym-tr { --c: #e0703a; } .sym-vp { --c: #f3ebe2; } .sym-production { --c: #6b4a2b; }
.sym-building { --c: #d8c3a5; } .sym-space { --c: #c9c9de; } .sym-event { --c: #c0392b; }
.sym-wild { --c: linear-gradient(90deg, #f1c9c4, #cfe8c2, #c9c9de); }
.sym-other_tags { --c: #d6e6f5; } .sym-card_resources { --c: #e9d2c2; }
.sym-red_border { --c: transparent; outline: 2px solid #e0483d; }
@media (max-width: 50em) { .columns { display: block; } .toc { position: static; max-height: none;
  margin-bottom: 1em; } .langs { flex-wrap: nowrap; overflow-x: auto; justify-content: flex-start;
  padding: .35em .6em; } .langs a { flex: none; font-size: 14px; padding: .1em .5em; } }
@media print { .langs, .toc, .back { display: none; } body { background: #fff; color: #000; } }
""".strip()


def page_html(folder: Path = CATALOGS) -> str:
    """The whole page, every language in it (English shown when no script runs)."""
    articles = [Page(lang, messages(lang, folder), lang == "en").article() for lang in LANGUAGES]
    title = messages("en", folder)["page.title"]
    body = "\n".join(articles)
    return ("<!doctype html>\n"
            '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{esc(title)} · Terraforming Mars</title>\n"
            '<meta name="theme-color" content="#1b1410">\n'
            '<link rel="icon" href="static/icon.svg" type="image/svg+xml">\n'
            f"<style>\n{STYLE}\n</style>\n</head>\n<body>\n"
            f"{language_switch()}\n"
            f"{_symbol_classes(body)}\n"
            # Run before the first paint: the language shown from the start, no flash
            # (after the site's Trusted Types policy: rules.js registers the service worker).
            '<script src="static/trusted.js"></script>\n'
            '<script src="static/rules.js"></script>\n</body>\n</html>\n')


def language_switch() -> str:
    """The bar of languages (static/rules.js shows the one chosen; also on cards.html)."""
    current = ' aria-current="true"'
    switch = "".join(f'<a href="?lang={lang}" hreflang="{lang}" lang="{lang}" data-lang="{lang}"'
                     f'{current if lang == "en" else ""}>'
                     f"{esc(LANGUAGE_NAMES[lang])}</a>" for lang in LANGUAGES)
    return (f'<nav class="langs" aria-label="Language · Sprache · 言語 · Мова" '
            f'data-key="{LANG_KEY}">{switch}</nav>')


def _symbol_classes(body: str) -> str:
    """Each row of a symbols table marked with its symbol's class (for its swatch)."""
    out: list[str] = []
    for part in re.split(r'(<table class="symbols">.*?</table>)', body, flags=re.S):
        if part.startswith('<table class="symbols">'):
            for symbol in SYMBOLS:
                part = part.replace('<tr><th scope="row">',
                                    f'<tr class="sym-{symbol}"><th scope="row">', 1)
        out.append(part)
    return "".join(out)


def check(folder: Path = CATALOGS) -> list[str]:
    """Problems of the catalogs: keys missing or unused, English that differs between
    catalogs, untranslated messages, rule references that name no anchor."""
    wanted = set(keys())
    english = load("en", folder)
    problems: list[str] = []
    known = set(anchors())
    for lang in LANGUAGES:
        catalog = load(lang, folder)
        problems += [f"{lang}: missing {k}" for k in sorted(wanted - set(catalog))]
        problems += [f"{lang}: unused {k}" for k in sorted(set(catalog) - wanted)]
        for key, (msgid, msgstr) in catalog.items():
            if key in english and msgid != english[key][0]:
                problems.append(f"{lang}: {key}: msgid differs from en.po")
            if not msgstr:
                problems.append(f"{lang}: {key}: not translated")
            refs = set(RULE_REF.findall(msgstr)) - known
            problems += [f"{lang}: {key}: names no anchor {r}" for r in sorted(refs)]
            if sorted(RULE_REF.findall(msgstr)) != sorted(RULE_REF.findall(msgid)):
                problems.append(f"{lang}: {key}: rule references differ from the English")
    return problems


def write(out: Path, folder: Path = CATALOGS) -> bool:
    """Write ``out``/rules.html when its text changes; True when written."""
    text = page_html(folder)
    target = out / "rules.html"
    if target.is_file() and target.read_text(encoding="utf-8") == text:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return True


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    parser.add_argument("--check", action="store_true", help="only report catalog problems")
    args = parser.parse_args(argv)
    problems = check()
    if problems:
        print("\n".join(problems))
        return 1
    if not args.check and write(args.out):
        print(f"wrote {args.out / 'rules.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
