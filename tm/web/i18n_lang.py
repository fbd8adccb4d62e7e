"""Words of the language select and the formats of dates (merged into
:data:`tm.web.i18n.EN`); each language is named in itself in every catalog."""
from __future__ import annotations

EN_LANG: dict[str, str] = {
    "lang.label": "Language",
    "lang.en": "English",
    "lang.de": "Deutsch",
    "lang.ja": "日本語",
    "lang.be": "Беларуская",
    # the status strip's resource symbols, like the printed board's icons
    "strip.short.megacredits": "MC", "strip.short.steel": "Stl", "strip.short.titanium": "Ti",
    "strip.short.plants": "Pl", "strip.short.energy": "En", "strip.short.heat": "Ht",
    # a moment as the language writes it (always in UTC, so every device agrees)
    "fmt.datetime": "{year}-{month}-{day} {hour}:{minute} UTC",
}
