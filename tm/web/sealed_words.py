"""Sealed games in words (issue 43): what a refused link did, what the audit found, whom
a device waits for and for what; the words are the catalog's (tm/web/i18n_sealed.py)."""
from __future__ import annotations

import base64

from tm.core.errors import IllegalMove
from tm.linkplay.sealedlinks import Equivocation
from tm.linkplay.sealedplay import Awaited
from tm.web.error_text import error_text
from tm.web.i18n import t
from tm.web.sealedgame import SealedPlay, Stopped


def what_text(error: Exception) -> str:
    """What a refused link did, in words."""
    if isinstance(error, IllegalMove):
        return t("sealed.why.rules", reason=error_text(error))
    why = str(getattr(error, "reason", ""))
    if why == "a card shown that it did not draw":
        return t("sealed.why.not_drawn")
    if why == "a card shown twice":
        return t("sealed.why.twice")
    if why.startswith("a card shown that does not open"):
        return t("sealed.why.wrong_card")
    if why == "a wrong key part":
        return t("sealed.why.wrong_part")
    if why == "a wrong key part for a passed card":
        return t("sealed.why.wrong_pass")
    if "did not ask for" in why:
        return t("sealed.why.unasked")
    return t("sealed.why.unfit")


def awaited_text(awaited: list[Awaited], names: list[str]) -> tuple[str, ...]:
    """Whom this device waits for and for what, in words (each said once)."""
    def text(item: Awaited) -> str:
        name = names[item.seat] if 0 <= item.seat < len(names) else "?"
        deck = t("sealed.deck." + item.deck.split("/")[0]) if item.deck else ""
        key = "reshuffle" if item.what == "shuffle" and item.deck else item.what
        return t(f"sealed.await.{key}", name=name, deck=deck)
    return tuple(dict.fromkeys(text(item) for item in awaited))


def finding_text(deck: str, seat: int, reason: str, names: list[str]) -> str:
    """One thing the audit found, in words."""
    name = names[seat] if 0 <= seat < len(names) else "?"
    return t("sealed.finding", name=name, what=t("sealed.audit." + reason.replace(" ", "_")),
             deck=t("sealed.deck." + deck.split("/")[0]))


def caught_text(error: Exception, names: list[str]) -> str:
    """The notice of a link the fair deck or the rules refused, naming the seat caught."""
    seat = getattr(error, "seat", None)
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    return t("sealed.caught", name=name, what=what_text(error))


def equivocation_text(found: Equivocation, names: list[str]) -> str:
    """The notice of a seat whose device signed two histories that fork, its two
    signatures shown as the proof."""
    name = names[found.seat] if 0 <= found.seat < len(names) else "?"
    return t("sealed.equivocation", name=name, move=found.index + 1,
             ours=base64.b64encode(found.ours.signature).decode(),
             theirs=base64.b64encode(found.theirs.signature).decode())


def stopped_text(stopped: Stopped, names: list[str], kept: bool) -> str:
    """The notice of a link that let a waiting move go on and so refuted a post of an
    earlier link: the game stops before that post, naming its seat (``kept``: the link
    was stored; else it is refused as any link the fair deck refuses)."""
    if not kept:
        return caught_text(stopped.caught, names)
    return _stop(stopped.index, stopped.caught.seat, what_text(stopped.caught), names)


def _stop(index: int, seat: int, what: str, names: list[str]) -> str:
    name = names[seat] if 0 <= seat < len(names) else "?"
    return t("sealed.stopped", name=name, what=what, post=index + 1)


def stopped_or_awaited(play: SealedPlay, names: list[str]) -> tuple[str, ...]:
    """Why the game stands still: stopped before a refuted post (naming its seat), or
    whom this device waits for and for what."""
    stopped = play.record.stopped
    if stopped is None:
        return awaited_text(play.seat.awaited(), names)
    index, seat, reason = stopped
    what = what_text(_Reason(str(reason)))
    return (_stop(int(index), int(seat), what, names),)


class _Reason(Exception):
    """A refusal's reason as the record keeps it (what :func:`what_text` reads)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
