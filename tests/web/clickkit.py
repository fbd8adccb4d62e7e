"""Page tests that click as a person does: the controls are read from the HTML the App
draws (every element with ``data-action``, its ``data-*`` fields as the page's click
listener sends them: ``element.dataset``), and a click is ``app.handle(action, dataset)``.
Nothing is answered by a test hook; the tests only read the game to pick which control.

:func:`pick` chooses among the drawn controls the one a short, honest game wants
(:mod:`tests.kits.clicks`); :class:`Table` passes the links a sealed game offers (read from the
page's link field) to the other devices' Apps, as a person pastes them."""
from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser

from tests.kits.clicks import Taste, best, kind_of
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


# ------------------------------------------------------------------ a table of devices
@dataclass
class Device:
    """One App at a table of devices, and what it clicked: each decision's (kind,
    purpose, listed kind) as the test read it before the click."""
    app: App
    name: str
    taste: Taste = field(default_factory=Taste)
    clicked: list[tuple[str, str, str]] = field(default_factory=list)

    def step(self) -> bool:
        """One click answering this device's decision; False when it has none."""
        controls, _links = drawn(self.app)
        control = pick(self.app, controls, self.taste)
        if control is None:
            return False
        decision = self.app.current()
        if decision is not None and control.action == "choose":
            _player, prompt = decision
            listed = prompt.choices()[int(control.data["index"])].to_dict()
            self.clicked.append((prompt.kind, prompt.purpose, kind_of(listed)))
        click(self.app, control)
        assert self.app.shown.notice is None, self.app.shown.notice
        return True

    def play_own(self, limit: int = 400) -> None:
        """Click until this device has nothing to answer."""
        for _ in range(limit):
            if not self.step():
                return
        raise AssertionError(f"{self.name} never stopped deciding")

    def offer(self) -> tuple[str, str] | None:
        """Whom the page says to send the link to, and the link its field shows."""
        _controls, links = drawn(self.app)
        sealed = self.app.screen_model().linkplay.sealed
        if not links or sealed is None or sealed.send_to is None:
            return None
        return sealed.send_to, links[0]

    def open(self, link: str) -> None:
        """The link opened in the address bar (the page's ``open_link`` with its
        fragment); its first takes this device's seat by a click on "I am …"."""
        self.app.handle("open_link", {"text": "#" + link.split("#", 1)[1]})
        assert self.app.shown.notice is None, self.app.shown.notice
        seats = [c for c in drawn(self.app)[0] if c.action == "choose_seat"]
        if seats:
            names = self.app.shown.meta.names
            click(self.app, next(c for c in seats if names[int(c.data["seat"])] == self.name))


Seen = Callable[[Device, str], None]


def play_table(devices: dict[str, Device], first: str, before: Seen | None = None,
               limit: int = 2000) -> list[tuple[str, str, str]]:
    """The devices answer by clicks and pass the links their pages offer, until none is
    offered (the game over, every seed everywhere); ``before(device, link)`` runs before
    a device opens a link. Returns every link sent: (sender, recipient, link)."""
    sender, sent = first, []
    for _ in range(limit):
        devices[sender].play_own()
        offer = devices[sender].offer()
        if offer is None:
            return sent
        to, link = offer
        sent.append((sender, to, link))
        if before is not None:
            before(devices[to], link)
        devices[to].open(link)
        sender = to
    raise AssertionError("the game never ended")
