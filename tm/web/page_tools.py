"""The page's own actions: the clipboard, the share sheet, files to download and a
reload (what needs the browser, not the App). Their names are
:data:`tm.web.app_base.PAGE_ACTIONS`; :class:`PageTools` is their table."""
from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any, Protocol

from tm.web.app import App
from tm.web.app_base import PAGE_ACTIONS, Actions
from tm.web.i18n import speaking
from tm.web.page_dom import create_once_callable, document, missing, to_js, window

MIN_PASSPHRASE = 8  # characters of a move file's passphrase


class Drawing(Protocol):
    """What the tools use of the page."""

    app: App

    def guard(self, what: str, fn: Callable[..., Any], *args: Any) -> bool: ...
    def draw(self, whole: bool = False) -> None: ...
    def act(self, action: str, data: dict[str, Any]) -> None: ...
    def later(self, what: str, fn: Callable[[], None]) -> None: ...


class PageTools:
    """The page's own actions, each with its method."""

    def __init__(self, page: Drawing) -> None:
        self.page = page

    def actions(self) -> Actions:
        """The table of the page's own actions (:data:`PAGE_ACTIONS`)."""
        app = self.page.app
        table: Actions = {
            "copy_details": lambda data: self._copy_details(),
            "reload": lambda data: window.location.reload(),
            "export": lambda data: self._download(app.store.raw(str(data.get("save"))),
                                                  str(data.get("save"))),
            "export_current": lambda data: self._download(app.games.export_text(),
                                                          app.shown.save_id or "game"),
            "copy_link": lambda data: self._copy(str(data.get("link") or "")),
            # play by link, a daily result: copy the link
            "send_link": lambda data: self._copy_send(str(data.get("link") or "")),
            # the browser's share sheet, where there is one
            "share_native": lambda data: self._share(str(data.get("link") or ""),
                                                     str(data.get("title") or "")),
            # a sealed game's long link, as a file the other device imports
            "save_link": lambda data: self._download(
                str(data.get("link") or ""), "link-for-" + _file_name(str(data.get("name"))),
                "text/plain", "txt"),
            # a sealed seat moved to another device: its file locked, or unlocked
            "move_seat": self._move_seat,
            "take_seat": self._take_seat,
            # a sealed seat taken: its seed locked with the recovery passphrase typed, or
            # (a seat invited again) unlocked from its escrow with it
            "seal_seat": self._seal_seat,
        }
        assert frozenset(table) == PAGE_ACTIONS
        return table

    def _copy(self, text: str) -> None:
        def copied() -> None:  # the button says "Copied" once the clipboard has it
            if self.page.app.shown.share_link == text:
                self.page.app.share.state.link_copied = True
                self.page.guard("event", self.page.draw)
                shown = document.querySelector(".share-link")
                if not missing(shown):  # the redrawn field: its text selected again
                    shown.select()

        _to_clipboard(text, copied, ".share-link")

    def _copy_send(self, text: str) -> None:
        """Copy a link to send (the field's text is selected too, to copy by hand): its
        moves count as sent from this click on (Undo then asks the others)."""
        self.page.app.linkundo.mark_sent(text)
        def copied() -> None:
            self.page.app.linkplay.state.copied_link = text
            self.page.guard("event", self.page.draw)

        _to_clipboard(text, copied, ".send-link")

    def _share(self, link: str, title: str) -> None:
        """The share sheet with the link (a cancelled share is no error)."""
        self.page.app.linkundo.mark_sent(link)
        try:
            shared = window.navigator.share(
                window.Object.fromEntries([["title", title], ["url", link]]))
            shared.catch(lambda _error: None)
        except Exception:  # (no share sheet after all: copy instead)
            self._copy_send(link)

    def _copy_details(self) -> None:
        """Copy the details of the error shown; where the clipboard refuses, open them and
        select their text for the player to copy."""
        fault = self.page.app.tabs.state.fault
        if fault is None:
            return

        def copied(*_: Any) -> None:
            if self.page.app.tabs.state.fault is fault:
                fault.copied = True
                self.page.guard("event", self.page.draw)

        def refused(*_: Any) -> None:
            shown = document.querySelector(".fault details")
            text = document.querySelector(".fault-details")
            if missing(shown) or missing(text):
                return
            shown.open = True
            selection = window.getSelection()
            chosen = document.createRange()
            chosen.selectNodeContents(text)
            selection.removeAllRanges()
            selection.addRange(chosen)

        clipboard: Any = getattr(window.navigator, "clipboard", None)
        try:
            if missing(clipboard):
                raise RuntimeError("no clipboard")
            clipboard.writeText(fault.details).then(create_once_callable(copied),
                                                    create_once_callable(refused))
        except Exception:  # (no clipboard here: the text is selected instead)
            refused()

    def _download(self, text: str | None, name: str, kind: str = "application/json",
                  ending: str = "json") -> None:
        if text is None:
            return
        blob = window.Blob.new([text], window.Object.fromEntries([["type", kind]]))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = f"terraforming-mars-{name}.{ending}"
        link.click()
        window.URL.revokeObjectURL(url)


    def _keys(self) -> Any:
        """The page's keys (static/seatkeys.mjs), None where this browser keeps none."""
        keys: Any = getattr(window, "tmSeatKeys", None)
        return None if missing(keys) or not bool(keys.available) else keys

    def _answer(self, action: str, data: dict[str, Any]) -> None:
        """The page's keys answered (a move file locked or unlocked): the App's action,
        run once the page is free (a click while it works is dropped; an answer is not)."""
        if self.page.app.tabs.state.busy is not None:
            self.page.later("event", lambda: self._answer(action, data))
            return
        self.page.act(action, data)

    def _move_seat(self, data: dict[str, Any]) -> None:
        """This seat's move file: the passphrase typed twice checked, the hand-over begun,
        then signed and the file locked by the page's keys, then saved."""
        page, app = self.page, self.page.app
        passphrase, again = str(data.get("passphrase") or ""), str(data.get("again") or "")
        keys = self._keys()
        why = ("move_short" if len(passphrase) < MIN_PASSPHRASE else "move_mismatch"
               if passphrase != again else "move_no_keys" if keys is None else None)
        if why is not None:
            page.act("seat_refused", {"why": why})
            return
        with speaking(app.words()):
            begun = app.sealed.begin_move()
        if begun is None:
            page.act("seat_refused", {"why": "move_not_now"})
            return
        seat_id, message, payload = begun
        play = app.sealed.active()
        name = play.options.names[play.record.seat] if play is not None else "player"

        def locked(result: Any) -> None:
            signature = bytes(result.signature.to_py())
            self._answer("seat_moved", {"signature": base64.b64encode(signature).decode()})
            if play is not None and app.sealed.moved_away(play):  # (else: a notice why)
                self._download(str(result.file), "seat-" + _file_name(name))

        keys.moveSeat(seat_id, to_js(message), passphrase, payload).then(
            create_once_callable(lambda result: page.guard("event", locked, result)),
            create_once_callable(lambda _error: page.guard(
                "event", self._answer, "seat_refused", {"why": "move_not_now"})))

    def _take_seat(self, data: dict[str, Any]) -> None:
        """The move file opened, unlocked with the passphrase typed: its seat taken."""
        page, app = self.page, self.page.app
        text, keys = app.sealed.seat_file(), self._keys()
        if text is None:
            return
        if keys is None:
            page.act("seat_refused", {"why": "move_no_keys"})
            return

        def refused(error: Any) -> None:
            why = "move_damaged" if str(getattr(error, "message", "")) == "damaged" \
                else "move_passphrase"
            self._answer("seat_refused", {"why": why})

        keys.unlockMove(text, str(data.get("passphrase") or "")).then(
            create_once_callable(lambda inner: page.guard(
                "file", self._answer, "seat_unlocked", {"text": str(inner)})),
            create_once_callable(lambda error: page.guard("event", refused, error)))


    def _seal_seat(self, data: dict[str, Any]) -> None:
        """A sealed seat chosen (see :mod:`tm.web.seedescrow`): with a recovery passphrase
        typed twice, the page's keys lock a seed drawn here and the seat is taken with it
        and its escrow; with none, it is taken as before; a seat invited again is taken
        back with the seed its escrow unlocks with the passphrase typed."""
        page, app = self.page, self.page.app
        try:
            seat = int(data.get("seat", -1))
        except (TypeError, ValueError):
            return
        if "passphrase" not in data:  # ("I am …" clicked: the fields above it)
            data = {**data, **_seat_fields()}
        passphrase, again = str(data.get("passphrase") or ""), str(data.get("again") or "")
        keys, back = self._keys(), app.sealed.recovery_escrow()
        if back is not None and back[1] == seat:
            if keys is None:
                page.act("seat_refused", {"why": "move_no_keys"})
                return
            self._unlock_each(app.sealed.recovery_escrows(), passphrase, seat, {})
            return
        if not passphrase and not again:
            page.act("choose_seat", {"seat": seat})
            return
        why = ("escrow_short" if len(passphrase) < MIN_PASSPHRASE else "escrow_mismatch"
               if passphrase != again else "move_no_keys" if keys is None else None)
        if why is not None:
            page.act("seat_refused", {"why": why})
            return
        seed = app.entropy(32).hex()  # (the creator's key beside it: seedescrow)
        keys.lockSeed(seed + app.sealed.creator_locked(), passphrase, app.shown.meta.link_id,
                      seat).then(
            create_once_callable(lambda escrow: page.guard(
                "event", self._answer, "choose_seat",
                {"seat": seat, "seed": seed, "escrow": str(escrow)})),
            create_once_callable(lambda _error: page.guard(
                "event", self._answer, "seat_refused", {"why": "move_no_keys"})))


    def _unlock_each(self, escrows: tuple[tuple[str, int, str], ...], passphrase: str,
                     seat: int, found: dict[int, str]) -> None:
        """The passphrase tried on each escrow in turn (each seat claiming the creator's
        key: a cheating seat's claim must not hide the creator's), then what unlocked
        sent to be checked (``seeds``); none unlocked: a wrong passphrase."""
        page, keys = self.page, self._keys()
        if not escrows or keys is None:
            if not found:
                self._answer("seat_refused", {"why": "escrow_passphrase"})
                return
            seeds = ",".join(f"{claim}:{seed}" for claim, seed in found.items())
            self._answer("choose_seat", {"seat": seat, "seeds": seeds})
            return
        (game, claim, text), rest = escrows[0], escrows[1:]

        def unlocked(seed: object) -> None:
            found[claim] = str(seed)
            self._unlock_each(rest, passphrase, seat, found)

        keys.unlockSeed(text, passphrase, game, claim).then(
            create_once_callable(lambda seed: page.guard("event", unlocked, seed)),
            create_once_callable(lambda _error: page.guard(
                "event", self._unlock_each, rest, passphrase, seat, found)))


