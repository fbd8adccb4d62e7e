"""The new-game form as the player left it before Python was up. static/kept.js makes the
prerendered form usable at once (typing, ticking, Start); when Python starts,
tm/web/page_boot.py asks it what the player did (``tmEarlyForm()``), reads the answer here
and hands it to the App: the form's values become the App's form (the screen Python draws
shows what was typed), and a Start pressed meanwhile is the first action run, so the game
starts without a second click.

The answer comes from the page, so it is read as untrusted data: only short string fields
with a form's field names are kept; the new-game action checks their values as it does
for any form sent."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tm.web.app import App
from tm.web.i18n import LANGUAGES, t

MAX_FIELDS = 64  # the form has about 30 fields
MAX_VALUE = 200  # characters: a name is at most 40, a seed a few digits
FIELD_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")
PLAYERS = frozenset("12345")  # the players select's choices (the form is drawn by this count)


def boot_words() -> dict[str, dict[str, str]]:
    """The words static/kept.js shows before Python is up, in each language (written into
    the page by scripts/build_site.py): the line saying the game is starting, and what a
    Start pressed then says."""
    return {lang: {"starting": t("boot.starting", lang), "queued": t("boot.queued", lang)}
            for lang in LANGUAGES}


@dataclass(frozen=True)
class EarlyForm:
    """What the player did with the form before Python was up."""

    fields: dict[str, str]  # the form's values (ticked boxes only, as a form sends)
    started: bool  # Start was pressed (or Enter in a field)
    focus: str | None = None  # the field that has the keyboard focus, by name

    def apply(self, app: App) -> tuple[str, dict[str, str]] | None:
        """Give ``app`` the form as the player left it; the action to run first, through
        the page (``"new_game"`` with the form's values), when Start was pressed."""
        app.handle("form", dict(self.fields))
        return ("new_game", dict(self.fields)) if self.started else None


def early_form(raw: Any) -> EarlyForm | None:
    """``tmEarlyForm()``'s answer (converted to Python) checked; None when the player did
    nothing with the form, or the answer is not one static/kept.js gives."""
    if not isinstance(raw, dict) or not isinstance(raw.get("fields"), dict):
        return None
    fields = {name: value for name, value in list(raw["fields"].items())[:MAX_FIELDS]
              if isinstance(name, str) and FIELD_NAME.fullmatch(name)
              and isinstance(value, str) and len(value) <= MAX_VALUE}
    if fields.get("players", "2") not in PLAYERS:
        del fields["players"]
    focus = raw.get("focus")
    named = isinstance(focus, str) and FIELD_NAME.fullmatch(focus) is not None
    return EarlyForm(fields=fields, started=raw.get("started") is True,
                     focus=focus if named else None)
