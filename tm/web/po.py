"""A small reader and writer for gettext ``.po`` catalogs (standard library only).

Our catalogs use ``msgctxt`` for the message key, ``msgid`` for the English text and
``msgstr`` for the translation. A counted message has ``msgid_plural`` and one
``msgstr[i]`` per plural form of the language, in the order of :data:`CATEGORIES`.
Only what our files use is supported: comments, ``msgctxt``, ``msgid``, ``msgid_plural``,
``msgstr``/``msgstr[i]`` and string continuation lines; the header is the entry with an
empty ``msgid`` and no context.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

# CLDR plural categories each language needs for whole numbers, in msgstr[i] order.
CATEGORIES: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "de": ("one", "other"),
    "ja": ("other",),
    "be": ("one", "few", "many", "other"),
}
# The Plural-Forms header of each language (the same rules as plural_category below).
PLURAL_FORMS: dict[str, str] = {
    "en": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "ja": "nplurals=1; plural=0;",
    "be": "nplurals=4; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
          "(n%100<12 || n%100>14) ? 1 : n%10==0 || (n%10>=5 && n%10<=9) || "
          "(n%100>=11 && n%100<=14) ? 2 : 3);",
}


def plural_category(lang: str, n: int) -> str:
    """The CLDR plural category of the whole number ``n`` in ``lang``."""
    n = abs(n)
    if lang == "ja":
        return "other"
    if lang == "be":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"  # 0, 5–9, 11–14 (fractions would be "other")
    return "one" if n == 1 else "other"


@dataclass
class Entry:
    """One message: key (msgctxt), English (msgid / msgid_plural) and translation(s)."""

    ctxt: str | None
    msgid: str
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    comments: list[str] = field(default_factory=list)

    @property
    def plural(self) -> bool:
        """Whether the message is counted (has plural forms)."""
        return self.msgid_plural is not None


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
_LINE = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+"(.*)"\s*$')


def _unquote(body: str) -> str:
    if "\\" not in body:  # (most strings: no escapes to undo)
        return body
    return re.sub(r'\\(.)', lambda m: _ESCAPES.get(m.group(1), m.group(1)), body)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") \
        .replace("\t", "\\t") + '"'


def parse(text: str) -> tuple[dict[str, str], list[Entry]]:
    """The header fields and the entries of a ``.po`` file's text.

    Long because it is one line-by-line state machine (comments, msgctxt, msgid, plural
    forms, continued strings) whose small states share the entry being read: split into
    functions they would pass that state around for no gain in reading."""
    entries: list[Entry] = []
    current: dict[str, object] = {}
    comments: list[str] = []
    last: tuple[str, int] | None = None

    def flush() -> None:
        if "msgid" in current:
            strs = current.get("msgstr", {})
            assert isinstance(strs, dict)
            ordered = [strs[i] for i in sorted(strs)] or [""]
            entries.append(Entry(current.get("msgctxt"), str(current["msgid"]),  # type: ignore
                                 current.get("msgid_plural"), ordered, list(comments)))  # type: ignore[arg-type]
        current.clear()
        comments.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if "msgid" in current and current.get("msgstr"):
                flush()
            comments.append(line)
            continue
        if line.startswith('"'):  # a continuation of the previous string
            if last is None:
                raise ValueError(f"continuation line without a field: {raw!r}")
            value = _unquote(line[1:-1])
            name, index = last
            if name == "msgstr":
                strs = current["msgstr"]
                assert isinstance(strs, dict)
                strs[index] += value
            else:
                current[name] = str(current[name]) + value
            continue
        match = _LINE.match(line)
        if match is None:
            raise ValueError(f"not a .po line: {raw!r}")
        name, index_text, body = match.groups()
        value = _unquote(body)
        if name.startswith("msgstr"):
            strs = current.setdefault("msgstr", {})
            assert isinstance(strs, dict)
            index = int(index_text or 0)
            strs[index] = value
            last = ("msgstr", index)
            continue
        if name in ("msgctxt", "msgid") and current.get("msgstr"):
            flush()
        current[name] = value
        last = (name, 0)
    flush()
    header: dict[str, str] = {}
    body_entries = []
    for entry in entries:
        if entry.ctxt is None and entry.msgid == "":
            for line in entry.msgstr[0].splitlines():
                name, _, value = line.partition(":")
                header[name.strip()] = value.strip()
        else:
            body_entries.append(entry)
    return header, body_entries


def _field(name: str, text: str) -> list[str]:
    if "\n" in text[:-1]:  # multi-line strings are written one line per source line
        parts = text.splitlines(keepends=True)
        return [f'{name} ""'] + [_quote(p) for p in parts]
    return [f"{name} {_quote(text)}"]


def dump(header: dict[str, str], entries: list[Entry]) -> str:
    """The text of a ``.po`` file (the inverse of :func:`parse`)."""
    lines = ['msgid ""']
    lines += _field("msgstr", "".join(f"{k}: {v}\n" for k, v in header.items()))
    for entry in entries:
        lines.append("")
        lines += entry.comments
        if entry.ctxt is not None:
            lines += _field("msgctxt", entry.ctxt)
        lines += _field("msgid", entry.msgid)
        if entry.msgid_plural is not None:
            lines += _field("msgid_plural", entry.msgid_plural)
            for i, text in enumerate(entry.msgstr):
                lines += _field(f"msgstr[{i}]", text)
        else:
            lines += _field("msgstr", entry.msgstr[0] if entry.msgstr else "")
    return "\n".join(lines) + "\n"


def _fast(text: str, categories: tuple[str, ...]) -> dict[str, str] | None:
    """The messages read line by line with plain string tests (a catalog loads in a few
    milliseconds in the browser); None when the file is not written one string a line
    (edited by a tool that wraps lines): then :func:`parse` reads it."""
    found: dict[str, str] = {}
    key: str | None = None
    fuzzy = marked = False
    form = 0
    for line in text.split("\n"):
        if line.startswith("msgctxt "):
            key, fuzzy, marked, form = _unquote(line[9:-1]), marked, False, 0
        elif key is None or line.startswith(("msgid", "#")) or not line:
            marked = marked or line == "#, fuzzy"
        elif line.startswith('msgstr "'):
            if len(line) > 9 and not fuzzy:
                found[key] = _unquote(line[8:-1])
        elif line.startswith("msgstr["):
            value = line[line.index('"') + 1:-1]
            if value and not fuzzy and form < len(categories):
                found[f"{key}.{categories[form]}"] = _unquote(value)
            form += 1
        else:  # a string continued on the next line: not the written form
            return None
    return found


def messages(text: str, lang: str) -> dict[str, str]:
    """The translated messages of a ``.po`` text by key; a counted message gives one key
    per plural category (``key.one``, ``key.few``, …). Untranslated and fuzzy messages are
    left out."""
    categories = CATEGORIES.get(lang, ("one", "other"))
    fast = _fast(text, categories)
    if fast is not None:
        return fast
    _, entries = parse(text)
    found: dict[str, str] = {}
    for entry in entries:
        if entry.ctxt is None or "#, fuzzy" in entry.comments:
            continue  # (a fuzzy message waits for a translator: English is shown)
        if entry.plural:
            for category, value in zip(categories, entry.msgstr, strict=False):
                if value:
                    found[f"{entry.ctxt}.{category}"] = value
        elif entry.msgstr and entry.msgstr[0]:
            found[entry.ctxt] = entry.msgstr[0]
    return found
