"""The play-by-link controller's own state (:mod:`tm.web.app_linkplay`), and the save id
of a game played by link: shared by the controller and the parts it is made of (the
creator's invitations, the daily challenge) and by the controllers that read it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tm.persist import sigs
from tm.web import linkseals
from tm.web.model_links import Older

LINK_SAVE = "link-"  # a game played by link is saved as link-<its id> on every device


@dataclass
class LinkPlayState:
    """The play-by-link controller's own state."""

    older: Older | None = None  # a link opened that is older than this device's save
    copied_link: str | None = None  # the last link the clipboard took (a button says so)
    can_share: bool = False  # set by the page where the browser has a share sheet
    send_cache: tuple[Any, int, str, linkseals.Sealed] | None = None  # (game, moves,
    # its link, its seals)
    verifier: sigs.Verifier = sigs.P256Verifier()  # checks the seats' signatures
    signer: linkseals.Signer | None = None  # this device's keys, where the page can sign
    invite_cache: dict[tuple[int, int], str] = field(default_factory=dict)  # (seat, moves):
    # the link inviting that seat
