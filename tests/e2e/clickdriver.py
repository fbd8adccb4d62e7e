"""Playing in the browser as a person does: every answer is a click (or a tap, on a touch
context) on a visible control of the page, every link is read from the link field the page
shows and opened in the other context's address bar. The test only reads the page to choose
which control (``window.tmDecision``: the waiting decision's listed types, read only; the
DOM's visible controls), with :mod:`tests.kits.clicks`'s order, so games end soon.

A desktop presses some controls with Enter instead of a click.

A :class:`Device` is one browser context (its own storage and device keys) seated at a
sealed game; :func:`play_table` passes the links round until the game ends (both audits
shown) or the devices reach a generation."""
from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.e2e.helpers import expect, wait_ready, wait_screen
from tests.kits.clicks import Taste, best
from tm.linkplay import sealedlinks

LINK = ".send-panel.sealed input.send-link"
AUDITED = "[data-audit=passed], [data-audit=failed]"
KEYS = 3  # a desktop presses Enter on every third control instead of clicking
REBUILD_MS = 90_000  # a device's game rebuilt from its record: seconds, more under load

# The usable choice controls drawn now (visible, enabled): their listed indexes.
USABLE = ("[...document.querySelectorAll('#app [data-action=choose]')]"
          ".filter(e => !e.disabled && e.getClientRects().length > 0)"
          ".map(e => Number(e.dataset.index))")


@dataclass
class Device:
    """One browser context playing one seat: ``touch`` presses by tap()."""
    page: Any
    name: str
    touch: bool = False
    clicks: int = 0
    kinds: dict[str, int] = field(default_factory=dict)  # decisions answered, by kind
    purposes: dict[str, int] = field(default_factory=dict)  # decisions answered, by purpose
    confirmed: list[str] = field(default_factory=list)  # purposes a Confirm press followed
    taste: Taste = field(default_factory=Taste)
    last: str = ""  # the purpose of the decision answered last

    def press(self, control: Any, keys: bool = False) -> None:
        """A tap on a touch screen; on a desktop a click, or (``keys``: a control of the
        decision) every :data:`KEYS` th press Enter on the focused control, as a keyboard
        player does."""
        control.scroll_into_view_if_needed()
        if self.touch:
            control.tap()
        elif keys and self.clicks % KEYS == KEYS - 1:
            control.focus()
            self.page.keyboard.press("Enter")
        else:
            control.click()
        self.clicks += 1

    def step(self) -> bool:
        """One click answering this device's decision; False when it has none."""
        page = self.page
        wait_ready(page)
        confirm = page.locator("#app [data-action=confirm_action]")
        if confirm.count():
            self.press(confirm.first, keys=True)
            self.confirmed.append(self.last)
            return True
        decision = json.loads(page.evaluate("window.tmDecision()"))
        if decision is None:
            return False
        usable = [int(i) for i in page.evaluate(USABLE)]
        self.taste.maxed = decision["maxed"]
        index = best(decision["choices"], usable, decision["kind"], decision["purpose"],
                     decision["chosen"], decision["picked"], self.taste)
        if index is not None:
            control = page.locator(f'#app [data-action=choose][data-index="{index}"]')
            self.press(control.locator("visible=true").first, keys=True)
        else:  # a space on the board only
            self.press(page.locator("#app [data-action=place]").locator("visible=true").first,
                       keys=True)
        self.kinds[decision["kind"]] = self.kinds.get(decision["kind"], 0) + 1
        self.last = str(decision["purpose"])
        self.purposes[self.last] = self.purposes.get(self.last, 0) + 1
        return True

    def play_own(self, limit: int = 400) -> str | None:
        """Answer until the page offers a link (returned, as its field shows it) or the
        audit shows (None)."""
        for _ in range(limit):
            if not self.step():
                offered = self.wait_offered()
                if offered is not False:
                    return offered
        raise AssertionError(f"{self.name} never stopped deciding")

    def wait_offered(self) -> str | None | bool:
        """With no decision shown: the link the page offers, None once the audit shows,
        False when a decision came after all. The page may still be working out its
        shuffle step after the last click (slower under load): wait for one of them."""
        page = self.page
        deadline = time.monotonic() + REBUILD_MS / 1000
        while True:
            wait_ready(page)
            if page.locator(LINK).count():
                return str(page.locator(LINK).input_value())
            if page.locator(AUDITED).count():
                return None
            if page.locator("#app [data-action=confirm_action]").count() or json.loads(
                    page.evaluate("window.tmDecision()")) is not None:
                return False
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: nothing to answer and no link offered")
            time.sleep(0.2)

    def send_to(self) -> str:
        """Whom the page says to send the link to."""
        heading = str(self.page.locator(".send-panel h2").inner_text())
        return heading.removeprefix("Send to ").strip()

    def open(self, link: str) -> None:
        """The link opened in this context's address bar (its first: it takes its seat)."""
        page = self.page
        held = sealedlinks.decode(link.split("#", 1)[1].split("&")[0])
        page.goto(link)
        wait_ready(page)
        if page.locator(".seat-check").count():
            self.press(page.get_by_role("button", name=f"I am {self.name}"))
            wait_screen(page, "game")
        page.wait_for_function(
            "(n) => Number(document.querySelector('.send-panel.sealed')?.dataset.posts) >= n",
            arg=held.first + len(held.posts), timeout=REBUILD_MS)
        wait_ready(page)


