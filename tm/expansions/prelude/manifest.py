"""Prelude (R-PRE): its preludes, project cards and corporations; a deck of preludes of
its own; four dealt to each player in the secret setup decision, two kept (R-PRE-1);
after the reveal each player in turn plays both, before the first action (R-PRE-1); a
prelude that cannot be resolved is discarded for 15 MC (R-PRE-2); solo lasts 12
generations (R-PRE-4).

The expansion's section of the state (``g.ext["prelude"]``) holds the prelude deck and
discard pile, per player the preludes dealt and not yet decided on (``dealt``: the four of
setup, or Valley Trust's three) and the preludes kept and not yet played (``kept``).
Played preludes lie in the player's tableau like any card in play: their tags count.
"""
from __future__ import annotations

from typing import Any, Literal, TypedDict

from tm.cards import card, prelude_deck
from tm.core.contract import CardAsk
from tm.core.dealing import deal_of
from tm.core.flow import ask, handler, op, push, run_steps
from tm.core.ledger import log
from tm.core.manifest import Manifest, SetupOffer
from tm.core.responses import CardResponse
from tm.core.ruleset import rules_of, section_as_seen
from tm.core.state import FACE_DOWN, OWNER, PUBLIC, GameState, PlayerState, from_dict, to_dict
from tm.expansions.prelude.vocabulary import VOCABULARY, record
from tm.rules.play import requirements_met
from tm.vocab.kinds import RUN, can_step

NAME = "prelude"
DEALT, KEEP = 4, 2  # R-PRE-1
FIZZLE_MC = 15  # R-PRE-2
SOLO_GENERATIONS = 12  # R-PRE-4
_APPLIED = ("prod", "gain", "spend")  # steps whose result later steps' checks must see


class Section(TypedDict):
    """This expansion's part of the game state (``g.ext["prelude"]``, JSON in saves): the
    prelude deck and its discard pile, and by seat the preludes dealt and those kept."""

    deck: list[str]
    discard: list[str]
    dealt: list[list[str]]
    kept: list[list[str]]


def section(g: GameState) -> Section:
    """This expansion's part of the game state."""
    found: Section = g.ext[NAME]
    return found


# ---------------------------------------------------------------- the deck
def _build_deck(g: GameState) -> None:
    """Setup: the preludes of the game's card sets, shuffled by the game's RNG."""
    sec = section(g)
    sec["deck"] = deal_of(g).face_down(g, "prelude", prelude_deck(rules_of(g).card_sets))
    sec["dealt"] = [[] for _ in g.players]
    sec["kept"] = [[] for _ in g.players]


def draw_preludes(g: GameState, count: int, seat: int) -> list[str]:
    """Take preludes from their deck for ``seat``, shuffling their discard pile in when it
    runs out (a sealed game: from the seat's pile, tokens)."""
    sec, deal = section(g), deal_of(g)
    drawn: list[str] = []
    for _ in range(count):
        found = deal.draw(g, "prelude", seat, sec["deck"], sec["discard"])
        if found is None:
            break
        drawn.append(found)
    if drawn:
        g.reveals += 1  # the player sees cards that were hidden: an undo barrier
    return drawn


def _deal(g: GameState, p: int) -> list[str]:
    """R-PRE-1: four preludes for player ``p``'s setup decision."""
    dealt = draw_preludes(g, DEALT, p)
    section(g)["dealt"][p] = list(dealt)
    return dealt


def _take(g: GameState, p: int, kept: list[str], rest: list[str]) -> None:
    """At the reveal: the two kept wait to be played, the others are discarded."""
    sec = section(g)
    sec["dealt"][p] = []
    sec["kept"][p] = list(kept)
    sec["discard"].extend(rest)
    record(g, "preludes_kept", player=p, cards=list(kept))


def _held(g: GameState) -> list[str]:
    sec = section(g)
    return [*sec["deck"], *sec["discard"], *(c for cards in sec["dealt"] for c in cards),
            *(c for cards in sec["kept"] for c in cards)]


# ---------------------------------------------------------------- playing them in turn
def _start(g: GameState) -> None:
    """After the reveal: the first player plays both preludes, then the next (R-PRE-1)."""
    count = len(g.players)
    _next_turn(g, [(g.first_player + i) % count for i in range(count)])


def _next_turn(g: GameState, order: list[int]) -> None:
    if order:
        g.active = order[0]
        push(g, order[0], {"op": "prelude_turn", "p": order[0], "rest": order[1:]})


class TurnOp(TypedDict):
    """``p``'s turn to play their kept preludes; ``rest``: the seats whose turns follow."""

    op: Literal["prelude_turn"]
    p: int
    rest: list[int]


