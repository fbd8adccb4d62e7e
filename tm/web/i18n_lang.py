"""Words of the language select and the formats of dates (merged into
:data:`tm.web.i18n.EN`); each language is named in itself in every catalog."""
from __future__ import annotations

EN_LANG: dict[str, str] = {
    "lang.label": "Language",
    "lang.en": "English",
    "lang.de": "Deutsch",
    "lang.ja": "日本語",
    "lang.be": "Беларуская",
    # a moment as the language writes it (always in UTC, so every device agrees)
    "fmt.datetime": "{year}-{month}-{day} {hour}:{minute} UTC",
}
