"""The page's language: chosen from the browser's languages, switched from a select at any
time (the game is only drawn again), remembered in this browser's localStorage and never
part of a save or a link (each player reads in their own language)."""
from __future__ import annotations

from typing import Any

from tm.web.html import esc
from tm.web.i18n import LANGUAGES, pick_language, set_language, speaking, t

STORAGE_KEY = "tm:language"  # (not under the saves' prefix: never listed as a game)


def initial_language(stored: str | None, preferred: list[str]) -> str:
    """The language to start in: the one chosen before on this device, else the first of
    the browser's languages we have, else English."""
    if stored in LANGUAGES:
        return str(stored)
    return pick_language(preferred)


def switch(lang: str) -> str:
    """The default language from now on: the one of an App that has not chosen its own
    (tests; the page gives its App a language, :meth:`tm.web.app.App.use_language`). A
    renderer keeps drawings of one language only, so nothing needs forgetting."""
    return set_language(lang)


def language_select(current: str) -> str:
    """The select that switches the language (each language named in itself), in the
    language ``current`` shown."""
    with speaking(current):
        options = "".join(
            f'<option value="{esc(code)}" lang="{esc(code)}"'
            f'{" selected" if code == current else ""}>{esc(t(f"lang.{code}"))}</option>'
            for code in LANGUAGES)
        return (f'<label class="lang-pick">{esc(t("lang.label"))} '
                f'<select data-change="language" data-focus="language">{options}</select>'
                '</label>')


def browser_languages(navigator: Any) -> list[str]:
    """``navigator.languages`` (or ``navigator.language``) as a list of tags."""
    tags = getattr(navigator, "languages", None)
    try:
        found = [str(tag) for tag in tags] if tags is not None else []
    except TypeError:
        found = []
    single = getattr(navigator, "language", None)
    return found or ([str(single)] if single else [])
