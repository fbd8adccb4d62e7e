"""The screen model's records of play by link (:mod:`tm.web.model`): what the page shows
of a game played across devices, of its sealed hands and of undo requests by link, and
of a link older than this device's game. Their own module, so that the page's start
imports the screen model in two slices, not one long task on a phone (issue 46: every
frozen dataclass compiles its methods when it is defined)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Older:
    """A link opened that is older than this device's save of the same game, or (``fork``
    set) one that does not extend it: kept apart, never written over this device's game."""

    save_id: str
    link_moves: int
    local_moves: int
    fork: str = ""  # "" older; "other_game", "other_deal" (only the seed differs),
    # "changes" (a move rewritten), "own_seat", "seat_key", "unsigned"
    player: str = ""  # the player whose move the link changes or makes (their name)
    move: int = 0  # the number of that move in the game (1 the first)
    mendable: bool = False  # this device may adopt the link's history (tm.web.app_linkundo)


@dataclass(frozen=True, slots=True)
class LinkPlayShown:
    """What the page shows of play by link and of the daily challenge."""

    link_id: str = ""
    seat: int = -1
    names: tuple[str, ...] = ()
    send_to: str | None = None  # the player whose decision is next, on another device
    over: bool = False  # the game is over: the final position is sent on
    send_link: str | None = None
    sealing: bool = False  # the link waits for this device's keys to sign it
    key_lost: bool = False  # this device lost the key its seat signed with before
    signed: bool = False  # the link to send carries this device's signature of it
    taken: tuple[int, ...] = ()  # seats played on other devices (their keys pinned here)
    uninvited: tuple[int, ...] = ()  # free seats this device holds no invitation for
    invites: tuple[tuple[int, str | None], ...] = ()  # on the creator's device: each seat
    # not yet taken and the link inviting it (None while it is signed)
    reinvite: tuple[int, ...] = ()  # seats the creator's device may invite again
    recovery: str | None = None  # on the creator's device: its way back to its seat
    copied_invite: str | None = None  # the invitation link the clipboard took
    copied: bool = False
    can_share: bool = False  # the browser has a share sheet (navigator.share)
    older: Older | None = None
    today: str = ""  # the date of today's challenge (UTC), "" when the clock is off
    today_extras: tuple[str, ...] = ()
    history: tuple[tuple[str, int | None, bool], ...] = ()  # (date, score of a win, won)
    daily: str = ""  # the date of the challenge shown
    score: int | None = None  # its score, once won
    lost: bool = False  # it is over and lost (no score)
    result_link: str | None = None
    sealed: SealedShown | None = None  # a sealed game's (hands secret across devices)
    undo: UndoShown | None = None  # undo requests by link (tm.web.app_linkundo)
    seat_file: bool = False  # a sealed seat's move file opened: its passphrase is asked
    # a sealed seat invited again that this device may take back, and whether its
    # player left an escrow (its recovery passphrase is asked: tm.web.seedescrow)
    recovering: tuple[int, bool, bool] | None = None
    claims: tuple[int, ...] = ()  # the seats claiming the creator's key (the whole game)


@dataclass(frozen=True, slots=True)
class UndoShown:
    """What the page shows of taking back sent moves: a request to answer (``asked``: the
    asker's name, the first move taken back, how many of theirs, how many of this seat's
    since, whether it can be accepted: no card seen since), the request or answer to send
    (``kind`` "ask", "pass" or "answer", to whom, from which move, its link: None while
    signing), what came of one (``note``), and the branch this device left (``left``)."""

    asked: tuple[str, int, int, int, bool] | None = None
    kind: str = ""
    to: str = ""
    move: int = 0
    link: str | None = None
    can_withdraw: bool = False
    note: str | None = None
    left: bool = False


@dataclass(frozen=True, slots=True)
class SealedShown:
    """What the page shows of a sealed game (hands secret across devices): whether the
    shuffle is over, whether this seat may decide now, the link to send and to whom (long:
    offered as a file too), and at the end the audit (None: a seed is still to come, or
    ``checking``: every seed is here and the audit is about to run; empty: passed; else
    each finding in words)."""

    ready: bool = False
    can_decide: bool = False
    send_to: str | None = None
    link: str | None = None
    long: bool = False
    over: bool = False
    audit: tuple[str, ...] | None = None
    posts: int = 0  # the posts of the game this device holds (tests wait on it)
    sealing: bool = False  # the link waits for this device's keys to sign it
    checking: bool = False  # the audit runs after this drawing (it takes seconds)
    awaited: tuple[str, ...] = ()  # whom this device waits for and for what, in words
    moved: str = ""  # in words, why this device plays its seat no more (it moved it to
    # another device, or it was taken back on another): it only shows the game
    can_move: bool = False  # its seat may move to another device now
    whole: tuple[str, str] | None = None  # the creator's name and the whole game for the
    # creator's new device (its own lost: tm.web.seedescrow)
