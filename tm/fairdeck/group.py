"""The groups the fair deck computes in: what the protocol needs of one (:class:`Group`),
and the quadratic residues modulo a safe prime (:class:`ModpGroup`; the elliptic curve is
in :mod:`tm.fairdeck.curve`).

With ``p = 2q + 1`` and ``q`` prime, the squares modulo ``p`` form a group of prime order
``q``. Raising to a key ``k`` (``1 <= k < q``) permutes that group, ``x -> x**k`` is undone
by the exponent ``k**-1 mod q``, and two keys commute — Pohlig–Hellman / SRA encryption.
Staying inside the squares matters: in the whole of ``Z_p*`` the Legendre symbol survives
encryption and would tell cards apart.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Protocol

# RFC 3526, group 14: a published 2048-bit safe prime (nothing up our sleeve).
MODP_2048_HEX = (
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22"
    "514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6"
    "F44C42E9A637ED6B0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3D"
    "C2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB"
    "9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3BE39E772C180E8603"
    "9B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510"
    "15728E5A8AACAA68FFFFFFFFFFFFFFFF")
# A 127-bit safe prime (2**127 - 2721): fast, for tests only; it offers no secrecy.
TEST_127_HEX = "7FFFFFFFFFFFFFFFFFFFFFFFFFFFF55F"


class Group(Protocol):
    """What the protocol needs of a group of prime order ``q``: elements are ints (an
    element's wire form is ``element_bytes`` big-endian bytes), ``power`` is encryption."""

    @property
    def name(self) -> str: ...

    @property
    def q(self) -> int: ...

    @property
    def element_bytes(self) -> int: ...

    def power(self, x: int, e: int) -> int:
        """``x`` to the ``e`` (``e`` a positive integer, not necessarily below ``q``)."""
        ...

    def member(self, x: int) -> bool:
        """Whether ``x`` is an element other than the identity."""
        ...

    def product(self, xs: tuple[int, ...]) -> int | None:
        """The group operation over ``xs`` (None: the identity, which has no wire form)."""
        ...

    def power2(self, x: int, e: int, y: int, f: int) -> int | None:
        """``x**e * y**f`` (None: the identity); exponents reduced mod ``q``."""
        ...

    def power_many(self, terms: tuple[tuple[int, int], ...]) -> int | None:
        """``prod x**e`` over ``(x, e)`` terms (None: the identity); exponents reduced
        mod ``q``."""
        ...

    def cards(self, label: str, count: int) -> tuple[int, ...]:
        """Card ``0 .. count-1`` of the deck ``label`` as elements (not yet checked
        distinct)."""
        ...


@dataclass(frozen=True, slots=True)
class ModpGroup:
    """The squares modulo the safe prime ``p``; ``name`` travels in saves."""
    name: str
    p: int

    @property
    def q(self) -> int:
        """The group's (prime) order."""
        return (self.p - 1) // 2

    @property
    def element_bytes(self) -> int:
        """How many bytes one element (one encrypted card) takes on the wire."""
        return (self.p.bit_length() + 7) // 8

    def power(self, x: int, e: int) -> int:
        return pow(x, e, self.p)

    def member(self, x: int) -> bool:
        """A square in ``2..p-1``: the Jacobi symbol costs far less than ``x**q``."""
        return 1 < x < self.p and jacobi(x, self.p) == 1

    def power2(self, x: int, e: int, y: int, f: int) -> int | None:
        result = pow(x, e % self.q, self.p) * pow(y, f % self.q, self.p) % self.p
        return None if result == 1 else result

    def power_many(self, terms: tuple[tuple[int, int], ...]) -> int | None:
        result = 1
        for x, e in terms:
            result = result * pow(x, e % self.q, self.p) % self.p
        return None if result == 1 else result

    def product(self, xs: tuple[int, ...]) -> int | None:
        result = 1
        for x in xs:
            result = result * x % self.p
        return None if result == 1 else result

    def cards(self, label: str, count: int) -> tuple[int, ...]:
        """``h(label, i)**2 mod p``, with 128 extra bits of hash so the reduction mod p is
        uniform."""
        width = self.element_bytes + 16
        return tuple(pow(int.from_bytes(hashlib.shake_256(_framed(
            b"tm-fairdeck/card", label.encode(), index.to_bytes(4, "big"))).digest(width),
            "big") % self.p, 2, self.p) for index in range(count))


MODP_2048 = ModpGroup("modp2048", int(MODP_2048_HEX, 16))
TEST_127 = ModpGroup("test127", int(TEST_127_HEX, 16))


def _framed(*parts: bytes) -> bytes:
    """The parts joined so that no two different lists join the same (length-prefixed)."""
    return b"".join(len(part).to_bytes(4, "big") + part for part in parts)


def encode_cards(group: Group, label: str, count: int) -> tuple[int, ...]:
    """Card ``i`` of the deck ``label`` as an element whose discrete logarithm to any other
    card nobody knows, which is what keeps encryptions apart; raises ``ValueError`` if two
    cards meet (only in a toy group)."""
    cards = group.cards(label, count)
    if len(set(cards)) != count or not all(group.member(card) for card in cards):
        raise ValueError(f"group {group.name} too small for {count} distinct cards")
    return cards


def jacobi(a: int, n: int) -> int:
    """The Jacobi symbol (a/n) for odd n > 0; for a prime n, 1 says a square."""
    a %= n
    result = 1
    while a:
        while a % 2 == 0:
            a //= 2
            if n % 8 in (3, 5):
                result = -result
        a, n = n, a
        if a % 4 == 3 and n % 4 == 3:
            result = -result
        a %= n
    return result if n == 1 else 0


def is_member(group: Group, x: int) -> bool:
    """Whether ``x`` is an element of the group other than the identity."""
    return group.member(x)


def key_of(group: Group, digest: bytes) -> int:
    """The exponent a 32-byte secret stands for, in ``1..q-1``. 256 bits of key suffice
    for 128-bit security and make every encryption with it about 8 times cheaper than a
    full-size exponent."""
    return 1 + int.from_bytes(digest, "big") % (group.q - 1)


def element_to_bytes(group: Group, x: int) -> bytes:
    return x.to_bytes(group.element_bytes, "big")


def elements_to_bytes(group: Group, xs: tuple[int, ...]) -> bytes:
    """A deck on the wire: its elements, each in ``element_bytes``, one after another."""
    return b"".join(element_to_bytes(group, x) for x in xs)


def elements_from_bytes(group: Group, data: bytes) -> tuple[int, ...]:
    """The deck ``elements_to_bytes`` wrote; raises ``ValueError`` on a ragged length."""
    width = group.element_bytes
    if len(data) % width:
        raise ValueError("deck bytes are not whole elements")
    return tuple(int.from_bytes(data[i:i + width], "big") for i in range(0, len(data), width))
