"""The message catalog: every word the page shows, by key (English first).

The English words are the dicts here (and the ``EN_*`` dicts of the i18n_*.py modules
merged into ``EN``); the other languages are gettext catalogs, tm/web/locale/<lang>.po,
written from these by scripts/i18n_extract.py and read at runtime (:mod:`tm.web.po`).
``t`` shows the language being spoken and falls back to English. The language is a
context variable, scoped as :func:`decimal.localcontext` scopes a precision: whoever draws
a screen or acts for one speaks its language for the duration (:func:`speaking`, used by
the renderer and the App around each drawing and action), so renderers read words in the
language of the screen they draw and no drawing sees another's. Outside any such scope
it is the default, English unless :func:`set_language` chose another (tests, scripts).
Counted phrases have ``.zero`` / ``.one`` / ``.other`` forms picked by ``tn``; in another
language ``t`` picks that language's plural category from the count ``n``.
Card wording lives beside it in :mod:`tm.web.i18n_cards` (merged into ``EN``).
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from tm.core.values import is_int

# The core catalog; each expansion's words join it from its page manifest, in the load
# order (:func:`add_words`). EN's order is every .po file's order.
from tm.web.i18n_en import EN as EN  # (the catalog t() reads; also read as i18n.EN)

LANGUAGES = ("en", "de", "ja", "be")  # each has tm/web/locale/<lang>.po
# Placeholders whose values are English names of cards, milestones, awards, map spaces or
# an expansion's things (colony tiles): t() shows them by their name in the language
# (:func:`name`). Other code that shows a name calls name() (or card_name, space_name)
# itself.
NAME_FIELDS = {"card": "card", "corporation": "card", "milestone": "milestone",
               "award": "award", "place": "space"}  # (and each expansion's: add_words)
# Placeholders that hold identifiers, never grouped like a number.
_PLAIN_NUMBERS = {"id", "seed", "key", "year", "pos"}
PLURAL_BASES = {k.rsplit(".", 1)[0] for k in EN if k.endswith((".one", ".other"))}
CATALOGS: dict[str, dict[str, str]] = {"en": EN}
_SPOKEN: ContextVar[str] = ContextVar("tm_language", default="en")


def add_words(words: Mapping[str, str], name_fields: Mapping[str, str]) -> None:
    """Add an expansion's English words (its page manifest's ``words``) to the catalog, and
    its placeholders that hold names (``name_fields``: the kind of name each holds); a key
    the catalog has already raises (the page manifests are installed once, in the load
    order, by :mod:`tm.web.expansions.pages`)."""
    twice = sorted({*(key for key in words if key in EN),
                    *(key for key in name_fields if key in NAME_FIELDS)})
    if twice:
        raise ValueError(f"words already in the catalog: {twice}")
    EN.update(words)
    NAME_FIELDS.update(name_fields)
    PLURAL_BASES.update(k.rsplit(".", 1)[0] for k in words if k.endswith((".one", ".other")))


def catalog(lang: str) -> dict[str, str]:
    """The messages of ``lang`` by key, read the first time: in the page from the engine
    archive's locale/<lang>.json (scripts/build_engine.py: the .po file's messages by key),
    elsewhere from the .po file itself."""
    if lang not in CATALOGS:
        CATALOGS[lang] = _read_catalog(lang) if lang in LANGUAGES else {}
    return CATALOGS[lang]


def _read_catalog(lang: str) -> dict[str, str]:
    import json
    import pkgutil

    try:
        data = pkgutil.get_data("tm.web", f"locale/{lang}.json")
    except OSError:  # (not in the archive: the sources)
        data = None
    if data:
        found = json.loads(data.decode("utf-8"))
        return {str(key): str(value) for key, value in found.items()}
    from tm.web.po import messages

    source = pkgutil.get_data("tm.web", f"locale/{lang}.po")
    return messages(source.decode("utf-8"), lang) if source else {}


def set_language(lang: str) -> str:
    """Show every later message in ``lang`` (unknown languages show English)."""
    chosen = lang if lang in LANGUAGES else "en"
    catalog(chosen)
    _SPOKEN.set(chosen)
    return chosen


def language() -> str:
    """The language messages are shown in."""
    return _SPOKEN.get()


@contextmanager
def speaking(lang: str) -> Iterator[str]:
    """Messages in ``lang`` for the duration (one drawing of a screen, one action of the
    App): the language a screen model carries, set by whoever draws or acts in it."""
    chosen = lang if lang in LANGUAGES else "en"
    catalog(chosen)
    token = _SPOKEN.set(chosen)
    try:
        yield chosen
    finally:
        _SPOKEN.reset(token)


def pick_language(preferred: list[str]) -> str:
    """The first of the browser's languages (``de-AT``, ``ja``, …) we have, else English."""
    for tag in preferred:
        base = str(tag).lower().replace("_", "-").split("-")[0]
        if base in LANGUAGES:
            return base
    return "en"


