"""Setting the stage: a game with chosen corporations, hands, resources, production,
parameters and tiles; the setup decision made for the players."""
from __future__ import annotations

from typing import Any

from tm.board.placement import set_tile
from tm.cards import card
from tm.core import ruleset as expansions
from tm.core.flow import run
from tm.core.ruleset import rules_of
from tm.core.state import RESOURCES, Options, to_dict
from tm.game import Game
from tm.rules.phases import advance
from tm.rules.play import apply_corporation
from tm.testing.answers import choose_by_name, prompt, select_by_name


def make_game(players: int = 2, seed: int = 0, corporations: list[str] | None = None,
              **options: Any) -> tuple[Game, list[int]]:
    """A game past setup with player 0 to act: empty hands, no resources, no production.

    Every player holds the beginner corporation (no effects) unless
    ``corporations`` names one per player (its start effects apply). Cards an expansion
    offers in setup (preludes) are all turned down, so a test plays only those it names
    (:func:`play_prelude`).
    """
    game = Game.new(Options(players=players, seed=seed, first_player=0,
                            beginners=list(range(players)), **options))
    g = game.state
    for p, queue in enumerate(g.queues):
        if queue and queue[0]["op"] == "ask" and queue[0]["kind"] == "setup":
            expansions.take_offers(g, p, queue.pop(0).get("offers", []), {})
    run(g, advance)
    for pl in g.players:
        g.discard.extend(pl.hand)
        pl.hand = []
        pl.res = dict.fromkeys(RESOURCES, 0)
        pl.prod = dict.fromkeys(RESOURCES, 0)
    for p, name in enumerate(corporations or []):
        if name:
            set_corporation(game, p, name)
    return game, list(range(players))

def set_corporation(game: Game, p: int, name: str) -> None:
    """Make ``name`` player ``p``'s corporation and apply its start effects (not its MC)."""
    g = game.state
    mc = g.players[p].res["megacredits"]
    apply_corporation(g, p, name)  # as in a real setup: its own tags set off its own effects
    g.players[p].res["megacredits"] = mc
    run(g, advance)

def _take_from_piles(game: Game, name: str) -> None:
    g = game.state
    for pile in (g.deck, g.discard, *(pl.hand for pl in g.players)):
        if name in pile:
            pile.remove(name)
            return

def give_cards(game: Game, p: int, names: list[str]) -> None:
    """Put cards into a player's hand (taken from wherever they are)."""
    for name in names:
        card(name)  # fails loudly on an unknown card
        _take_from_piles(game, name)
        game.state.players[p].hand.append(name)

def set_hand(game: Game, p: int, names: list[str]) -> None:
    """Make a player's hand exactly ``names`` (the cards held before go to the discard pile)."""
    pl = game.state.players[p]
    game.state.discard.extend(pl.hand)
    pl.hand = []
    give_cards(game, p, names)

def stack_deck(game: Game, names: list[str]) -> None:
    """Put named cards on top of the deck, the first name drawn first."""
    for name in reversed(names):
        card(name)
        _take_from_piles(game, name)
        game.state.deck.insert(0, name)

def set_tr(game: Game, p: int, tr: int) -> None:
    """Set a player's terraform rating."""
    game.state.players[p].tr = tr

def put_in_play(game: Game, p: int, names: list[str], resources: int = 0) -> None:
    """Put cards straight into a player's tableau (no effects), optionally with resources."""
    pl = game.state.players[p]
    for name in names:
        _take_from_piles(game, name)
        if card(name).is_event:
            pl.events.append(name)
        else:
            pl.played.append(name)
        if resources:
            pl.card_res[name] = resources

def set_resources(game: Game, p: int, **amounts: int) -> None:
    """Set some of a player's resources (megacredits, steel, titanium, plants, energy, heat)."""
    game.state.players[p].res.update(_checked(amounts))

def set_production(game: Game, p: int, **amounts: int) -> None:
    """Set some of a player's productions."""
    game.state.players[p].prod.update(_checked(amounts))

def _checked(amounts: dict[str, int]) -> dict[str, int]:
    unknown = set(amounts) - set(RESOURCES)
    if unknown:
        raise KeyError(f"unknown resources: {sorted(unknown)}")
    return amounts

def set_parameters(game: Game, temperature: int | None = None, oxygen: int | None = None,
                   oceans: int | None = None) -> None:
    """Set global parameters; oceans are placed on the last free ocean spaces, bonus-free."""
    g = game.state
    if temperature is not None:
        g.temperature = temperature
    if oxygen is not None:
        g.oxygen = oxygen
    if oceans is not None:
        while g.oceans < oceans:
            free = [sid for sid, sp in rules_of(g).map.spaces.items()
                    if sp.kind == "ocean" and sid not in g.board]
            set_tile(g, free[-1], "ocean", None)
            g.oceans += 1

def place(game: Game, space: str, tile: str, owner: int | None) -> None:
    """Put a tile on a space directly (no bonuses, no triggers, no parameter change)."""
    set_tile(game.state, space, tile, owner)
    if tile == "ocean":
        game.state.oceans += 1

def choose_setup(game: Game, p: int, corporation: str | None, cards: list[str] | None = None,
                 keep: dict[str, list[str]] | None = None) -> None:
    """Player ``p``'s setup decision: a dealt corporation (None: a beginner), the cards to
    buy (R-SETUP-4) and what to keep of each expansion offer, by its name (``{"preludes":
    [two of the four]}``, R-PRE-1); an offer not named keeps its first cards."""
    waiting = prompt(game, p)
    for offer in waiting.data.get("offers", ()):
        wanted = list((keep or {}).get(offer["name"], offer["cards"][:offer["keep"]]))
        for name in [c for c in offer["picked"] if c not in wanted]:
            choose_by_name(game, p, "unkeep", [], {"offer": offer["name"], "card": name})
        for name in wanted:
            if name not in _offer_picks(game, p, offer["name"]):
                choose_by_name(game, p, "keep", [], {"offer": offer["name"], "card": name})
    fields = {"corporation": corporation} if corporation is not None else {}
    select_by_name(game, p, list(cards or []), fields)

def _offer_picks(game: Game, p: int, name: str) -> list[str]:
    for offer in prompt(game, p).data.get("offers", ()):
        if offer["name"] == name:
            return list(offer["picked"])
    raise AssertionError(f"no offer {name!r} in {prompt(game, p)}")

def finish_setup(game: Game) -> None:
    """Every player still choosing takes their first dealt corporation (if dealt any), buys
    nothing and keeps the first cards of each expansion offer."""
    for p, waiting in game.pending:
        if waiting.kind == "setup":
            corporations = waiting.data["corporations"]
            choose_setup(game, p, corporations[0] if corporations else None)


def settle(game: Game) -> None:
    """The scenario set up so far becomes where the game starts from: undo and replay go
    back to it (a stored base state), never to the deal before it was set up."""
    game.base = {"moves": len(game.moves), "state": to_dict(game.state)}
    game.decided, game.whole = [True] * len(game.moves), [True] * len(game.moves)
