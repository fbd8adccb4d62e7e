"""Words of the list of every card (cards.html, :mod:`tm.web.cardlist_html`) and of the
link to it (merged into :data:`tm.web.i18n.EN` through :mod:`tm.web.i18n_rules`)."""
from __future__ import annotations

EN_CARDLIST: dict[str, str] = {
    "cardlist.open": "All cards",
    "cardlist.title": "Cards",
    "cardlist.back": "← Back to the game",
    "cardlist.note": "Every card of the game, its text in our own words. Search by name or "
                     "text; filter by tag, type, cost or expansion.",
    "cardlist.filters": "Filter the cards",
    "cardlist.search": "Search",
    "cardlist.search_hint": "name or text",
    "cardlist.tag": "Tag",
    "cardlist.any_tag": "any tag",
    "cardlist.no_tag": "no tag",
    "cardlist.type": "Type",
    "cardlist.any_type": "any type",
    "cardlist.set": "Expansion",
    "cardlist.any_set": "every expansion",
    "cardlist.set.base": "Base game",
    "cardlist.set.corpera": "Corporate Era",
    "cardlist.set.prelude": "Prelude",
    "cardlist.set.colonies": "Colonies",
    "cardlist.cost_from": "Cost from",
    "cardlist.cost_to": "to",
    "cardlist.sort": "Order",
    "cardlist.sort.number": "by number",
    "cardlist.sort.name": "by name",
    "cardlist.sort.cost": "by cost",
    "cardlist.clear": "Clear the filters",
    "cardlist.shown": "Shown: {n} of {total}",
    "cardlist.none": "No card matches these filters.",
    "cardlist.origin": "{set} · no. {number}",
}