def _seat_fields() -> dict[str, str]:
    """The recovery passphrase typed in a sealed game's seat form, twice."""
    found: dict[str, str] = {}
    for name in ("passphrase", "again"):
        field = document.querySelector(f".seal-seat-form input[name={name}]")
        found[name] = "" if missing(field) else str(field.value)
    return found


def typed_passphrase() -> bool:
    """Whether a recovery passphrase is typed in a sealed game's seat form (the seat is
    then taken with its seed locked: :meth:`PageTools._seal_seat`)."""
    return any(_seat_fields().values())


def _to_clipboard(text: str, copied: Callable[[], None], field: str) -> None:
    """Put ``text`` on the clipboard (``copied`` runs once it is there) and select it in
    its ``field``, to copy by hand where the clipboard refuses."""
    clipboard: Any = getattr(window.navigator, "clipboard", None)
    if not missing(clipboard):
        try:  # a refusal (no permission, page not focused) must not be an error
            clipboard.writeText(text).then(create_once_callable(lambda *_: copied())).catch(
                lambda _error: None)
        except Exception:  # (the link stays selectable in its field)
            pass
    shown = document.querySelector(field)
    if not missing(shown):
        shown.select()


def _file_name(name: str) -> str:
    """A player's name as part of a file name (letters and digits only)."""
    kept = "".join(c if c.isalnum() else "-" for c in name).strip("-")
    return kept[:40] or "player"
