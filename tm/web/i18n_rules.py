"""Words of the links from the game to the rules reference (merged into
:data:`tm.web.i18n.EN`; the reference's own words are in tm/web/locale/rules/<lang>.po),
and of the list of every card (:mod:`tm.web.i18n_cardlist`).

Translations for the language catalogs: de "Regel {rule} in der Regelübersicht (neuer Tab)",
ja "ルール早見表の {rule}（新しいタブ）", be "Правіла {rule} у даведніку (новая ўкладка)";
rules.open: de "Regelübersicht", ja "ルール早見表", be "Даведнік па правілах".
"""
from __future__ import annotations

from tm.web.i18n_cardlist import EN_CARDLIST

EN_RULES: dict[str, str] = {
    "rules.link": "Rule {rule} in the rules reference (new tab)",
    "rules.open": "Rules reference",
    **EN_CARDLIST,
}
