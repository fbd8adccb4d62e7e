"""The English words of the end screen's VP from cards, card by card
(:mod:`tm.web.card_points_html`), merged into :data:`tm.web.i18n_en.EN` where they stand
in the catalog."""
from __future__ import annotations

EN_CARD_POINTS: dict[str, str] = {
    "end.cards.title": "VP from cards",
    "end.cards.none": "No card scored VP.",
    "end.cards.note": "Under a card: what its VP counted. A card with no note scores the VP "
                      "printed on it.",
    "end.cards.source": "{counted}: {rule}",
    "end.cards.tags.one": "{n} {tag} tag", "end.cards.tags.other": "{n} {tag} tags",
    "end.cards.cities.one": "{n} city", "end.cards.cities.other": "{n} cities",
    "end.cards.colonies.one": "{n} colony", "end.cards.colonies.other": "{n} colonies",
    "end.cards.counted.one": "{n} counted", "end.cards.counted.other": "{n} counted",
}
