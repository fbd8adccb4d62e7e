"""The fair deck over an elliptic curve: secp256k1's points, a group of prime order.

Same protocol, smaller and faster: an element is a compressed point of 33 bytes instead
of 256, and raising to a key is a 256-bit scalar multiplication, far cheaper in pure
Python than a 2048-bit exponent. secp256k1 has cofactor 1, so every point on the curve is
in the group and a membership test is the curve equation. An element is the compressed
point as an int: ``(2 + y % 2) << 256 | x`` (the point at infinity has none).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from tm.fairdeck.group import jacobi

P = 2**256 - 2**32 - 977  # the field
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141  # the group's order
_X_MASK = (1 << 256) - 1
Jacobian = tuple[int, int, int]


def _double(point: Jacobian) -> Jacobian:
    x, y, z = point
    if y == 0 or z == 0:
        return (0, 1, 0)
    yy = y * y % P
    s = 4 * x * yy % P
    m = 3 * x * x % P
    x3 = (m * m - 2 * s) % P
    return (x3, (m * (s - x3) - 8 * yy * yy) % P, 2 * y * z % P)


def _add_affine(point: Jacobian, x2: int, y2: int) -> Jacobian:
    """``point + (x2, y2)``, the second point affine (a mixed addition)."""
    x1, y1, z1 = point
    if z1 == 0:
        return (x2, y2, 1)
    z1z1 = z1 * z1 % P
    h = (x2 * z1z1 - x1) % P
    r = (y2 * z1 * z1z1 - y1) % P
    if h == 0:
        return _double(point) if r == 0 else (0, 1, 0)
    hh = h * h % P
    hhh = h * hh % P
    v = x1 * hh % P
    x3 = (r * r - hhh - 2 * v) % P
    return (x3, (r * (v - x3) - y1 * hhh) % P, z1 * h % P)


def _decompress(element: int) -> tuple[int, int]:
    x, odd = element & _X_MASK, (element >> 256) - 2
    y = pow((x * x * x + 7) % P, (P + 1) // 4, P)  # P = 3 mod 4: the square root
    return x, (y if y % 2 == odd else P - y)


def _normal(point: Jacobian) -> tuple[int, int] | None:
    """The affine point of ``point`` (None: infinity)."""
    x, y, z = point
    if z == 0:
        return None
    zi = pow(z, -1, P)
    return x * zi * zi % P, y * zi * zi * zi % P


def _compress(x: int, y: int) -> int:
    return (2 + y % 2) << 256 | x


@dataclass(frozen=True, slots=True)
class CurveGroup:
    """secp256k1's points (see the module)."""
    name: str = "secp256k1"

    @property
    def q(self) -> int:
        return N

    @property
    def element_bytes(self) -> int:
        return 33

    def power(self, x: int, e: int) -> int:
        """The scalar multiple ``e * x`` (``e`` reduced mod the order first: a key
        product stays a 256-bit scalar); double-and-add in Jacobian coordinates."""
        e %= N
        if e == 0:
            raise ValueError("a key of 0 has no inverse")
        px, py = _decompress(x)
        acc: Jacobian = (0, 1, 0)
        for bit in bin(e)[2:]:
            acc = _add_affine(_double(acc), px, py) if bit == "1" else _double(acc)
        ax, ay, az = acc
        zi = pow(az, -1, P)
        return _compress(ax * zi * zi % P, ay * zi * zi * zi % P)

    def power2(self, x: int, e: int, y: int, f: int) -> int | None:
        """``e * x + f * y`` in one double-and-add over both scalars (Shamir's trick,
        about a third dearer than one multiple instead of twice); None: infinity."""
        e, f = e % N, f % N
        px, py = _decompress(x)
        qx, qy = _decompress(y)
        both = _normal(_add_affine((px, py, 1), qx, qy))
        acc: Jacobian = (0, 1, 0)
        for i in range(max(e.bit_length(), f.bit_length()) - 1, -1, -1):
            acc = _double(acc)
            pick = (e >> i & 1, f >> i & 1)
            if pick == (1, 1):
                acc = acc if both is None else _add_affine(acc, *both)
            elif pick == (1, 0):
                acc = _add_affine(acc, px, py)
            elif pick == (0, 1):
                acc = _add_affine(acc, qx, qy)
        found = _normal(acc)
        return None if found is None else _compress(*found)

    def power_many(self, terms: tuple[tuple[int, int], ...]) -> int | None:
        """``sum e * x`` over the terms in one double-and-add whose doublings all share
        (Straus's method: a term costs its additions only); None: infinity."""
        points = [(*_decompress(x), e % N) for x, e in terms]
        acc: Jacobian = (0, 1, 0)
        for i in range(max((e.bit_length() for _, _, e in points), default=0) - 1, -1, -1):
            acc = _double(acc)
            for px, py, e in points:
                if e >> i & 1:
                    acc = _add_affine(acc, px, py)
        found = _normal(acc)
        return None if found is None else _compress(*found)

    def product(self, xs: tuple[int, ...]) -> int | None:
        """The sum of the points ``xs`` (None: the point at infinity)."""
        acc: Jacobian = (0, 1, 0)
        for x in xs:
            acc = _add_affine(acc, *_decompress(x))
        ax, ay, az = acc
        if az == 0:
            return None
        zi = pow(az, -1, P)
        return _compress(ax * zi * zi % P, ay * zi * zi * zi % P)

    def member(self, x: int) -> bool:
        """A well-formed compressed point on the curve."""
        return (x >> 256) in (2, 3) and (x & _X_MASK) < P and jacobi(
            ((x & _X_MASK) ** 3 + 7) % P, P) == 1

    def cards(self, label: str, count: int) -> tuple[int, ...]:
        """Card ``i``: the first point whose x is a hash of (label, i, counter), even y
        (try-and-increment: about two tries a card)."""
        return tuple(self._card(label, index) for index in range(count))

    def _card(self, label: str, index: int) -> int:
        counter = 0
        while True:
            digest = hashlib.shake_256(b"tm-fairdeck/point" + len(label).to_bytes(4, "big")
                                       + label.encode() + index.to_bytes(4, "big")
                                       + counter.to_bytes(4, "big")).digest(48)
            x = int.from_bytes(digest, "big") % P
            if jacobi((x * x * x + 7) % P, P) == 1:
                return _compress(x, 0)
            counter += 1


SECP256K1 = CurveGroup()
