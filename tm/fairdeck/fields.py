"""The fields of a device, declared once for the parts it is built from (joining,
checking, drafting, receiving): :class:`~tm.fairdeck.device.Device` sets them."""
from __future__ import annotations

from tm.fairdeck import generations
from tm.fairdeck.group import Group
from tm.fairdeck.held import Holding
from tm.fairdeck.piles import Piles


class DeviceFields:
    """What every part of a device reads (set by :class:`~tm.fairdeck.device.Device`)."""

    group: Group
    seat: int
    seats: int
    game_id: str
    version: int
    _seed: bytes
    _seeds: list[bytes | None]
    _decks: dict[str, Holding]
    _piles: dict[str, Piles]
    _initial: tuple[str, ...]
    _expected: dict[str, generations.Sources]  # reshuffles the rules opened
    _pass_keys: dict[int, bytes]  # the draft: each seat's published pass key
    _shared: dict[int, int | None]  # the secret shared with each seat
