"""A device's ECDSA P-256 key pair for tests (the page's WebCrypto holds the real ones):
plain affine arithmetic, a fixed nonce; never used by the game itself, which only verifies."""
from __future__ import annotations

import hashlib

from tm.persist import sigs


def _mul(k: int, point: tuple[int, int]) -> tuple[int, int]:
    """k·point in affine coordinates (slow, plain: a signer for the tests only)."""
    result: tuple[int, int] | None = None
    addend: tuple[int, int] | None = point
    while k:
        if k & 1:
            result = _plus(result, addend)
        addend, k = _plus(addend, addend), k >> 1
    assert result is not None
    return result


def _plus(a: tuple[int, int] | None, b: tuple[int, int] | None) -> tuple[int, int] | None:
    p = sigs.P
    if a is None or b is None:
        return a or b
    if a[0] == b[0] and (a[1] + b[1]) % p == 0:
        return None
    if a == b:
        slope = (3 * a[0] * a[0] - 3) * pow(2 * a[1], -1, p) % p
    else:
        slope = (b[1] - a[1]) * pow(b[0] - a[0], -1, p) % p
    x = (slope * slope - a[0] - b[0]) % p
    return x, (slope * (a[0] - x) - a[1]) % p


class TestKey:
    """A device's key pair, as the page's WebCrypto would hold it (tests only)."""

    __test__ = False

    def __init__(self, secret: int) -> None:
        self.secret = secret
        x, y = _mul(secret, sigs.G)
        self.public = b"\x04" + x.to_bytes(32, "big") + y.to_bytes(32, "big")

    def sign(self, message: bytes, nonce: int = 0x1234567) -> bytes:
        e = int.from_bytes(hashlib.sha256(message).digest(), "big")
        r = _mul(nonce, sigs.G)[0] % sigs.N
        s = pow(nonce, -1, sigs.N) * (e + r * self.secret) % sigs.N
        return r.to_bytes(32, "big") + s.to_bytes(32, "big")


class TestSigner:
    """A device's keys per game seat, as the page's signer gives them (tm.web.linkseals)."""

    __test__ = False

    def __init__(self, secret: int) -> None:
        self.key = TestKey(secret)

    def public_key(self, link_id: str, seat: int) -> bytes:
        return self.key.public

    def sign(self, link_id: str, seat: int, message: bytes) -> bytes:
        return self.key.sign(message)
