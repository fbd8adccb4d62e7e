"""Page tests that click as a person does: the controls are read from the HTML the App
draws (every element with ``data-action``, its ``data-*`` fields as the page's click
listener sends them: ``element.dataset``), and a click is ``app.handle(action, dataset)``.
Nothing is answered by a test hook; the tests only read the game to pick which control.

:func:`pick` chooses among the drawn controls the one a short, honest game wants
(:mod:`tests.kits.clicks`); :class:`Table` passes the links a sealed game offers (read from the
page's link field) to the other devices' Apps, as a person pastes them."""
from __future__ import annotations

import html
from dataclasses import dataclass
from html.parser import HTMLParser

from tests.kits.clicks import Taste, best
from tm.board import parameters
from tm.web.app import App


@dataclass(frozen=True)
class Control:
    """One clickable element of the page: its action and its dataset."""
    action: str
    data: dict[str, str]
    tag: str


def _camel(name: str) -> str:
    """A ``data-*`` attribute's name as ``element.dataset`` spells it."""
    head, *rest = name.split("-")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


class _Controls(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[Control] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        fields = {name: html.unescape(value or "") for name, value in attrs}
        if tag == "input" and "send-link" in fields.get("class", "").split():
            self.links.append(fields.get("value", ""))
        if "data-action" not in fields or tag == "form" or "disabled" in fields:
            return
        data = {_camel(name[5:]): value for name, value in fields.items()
                if name.startswith("data-") and name != "data-action"}
        self.found.append(Control(fields["data-action"], data, tag))


def drawn(app: App) -> tuple[list[Control], list[str]]:
    """The page's clickable controls as drawn now, and the links its link fields show."""
    parser = _Controls()
    parser.feed(app.render()["app"])
    return parser.found, parser.links


def click(app: App, control: Control) -> None:
    """What the page's click listener does with a click on ``control``."""
    app.handle(control.action, dict(control.data))


def pick(app: App, controls: list[Control], taste: Taste) -> Control | None:
    """The control to click now: Confirm of a held action, a space on the board, the
    listed choice a short game wants (:func:`tests.kits.clicks.best`), or None when this
    device has nothing to answer."""
    by_action: dict[str, list[Control]] = {}
    for control in controls:
        by_action.setdefault(control.action, []).append(control)
    if "confirm_action" in by_action:
        return by_action["confirm_action"][0]
    decision = app.current()
    if decision is None:
        return None
    _player, prompt = decision
    at = {int(c.data["index"]): c for c in reversed(by_action.get("choose", []))
          if c.data.get("index", "").isdigit()}
    listed = [c.to_dict() for c in prompt.choices()]  # (read: which drawn control is which)
    game = app.shown_game()
    assert game is not None
    taste.maxed = [name for name in parameters.limits(game.state)
                   if parameters.is_maxed(game.state, name)]
    index = best(listed, sorted(at), prompt.kind, prompt.purpose,
                 bool(prompt.data.get("corporation")), len(prompt.data.get("picked") or []),
                 taste)
    if index is not None:
        return at[index]
    places = by_action.get("place")
    return places[0] if places else None
