"""Reading a position of the locked deck: a draw to one seat, a public reveal, a claim.

Position ``j`` holds ``card**(b_0j * ... * b_(n-1)j)``. To draw it, a seat needs every
other seat's key part for ``j`` (published ahead, see :mod:`tm.fairdeck.piles`) and its
own, which it never publishes until it shows the card. Showing (playing a card, or a
reveal from the deck on the seat's turn) publishes that last part, and anyone can then
check the card: the key parts prove it lay at a position the seat drew.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from tm.fairdeck.group import Group, key_of


def card_table(cards: Sequence[int]) -> dict[int, int]:
    """``element -> card index`` for the deck's plain cards."""
    return {element: index for index, element in enumerate(cards)}


def read(group: Group, table: Mapping[int, int], element: int,
         parts: Sequence[bytes]) -> int | None:
    """The card at a position given every seat's key part for it, or None if the parts do
    not open it (a wrong or missing part): one full-size exponentiation."""
    product = 1
    for part in parts:
        product = product * key_of(group, part) % group.q
    return table.get(group.power(element, pow(product, -1, group.q)))


def holds(group: Group, card: int, element: int, parts: Sequence[bytes]) -> bool:
    """Whether the position ``element`` holds the plain ``card`` under these parts: the
    check of a shown card, cheaper than :func:`read` (exponents of 256 bits per seat)."""
    product = 1
    for part in parts:
        product *= key_of(group, part)
    return group.power(card, product) == element
