"""The page's language: chosen from the browser's languages, switched from a select at any
time (the game is only drawn again), remembered in this browser's localStorage and never
part of a save or a link (each player reads in their own language)."""
from __future__ import annotations

from typing import Any

from tm.web import cards_html, panels, regions
from tm.web.html import esc
from tm.web.i18n import LANGUAGES, language, pick_language, set_language, t

STORAGE_KEY = "tm:language"  # (not under the saves' prefix: never listed as a game)


def initial_language(stored: str | None, preferred: list[str]) -> str:
    """The language to start in: the one chosen before on this device, else the first of
    the browser's languages we have, else English."""
    if stored in LANGUAGES:
        return str(stored)
    return pick_language(preferred)


def forget_drawn() -> None:
    """Drop HTML kept from earlier redraws: it holds the words of the old language."""
    regions.forget()
    cards_html.card_chip.cache_clear()
    panels._in_play_tile.cache_clear()


def switch(lang: str) -> str:
    """Show the page in ``lang`` from the next redraw on; the language now shown."""
    chosen = set_language(lang)
    forget_drawn()
    return chosen


def language_select() -> str:
    """The select that switches the language (each language named in itself)."""
    current = language()
    options = "".join(
        f'<option value="{esc(code)}" lang="{esc(code)}"'
        f'{" selected" if code == current else ""}>{esc(t(f"lang.{code}"))}</option>'
        for code in LANGUAGES)
    return (f'<label class="lang-pick">{esc(t("lang.label"))} '
            f'<select data-change="language" data-focus="language">{options}</select></label>')


def browser_languages(navigator: Any) -> list[str]:
    """``navigator.languages`` (or ``navigator.language``) as a list of tags."""
    tags = getattr(navigator, "languages", None)
    try:
        found = [str(tag) for tag in tags] if tags is not None else []
    except TypeError:
        found = []
    single = getattr(navigator, "language", None)
    return found or ([str(single)] if single else [])
