"""The page manifests in their listed load order (the engine's, ``tm.expansions.MANIFESTS``:
a test keeps the two equal; it is the order of ``Options.expansions`` a new game is given),
and what the core page reads of them all at once. Importing it puts each manifest's
words in the catalog (:func:`tm.web.i18n.add_words`): every renderer that shows them
imports it, and so does the App."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TypeVar

from tm.core.contract import Purpose
from tm.web.card_words import add_card_words
from tm.web.expansions import LabelFn, LogFn, OfferFn, PageManifest, PromptFn
from tm.web.expansions.colonies.page import PAGE as COLONIES
from tm.web.expansions.corpera import PAGE as CORPERA
from tm.web.expansions.prelude.page import PAGE as PRELUDE
from tm.web.i18n import add_words

PAGES: tuple[PageManifest, ...] = (CORPERA, PRELUDE, COLONIES)
for _page in PAGES:  # the only way an expansion's words reach the catalog, once, in order
    add_words(_page.words, _page.name_fields)
    if _page.card_words is not None:
        add_card_words(_page.card_words)


T = TypeVar("T")
K = TypeVar("K", bound=str)


def _merged(field: Callable[[PageManifest], Mapping[K, T]]) -> Mapping[K, T]:
    """One mapping field of every manifest, merged (a key twice is a mistake: raises)."""
    merged: dict[K, T] = {}
    for page in PAGES:
        for key, value in field(page).items():
            if key in merged:
                raise ValueError(f"{page.name}: {key!r} is another manifest's too")
            merged[key] = value
    return MappingProxyType(merged)


# The form boxes that choose expansions, with the expansion each plays (in load order).
SWITCHES: tuple[tuple[str, str], ...] = tuple(
    (page.switch.box, page.name) for page in PAGES if page.switch is not None)
LABELS: Mapping[str, LabelFn] = _merged(lambda page: page.labels)  # choice words by key
OPTION_PROMPTS: Mapping[Purpose, PromptFn] = _merged(lambda page: page.options)  # by purpose
OFFER_ITEMS: Mapping[str, OfferFn] = _merged(lambda page: page.offer_items)  # by item kind
LOG_TEXTS: Mapping[str, LogFn] = _merged(lambda page: page.log_texts)  # by record key
FULL_CARD_PURPOSES: tuple[Purpose, ...] = tuple(p for page in PAGES
                                                for p in page.full_card_purposes)
