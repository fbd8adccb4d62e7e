"""A fair deck with no server: a jointly shuffled, encrypted deck ("mental poker").

Pure Python, standard library only (it runs in Pyodide), and below the rules: the rules
call it, it knows nothing of cards beyond their index. The protocol and its threat model
are in docs/fair-deck.md. The parts: :mod:`group` (the arithmetic; :mod:`curve`, the
same on an elliptic curve), :mod:`keys` (a seat's secrets from one seed), :mod:`shuffle`
(the joint shuffle), :mod:`piles` (who draws which position), :mod:`draw` (reading a
position), :mod:`audit` (the end-of-game check), :mod:`proofs` (a key part's proof,
checked on arrival), :mod:`passing` (the draft's passed cards, sealed to the next
seat), :mod:`wire` (the messages' bytes) and :mod:`device` (one device's side of a game,
the Dealer the rules ask for card names; its part in the joint shuffle is
:mod:`joining`, the draft's passes :mod:`drafting`, the others' messages :mod:`receiving`).
"""
from __future__ import annotations

from tm.fairdeck import proofs
from tm.fairdeck.audit import Claim, Finding, Part, audit
from tm.fairdeck.curve import SECP256K1, CurveGroup
from tm.fairdeck.device import Device
from tm.fairdeck.draw import card_table, holds, read
from tm.fairdeck.group import MODP_2048, TEST_127, Group, ModpGroup
from tm.fairdeck.held import Caught, DeviceError, Shown
from tm.fairdeck.keys import PART_BYTES, SEED_BYTES, DeckKeys, RandBytes, keys_for, new_seed
from tm.fairdeck.piles import PileEmpty, Piles
from tm.fairdeck.shuffle import (
    Origin,
    ShuffleError,
    Step,
    Transcript,
    reshuffle,
    run_step,
    schedule,
)
from tm.fairdeck.wire import DeckParts, HandOff, SeedReveal, Show, Turn, WireError, decode, encode

GROUPS: dict[str, Group] = {group.name: group for group in (MODP_2048, SECP256K1, TEST_127)}

__all__ = ["GROUPS", "MODP_2048", "PART_BYTES", "SECP256K1", "SEED_BYTES", "TEST_127",
           "Caught", "Claim", "CurveGroup", "DeckKeys", "DeckParts", "Device", "DeviceError",
           "Finding", "Group", "HandOff", "ModpGroup", "Origin", "Part", "PileEmpty", "Piles",
           "RandBytes", "SeedReveal", "Show", "Shown", "ShuffleError", "Step", "Transcript",
           "Turn", "WireError", "audit", "card_table", "decode", "encode", "holds", "keys_for",
           "new_seed", "proofs", "read", "reshuffle", "run_step", "schedule"]
