"""The list of every card in the game (cards.html, scripts/build_cards.py): one article per
language, each card drawn as the game draws it (:func:`tm.web.cards_html.card_body`: our own
words, never the printed ones), with a form of filters that static/cards.js applies.

Each card's ``<li>`` carries what the filters compare: ``data-tags`` (space-separated, empty
for a card without tags), ``data-type``, ``data-set``, ``data-cost`` (empty for a card that
is dealt rather than bought) and ``data-number``; the search matches the card's text as
shown. Everything is escaped here; the script only hides, shows and reorders the items.
"""
from __future__ import annotations

from tm.cards import all_cards
from tm.cards.dsl import TAGS, Card
from tm.web.card_text import tag_name
from tm.web.cards_html import card_body
from tm.web.html import attrs, esc
from tm.web.i18n import card_name, speaking, t

PAGE = "cards.html"
# The sets and the card types, in the order the cards come (the base game first, then each
# expansion's cards as registered: no expansion is named here); the types of the base game's
# projects in the order a player reads them.
SETS = tuple(dict.fromkeys(card.set for card in all_cards()))
PROJECT_TYPES = ("automated", "active", "event")
TYPES = (*PROJECT_TYPES, *(kind for kind in dict.fromkeys(card.type for card in all_cards())
                           if kind not in PROJECT_TYPES))
SORTS = ("number", "name", "cost")
NO_TAG = "none"  # the tag filter's value for cards without tags


def _options(label_key: str, name: str, choices: list[tuple[str, str]]) -> str:
    """A labelled select; its first choice (value "") lets every card through."""
    options = "".join(f"<option{attrs(value=value)}>{esc(words)}</option>"
                      for value, words in choices)
    return (f'<label class="filter">{esc(t(label_key))} '
            f'<select{attrs(name=name)}>{options}</select></label>')


def _filters(lang: str) -> str:
    """The form of filters (a search, not a submission: static/cards.js applies it)."""
    tags = [("", t("cardlist.any_tag")),
            *((tag, tag_name(tag)) for tag in TAGS if tag != "event"),
            (NO_TAG, t("cardlist.no_tag"))]
    types = [("", t("cardlist.any_type")), *((kind, t("type." + kind)) for kind in TYPES)]
    sets = [("", t("cardlist.any_set")), *((name, t("cardlist.set." + name)) for name in SETS)]
    sorts = [(order, t("cardlist.sort." + order)) for order in SORTS]
    search = attrs(type="search", name="q", autocomplete="off", spellcheck="false",
                   placeholder=t("cardlist.search_hint"), id=f"cards-q-{lang}")
    cost = 'type="number" min="0" max="99" step="1" inputmode="numeric"'
    return (f'<form class="filters" role="search"{attrs(aria_label=t("cardlist.filters"))}>'
            f'<label class="filter search" for="cards-q-{lang}">{esc(t("cardlist.search"))} '
            f"<input{search}></label>"
            f'{_options("cardlist.tag", "tag", tags)}{_options("cardlist.type", "type", types)}'
            f'{_options("cardlist.set", "set", sets)}'
            f'<label class="filter cost">{esc(t("cardlist.cost_from"))} '
            f'<input {cost} name="min"></label>'
            f'<label class="filter cost">{esc(t("cardlist.cost_to"))} '
            f'<input {cost} name="max"></label>'
            f'{_options("cardlist.sort", "sort", sorts)}'
            f'<button type="reset">{esc(t("cardlist.clear"))}</button></form>')


def _item(c: Card) -> str:
    """One card of the list, with what the filters compare."""
    origin = t("cardlist.origin", set=t("cardlist.set." + c.set), number=c.number)
    data = attrs(class_=f"card card-{c.type}", data_card=c.name, data_number=c.number,
                 data_set=c.set, data_type=c.type, data_tags=" ".join(c.tags),
                 data_cost=c.cost if c.is_project else "", data_name=card_name(c.name))
    return f'<li{data}>{card_body(c)}<span class="origin">{esc(origin)}</span></li>'


def cards_in_order() -> list[Card]:
    """Every card of the game, by expansion, then by its number."""
    rank = {name: i for i, name in enumerate(SETS)}
    return sorted(all_cards(), key=lambda c: (rank.get(c.set, len(SETS)), c.number, c.name))


def card_list_article(lang: str, active: bool) -> str:
    """The whole list in ``lang`` (hidden unless ``active``: static/rules.js shows the one
    language of the page)."""
    with speaking(lang):
        cards = cards_in_order()
        items = "".join(_item(c) for c in cards)
        count = t("cardlist.shown", n="{n}", total="{total}")
        title = t("cardlist.title")
        return (f'<article class="reference card-list"{attrs(lang=lang, data_lang=lang)}'
                f'{attrs(data_title=title)}{"" if active else " hidden"}>'
                f'<header class="top"><p class="back"><a href="./">{esc(t("cardlist.back"))}</a>'
                f' · <a href="rules.html">{esc(t("rules.open"))}</a></p>'
                f"<h1>{esc(title)}</h1>"
                f'<p class="note">{esc(t("cardlist.note"))}</p></header>'
                f"{_filters(lang)}"
                f'<p class="count" role="status"{attrs(data_template=count)}>'
                f'{esc(t("cardlist.shown", n=len(cards), total=len(cards)))}</p>'
                f'<ul class="cards-all">{items}</ul>'
                f'<p class="none" hidden>{esc(t("cardlist.none"))}</p></article>')


def link_to_cards(cls: str = "cards-ref") -> str:
    """The link from the game to the list (a new tab: the game stays as it is)."""
    return (f'<a{attrs(href=PAGE, target="_blank", rel="noopener", class_=cls)}>'
            f'{esc(t("cardlist.open"))}</a>')
