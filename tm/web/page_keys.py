"""This device's keys for its seats, from the page's WebCrypto (static/seatkeys.mjs).

WebCrypto answers with promises, and the App draws synchronously, so :class:`PageSigner`
asks, raises :class:`~tm.web.linkseals.SealPending` meanwhile, keeps each answer and calls
back: the page then draws again, and the link is made with the answer at hand. A browser
that cannot keep keys (no WebCrypto outside a secure context, no IndexedDB, a refusal)
gives None: its links go unsigned, as links did before keys.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from tm.web.linkseals import SealPending
from tm.web.page_dom import create_once_callable, missing, to_js, window

Asked = tuple[str, str]  # ("key", seat id) or ("sig", seat id + the message's hash)


class PageSigner:
    """:class:`tm.web.linkseals.Signer` over static/seatkeys.mjs (``globalThis.tmSeatKeys``)."""

    def __init__(self, answered: Callable[[], None]) -> None:
        self.answered = answered  # the page draws again
        self.known: dict[Asked, bytes] = {}
        self.waiting: set[Asked] = set()
        keys: Any = getattr(window, "tmSeatKeys", None)
        self.keys = None if missing(keys) or not bool(keys.available) else keys

    def public_key(self, link_id: str, seat: int) -> bytes | None:
        seat_id = f"{link_id}:{seat}"
        return self._answer(("key", seat_id), lambda keys: keys.publicKey(seat_id))

    def sign(self, link_id: str, seat: int, message: bytes) -> bytes | None:
        seat_id = f"{link_id}:{seat}"
        asked = ("sig", f"{seat_id}:{hashlib.sha256(message).hexdigest()}")
        return self._answer(asked, lambda keys: keys.sign(seat_id, to_js(message)))

    def _answer(self, asked: Asked, ask: Callable[[Any], Any]) -> bytes | None:
        """The kept answer; else ask (once) and raise SealPending; None: no keys here."""
        if asked in self.known:
            return self.known[asked]
        if self.keys is None:
            return None
        if asked not in self.waiting:
            self.waiting.add(asked)
            try:
                ask(self.keys).then(create_once_callable(lambda raw: self._got(asked, raw)),
                                    create_once_callable(lambda _error: self._refused()))
            except Exception:  # (a browser without the module's functions)
                self._refused()
                return None
        raise SealPending(asked[0])

    def _got(self, asked: Asked, raw: Any) -> None:
        self.known[asked] = bytes(raw.to_py())
        self.waiting.discard(asked)
        self.answered()

    def _refused(self) -> None:
        """The browser refused to make or use keys: this device sends unsigned links."""
        self.keys = None
        self.waiting.clear()
        self.answered()