def start_sealed(device: Device, names: list[str], prelude: bool = False,
                 colonies: bool = False, draft: bool = False,
                 passphrase: str = "") -> None:
    """The first device fills the new-game form for a sealed game (``draft``: with the
    draft variant) and takes its seat (with a recovery passphrase typed twice, if any)."""
    page = device.page
    form = page.locator("form.new-game")
    form.locator("select[name=players]").select_option(str(len(names)))
    expect(form.locator("input[name=name_0]")).to_be_visible()
    for name_field, value in (("prelude", prelude), ("colonies", colonies), ("draft", draft)):
        box = form.locator(f"input[name={name_field}]")
        if box.is_checked() != value:
            device.press(box)
    for i, name in enumerate(names):
        form.locator(f"input[name=name_{i}]").fill(name)
    for box_name in ("by_link", "sealed"):
        box = form.locator(f"input[name={box_name}]")
        if not box.is_checked():
            device.press(box)
    device.press(form.locator("button[type=submit]"))
    wait_screen(page, "seat")
    if passphrase:
        for name_field in ("passphrase", "again"):
            page.locator(f".seal-seat-form input[name={name_field}]").fill(passphrase)
    device.press(page.get_by_role("button", name=f"I am {names[0]}"))
    wait_screen(page, "game")


def take_back(device: Device, wrong: str, right: str) -> float:
    """A seat taken back from its escrow on a new device, as its player types: a wrong
    recovery passphrase refused first, then the right one; the seconds the page took."""
    def typed(passphrase: str) -> None:
        form = device.page.locator("form.take-back-form")
        form.locator("input[name=passphrase]").fill(passphrase)
        device.press(form.get_by_role("button", name="Take the seat back"))
    typed(wrong)
    expect(device.page.locator(".notice[role=alert]")).to_contain_text(
        "Wrong recovery passphrase", timeout=REBUILD_MS)
    began = time.monotonic()
    typed(right)
    expect(device.page.locator(".notice.info")).to_contain_text("is back on this device",
                                                                timeout=REBUILD_MS)
    took = time.monotonic() - began
    wait_screen(device.page, "game")
    return took


# A bot of this page deciding: its decision is not drawn, so there is nothing to click.
BOT_TURN = ("document.body.dataset.bot !== undefined "
            "&& !document.querySelector('#app .prompt') && !document.querySelector('.end')")


def wait_person(page: Any) -> int:
    """Wait while a bot of the page decides; the polls it took (0: the person's turn)."""
    polls = 0
    while page.evaluate(BOT_TURN):
        polls += 1
        time.sleep(0.02)
    return polls


def committed(page: Any) -> int:
    """The game's committed moves, as the page marks them (body[data-moves])."""
    return int(page.evaluate("document.body.dataset.moves || 0"))


def click_moves(page: Any, times: int = 1, touch: bool = False) -> int:
    """Clicks (or taps) at a table of this page, as its players would, until ``times``
    more moves are committed (a pick in a selection is no move until its Done; a staged
    action's steps are committed together by its Confirm, so the count may overshoot):
    a bot's turn waited out, a hand-off screen's "reveal" pressed. Returns the moves
    committed (fewer once nothing is left to answer), right after the last click: a
    bot's turn may then be under way."""
    device = Device(page, "table", touch=touch)
    start = committed(page)
    for _ in range(60 * max(times, 1)):
        wait_ready(page)
        made = committed(page) - start
        if made >= times and not page.locator("#app [data-action=confirm_action]").count():
            return made
        wait_person(page)
        reveal = page.locator(".handoff [data-action=reveal]")
        if reveal.count():
            device.press(reveal.first)
            wait_screen(page, "game")
        elif not device.step():
            return committed(page) - start
    raise AssertionError(f"{times} moves not committed after many clicks")


def click_until(page: Any, done: str = "document.querySelector('.end') !== null",
                limit: int = 3000, touch: bool = False) -> int:
    """The person's decisions by clicks (a bot's turns waited out) until ``done`` (a
    script expression) holds; the decisions taken."""
    for taken in range(limit):
        wait_person(page)
        wait_ready(page)
        if page.evaluate(done):
            return taken
        if not click_moves(page, 1, touch=touch):
            break
    raise AssertionError(f"never came: {done}")


def click_to_end(page: Any, limit: int = 3000, touch: bool = False) -> int:
    """A game played by clicks until its end screen; the decisions taken."""
    return click_until(page, limit=limit, touch=touch)


Stop = Callable[[dict[str, Device]], bool]


def play_table(devices: dict[str, Device], first: str, stop: Stop | None = None,
               seen: Callable[[Device, int], None] | None = None,
               before: Callable[[Device, str], None] | None = None,
               limit: int = 600) -> list[str]:
    """Each device answers its decisions and sends the link the page offers to whom it
    names, until nothing is left to send (the end, audited) or ``stop`` says so;
    ``before(device, link)`` is called before a device opens a link, ``seen(device,
    turn)`` after. Returns the links sent."""
    sender, sent = first, []
    for turn in range(limit):
        link = devices[sender].play_own()
        if link is None or (stop is not None and stop(devices)):
            return sent
        to = devices[sender].send_to()
        sent.append(link)
        if before is not None:
            before(devices[to], link)
        devices[to].open(link)
        if seen is not None:
            seen(devices[to], turn)
        sender = to
    raise AssertionError("the game never ended")
