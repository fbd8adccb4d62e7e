"""A hostile device in a sealed game, for tests (issue 43): it speaks the protocol (its
links decode, its posts carry its own seat, its device key signs them) but cheats. It
wraps the link an honest device of its seat would send and bends it, each way a cheat
would: a wrong key part, a drafted card passed with a wrong key or none, a junk hand-off
of a deck generation the game never opens, a move the rules refuse, another version of a
post it sent before (equivocation), its seed held back at the end. Every bent link is
signed again by the seat's own key, so only the fair deck's and the rules' own checks can
refuse it."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from tests.kits.keys import TestSigner
from tm.fairdeck.wire import DeckParts, HandOff, SeedReveal, Turn, decode, encode
from tm.linkplay import sealedlinks
from tm.linkplay.sealedlinks import SealedLink
from tm.linkplay.sealedplay import Post
from tm.web import linkseals
from tm.web.saves import MemoryStorage

Bend = Callable[[list[Post]], list[Post]]


@dataclass
class HostileDevice:
    """The seat ``seat`` of ``game_id`` with its device key (``signer``) and the key
    parts its seed gives (``part(deck, position)``)."""
    game_id: str
    seat: int
    signer: TestSigner
    part: Callable[[str, int], bytes]

    def sign(self, held: list[Post], link: SealedLink) -> str:
        """The link, signed by this seat over the history it makes (``held`` before it)."""
        text = sealedlinks.encode(link.game_id, list(link.posts), link.first, link.options)
        history = [*held[:link.first], *link.posts]
        return linkseals.sealed(text, MemoryStorage(), self.game_id, self.seat,
                                sealedlinks.signed_items(history), self.signer).fragment

    def bend(self, held: list[Post], honest: str, how: Bend) -> str:
        """The honest link (its posts after ``held[:first]``) bent by ``how``."""
        link = sealedlinks.decode(honest.split("&")[0])
        return self.sign(held, replace(link, posts=tuple(how(list(link.posts)))))

    # ------------------------------------------------------------ the attacks
    def wrong_part(self, held: list[Post], honest: str) -> str:
        """Its first key part in the link replaced by its own part of another position."""
        def how(posts: list[Post]) -> list[Post]:
            for index, post in enumerate(posts):
                message = decode(post.message)
                if post.seat == self.seat and isinstance(message, Turn) and message.parts:
                    entry = message.parts[0]
                    wrong = self.part(entry.deck.partition("/")[0], 0)
                    if wrong == entry.digests[0]:
                        wrong = self.part(entry.deck.partition("/")[0], 1)
                    bent = DeckParts(entry.deck, entry.counts,
                                     (wrong, *entry.digests[1:]), entry.proofs)
                    posts[index] = Post(post.seat, post.move, encode(
                        replace(message, parts=(bent, *message.parts[1:]))))
                    return posts
            raise AssertionError("no key part of the seat in the link")
        return self.bend(held, honest, how)

    def _passing(self, held: list[Post], honest: str, change: Callable[[Turn], Turn]) -> str:
        """The link with its first post of a draft pick (one that passes cards) changed."""
        def how(posts: list[Post]) -> list[Post]:
            for index, post in enumerate(posts):
                message = decode(post.message)
                if post.seat == self.seat and isinstance(message, Turn) and message.passes:
                    posts[index] = Post(post.seat, post.move, encode(change(message)))
                    return posts
            raise AssertionError("no passed card of the seat in the link")
        return self.bend(held, honest, how)

    def wrong_pass(self, held: list[Post], honest: str) -> str:
        """The draft: the first card it passes on sealed with one bit flipped (a key part
        that is not the drawer's)."""
        def change(message: Turn) -> Turn:
            first = message.passes[0]
            sealed = bytes([first.sealed[0] ^ 1]) + first.sealed[1:]
            return replace(message, passes=(replace(first, sealed=sealed),
                                            *message.passes[1:]))
        return self._passing(held, honest, change)

    def withhold_pass(self, held: list[Post], honest: str) -> str:
        """The draft: its pick posted, the hand passed on without its keys."""
        return self._passing(held, honest, lambda message: replace(message, passes=()))

    def junk_handoff(self, held: list[Post], honest: str, elements: tuple[int, ...]) -> str:
        """A hand-off of a project deck generation that never opens, added at the end."""
        def how(posts: list[Post]) -> list[Post]:
            junk = HandOff("secp256k1", self.seat, 2, 0, ("project/9",), ((elements,),))
            return [*posts, Post(self.seat, None, encode(junk))]
        return self.bend(held, honest, how)

    def refused_move(self, held: list[Post], honest: str) -> str:
        """Its first move in the link replaced by one the rules refuse."""
        def how(posts: list[Post]) -> list[Post]:
            index = next(i for i, p in enumerate(posts)
                         if p.seat == self.seat and p.move is not None)
            posts[index] = Post(self.seat, {"type": "no such move"}, posts[index].message)
            return posts
        return self.bend(held, honest, how)

    def equivocate(self, held: list[Post]) -> str:
        """Another version of its last post the recipient holds, signed again: two
        histories, both carrying its signature."""
        index = max(i for i, p in enumerate(held) if p.seat == self.seat and p.move is not None)
        other = Post(self.seat, {"type": "another version"}, held[index].message)
        link = SealedLink(self.game_id, None, index, (other,))
        return self.sign(held, link)

    def withhold_seed(self, held: list[Post], honest: str) -> str:
        """The link without its seed."""
        def how(posts: list[Post]) -> list[Post]:
            return [p for p in posts
                    if not (p.seat == self.seat and isinstance(decode(p.message), SeedReveal))]
        return self.bend(held, honest, how)