class PlayOp(TypedDict):
    """A queued play of one prelude ``card`` by ``p``."""

    op: Literal["play_prelude"]
    p: int
    card: str


@op("prelude_turn")
def _turn(g: GameState, item: TurnOp) -> None:
    """Play the player's next kept prelude (they choose which first), or pass the turn on."""
    p, rest = item["p"], item["rest"]
    kept = section(g)["kept"][p]
    if not kept:
        _next_turn(g, rest)
    elif len(kept) == 1:
        push(g, p, play_op(p, kept[0]), item)
    else:
        ask(g, p, "card", "prelude_first", cards=list(kept), rest=rest)


@handler("prelude_first")
def _first(g: GameState, p: int, prompt: CardAsk, response: CardResponse) -> None:
    push(g, p, play_op(p, response["card"]),
         {"op": "prelude_turn", "p": p, "rest": prompt["rest"]})


def play_op(p: int, name: str) -> PlayOp:
    """A queued play of one prelude (R-PRE-2 is judged when it runs)."""
    return {"op": "play_prelude", "p": p, "card": name}


@op("play_prelude")
def _play(g: GameState, item: PlayOp) -> None:
    p, name = item["p"], item["card"]
    sec, pl = section(g), g.players[p]
    if name in sec["kept"][p]:
        sec["kept"][p].remove(name)
    if not can_resolve(g, p, name):  # R-PRE-2
        sec["discard"].append(name)
        pl.res["megacredits"] += FIZZLE_MC
        record(g, "prelude_discarded", player=p, card=name, megacredits=FIZZLE_MC)
        return
    c = card(name)
    pl.played.append(name)
    if any(e.get("next_card") for e in c.effects):  # its one-shot modifiers: next card only
        pl.next_card, pl.next_card_gen = [name], g.generation
    log(g, "card_played", player=p, card=name)
    push(g, p, {"op": "card_played", "p": p, "card": name})
    run_steps(g, p, c.play, name)


def can_resolve(g: GameState, p: int, name: str) -> bool:
    """Whether the prelude can be carried out now: each step checked in order, on a copy of
    the player that has the effects of the steps before it (what Business Empire pays comes
    from what it had; Ecology Experts' card may need the plant production it just gave),
    with the prelude itself in play and its one-shot modifiers active."""
    c = card(name)
    if not requirements_met(g, p, c):
        return False
    saved = g.players[p]
    scratch = from_dict(PlayerState, to_dict(saved))
    scratch.played.append(name)
    if any(e.get("next_card") for e in c.effects):
        scratch.next_card, scratch.next_card_gen = [name], g.generation
    g.players[p] = scratch
    logged = len(g.log)  # the trial run's records describe nothing that happened
    try:
        for step in c.play:
            if not can_step(g, p, name, step):
                return False
            if step["k"] in _APPLIED:
                RUN[step["k"]](g, p, name, step)
        return True
    finally:
        g.players[p] = saved
        del g.log[logged:]


# ---------------------------------------------------------------- Valley Trust
def look_at(g: GameState, p: int, count: int) -> None:
    """Draw ``count`` preludes for ``p`` to play one of; the others are discarded."""
    drawn = draw_preludes(g, count, p)
    section(g)["dealt"][p] = list(drawn)
    if drawn:
        ask(g, p, "card", "prelude_of_several", cards=drawn)


@handler("prelude_of_several")
def _one_of_several(g: GameState, p: int, prompt: CardAsk,
                    response: CardResponse) -> None:
    sec = section(g)
    chosen = response["card"]
    sec["discard"].extend(c for c in sec["dealt"][p] if c != chosen)
    sec["dealt"][p] = []
    push(g, p, play_op(p, chosen))


# ---------------------------------------------------------------- view
def _view(g: GameState, viewer: int | None) -> dict[str, Any]:
    """Deck and discard pile as counts; the viewer's own dealt preludes (others' as counts);
    kept preludes, shown to everyone once setup is revealed (by the marks of its ``seen``)."""
    return section_as_seen(g, NAME, viewer)


PRELUDE = Manifest(
    name=NAME, card_sets=(NAME,), solo_generations=SOLO_GENERATIONS,
    setup=(_build_deck,),
    setup_offers=(SetupOffer("preludes", KEEP, _deal, _take, rule="R-PRE-1"),),
    after_reveal=(_start,),
    state={"deck": [], "discard": [], "dealt": [], "kept": []},
    seen={"deck": FACE_DOWN, "discard": FACE_DOWN,  # face down: how many only
          "dealt": OWNER,  # per seat: dealt, not yet decided on (R-PRE-1)
          "kept": PUBLIC},  # per seat: kept at the setup reveal, not yet played
    view=_view, cards_held=_held, vocabulary=VOCABULARY)