def _count(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    try:
        return int(str(value).replace("+", "").replace("\u2212", "-"))
    except ValueError:
        return None


def _template(message_key: str, lang: str, values: dict[str, Any]) -> str | None:
    messages = catalog(lang)
    base, _, form = message_key.rpartition(".")
    if lang != "en" and form in ("one", "other") and base in PLURAL_BASES:
        count = _count(values["count"] if "count" in values else values.get("n"))
        if count is None:  # no number to count by: the English form's nearest category
            from tm.web.po import CATEGORIES

            forms = CATEGORIES.get(lang, ("other",))
            category = form if form in forms else forms[-1]
        else:
            from tm.web.po import plural_category

            category = plural_category(lang, count)
        return messages.get(f"{base}.{category}") or messages.get(f"{base}.other")
    return messages.get(message_key)


def format_number(n: int, lang: str | None = None) -> str:
    """A whole number as the language writes it (digit grouping from 10 000 up)."""
    lang = lang or _SPOKEN.get()
    if abs(n) < 10000:
        return str(n)
    grouped = f"{abs(n):,}".replace(",", {"de": ".", "be": "\u00a0"}.get(lang, ","))
    return ("-" if n < 0 else "") + grouped


def format_moment(moment: Any, lang: str | None = None) -> str:
    """A date and time (a ``datetime``) as the language writes it (``fmt.datetime``)."""
    return t("fmt.datetime", lang, year=f"{moment.year:04d}", month=f"{moment.month:02d}",
             day=f"{moment.day:02d}", hour=f"{moment.hour:02d}", minute=f"{moment.minute:02d}")


def name(kind: str, english: str, lang: str | None = None) -> str:
    """The one way a name reaches the page: the published (or our) name of a card,
    milestone, award, colony tile or map space in the language (``name.<kind>.<English>``
    in its catalog); the English name when the catalog has none."""
    lang = lang or _SPOKEN.get()
    if lang == "en" or not english:
        return english
    return catalog(lang).get(f"name.{kind}.{english}") or english


def card_name(english: str) -> str:
    """A card's name in the current language."""
    return name("card", english)


SOFT_HYPHEN = "\u00ad"  # the break points of long German words (scripts/i18n_hyphenate.py)


def sort_key(shown: str) -> str:
    """Text as shown, for ordering: case folded, soft hyphens (break points) left out."""
    return shown.replace(SOFT_HYPHEN, "").casefold()


def space_name(english: str) -> str:
    """The printed name of a map space (a volcano, a pole, a card's own space) in the
    current language."""
    return name("space", english)


def _shown(field: str, value: Any, lang: str) -> Any:
    if field in NAME_FIELDS and isinstance(value, str):
        return name(NAME_FIELDS[field], value, lang)
    if is_int(value) and field not in _PLAIN_NUMBERS:
        return format_number(value, lang)
    return value


def t(message_key: str, lang: str | None = None, **values: Any) -> str:
    """The message for ``message_key`` with ``{name}`` fields filled; the key if unknown."""
    lang = lang or _SPOKEN.get()
    template = (_template(message_key, lang, values) if lang != "en" else None) \
        or EN.get(message_key) or message_key
    try:
        return template.format(**{k: _shown(k, v, lang) for k, v in values.items()})
    except (KeyError, IndexError, ValueError):
        return template


def sentence(text: str) -> str:
    """Text as a heading starts, in sentence case: its first letter upper-case (a German
    phrase may begin with an article, "einen Ozean platzieren"; a Belarusian one with a
    verb)."""
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def has(message_key: str) -> bool:
    """Whether the catalog has a message for ``message_key``."""
    return message_key in EN


def plural_key(message_key: str, n: int) -> str:
    """``key.zero`` / ``key.one`` / ``key.other`` for a count (zero falls back to other).

    The key names the English form; :func:`t` picks the form of the shown language from
    the count in ``n``."""
    form = "zero" if n == 0 else "one" if abs(n) == 1 else "other"
    key = f"{message_key}.{form}"
    return key if key in EN or form != "zero" else f"{message_key}.other"


def tn(message_key: str, n: int, lang: str | None = None, **values: Any) -> str:
    """A counted message with ``{n}`` filled (see :func:`plural_key`)."""
    return t(plural_key(message_key, n), lang, n=n, **values)
