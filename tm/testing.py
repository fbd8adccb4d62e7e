"""The scenario kit: build a situation in three lines and answer prompts by name.

These helpers reach inside the engine to set the stage (hands, resources,
parameters, tiles); what happens next goes through the public API. A game
staged this way is not replayable from its moves, so test saves with games
made by ``Game.new`` alone.
"""
from __future__ import annotations

from typing import Any

from tm.board.maps import get_map
from tm.board.placement import set_tile
from tm.cards import card
from tm.cards.tableau import tag_counts
from tm.core import manifest as expansions
from tm.core.flow import push, run
from tm.core.state import RESOURCES, Options
from tm.expansions.colonies import manifest as colonies
from tm.expansions.colonies.colony import tile_entry
from tm.expansions.colonies.tiles import TILES
from tm.expansions.prelude import manifest as prelude
from tm.expansions.prelude.manifest import play_op
from tm.game import Game
from tm.prompts.kinds import Prompt, clean
from tm.rules.phases import advance
from tm.rules.play import apply_corporation


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


def board(game: Game) -> dict[str, dict[str, Any]]:
    """Every space by id: kind, bonus, neighbours, tile, owner (as the view shows them)."""
    return {space["id"]: space for space in game.view(None)["spaces"]}


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
            free = [sid for sid, sp in get_map(g.options.board).spaces.items()
                    if sp.kind == "ocean" and sid not in g.board]
            set_tile(g, free[-1], "ocean", None)
            g.oceans += 1


def place(game: Game, space: str, tile: str, owner: int | None) -> None:
    """Put a tile on a space directly (no bonuses, no triggers, no parameter change)."""
    set_tile(game.state, space, tile, owner)
    if tile == "ocean":
        game.state.oceans += 1


def prompt(game: Game, player: int | None = None) -> Prompt:
    """The waiting prompt (of ``player``, or the first one)."""
    for p, waiting in game.pending:
        if player is None or p == player:
            return waiting
    raise AssertionError(f"no prompt waiting for player {player}")


def answer(game: Game, kind: str, *values: Any, player: int | None = None,
           **fields: Any) -> None:
    """Answer the waiting prompt with the listed choice whose type is ``kind`` and whose
    values match; fails loudly when there is none.

    ``answer(game, "play_card", "Asteroid")``, ``answer(game, "space", "03")`` (through
its row's listed choice when the placement lists rows),
    ``answer(game, "cards", ["A", "B"])`` (picks them, then done; setup: with
    ``corporation="Name"``), ``answer(game, "pay", megacredits=4, steel=5)`` (uses the
    resources one listed step at a time, then confirms).
    """
    waiting = prompt(game, player)
    if kind == "cards":
        _select(game, waiting.player, list(values[0]) if values else [], fields)
    elif kind == "pay":
        _pay(game, waiting.player, fields)
    else:
        _choose(game, waiting.player, kind, list(values), fields)


def _choose(game: Game, player: int, kind: str, values: list[Any],
            fields: dict[str, Any]) -> None:
    choices = prompt(game, player).choices()
    if kind == "space" and values:  # many legal spaces: first the listed row holding it
        row = next((c for c in choices if c["type"] == "region"
                    and values[0] in c["label"]["spaces"]), None)
        if row is not None:
            game.respond(player, row)
            choices = prompt(game, player).choices()
    for choice in choices:
        if choice["type"] != kind:
            continue
        rest = [v for k, v in choice.items() if k not in ("type", "label")]
        if rest[:len(values)] == values and all(choice.get(k) == v for k, v in fields.items()):
            game.respond(player, choice)
            return
    raise AssertionError(f"no choice {kind} {values} {fields} in {choices}")


def _select(game: Game, player: int, names: list[str], fields: dict[str, Any]) -> None:
    """Pick exactly ``names`` (unpicking others), then done; a draft takes its one card."""
    waiting = prompt(game, player)
    if waiting.kind == "card":
        assert len(names) == 1, f"{waiting} takes one card, not {names}"
        _choose(game, player, "card", names, {})
        return
    if "corporation" in fields and waiting.data.get("corporation") != fields["corporation"]:
        _choose(game, player, "corporation", [fields["corporation"]], {})
    for name in list(prompt(game, player).data.get("picked", ())):
        if name not in names:
            _choose(game, player, "unpick", [name], {})
    for name in names:
        if name not in prompt(game, player).data.get("picked", ()):
            _choose(game, player, "pick", [name], {})
    _choose(game, player, "done", [], {})


def _pay(game: Game, player: int, amounts: dict[str, int]) -> None:
    """Reach the wanted amount of each resource through listed ``use`` steps, confirm."""
    for _ in range(1000):
        waiting = prompt(game, player)
        use = dict(waiting.data["use"])
        wrong = [r for r in use if use[r] != amounts.get(r, 0)]
        if not wrong:
            break
        resource, goal = wrong[0], amounts.get(wrong[0], 0)
        steps = [c for c in waiting.choices() if c["type"] == "use" and c["resource"] == resource]
        if not steps:
            raise AssertionError(f"cannot use {goal} {resource}: {waiting.choices()}")
        game.respond(player, min(steps, key=lambda c: abs(c["amount"] - goal)))
    expected_mc = amounts.get("megacredits")
    confirm = [c for c in prompt(game, player).choices() if c["type"] == "confirm"]
    if not confirm or (expected_mc is not None and
                       confirm[0]["label"]["paid"]["megacredits"] != expected_mc):
        raise AssertionError(f"no payment {amounts} in {prompt(game, player).choices()}")
    game.respond(player, confirm[0])


def choose_setup(game: Game, p: int, corporation: str | None, cards: list[str] | None = None,
                 keep: dict[str, list[str]] | None = None) -> None:
    """Player ``p``'s setup decision: a dealt corporation (None: a beginner), the cards to
    buy (R-SETUP-4) and what to keep of each expansion offer, by its name (``{"preludes":
    [two of the four]}``, R-PRE-1); an offer not named keeps its first cards."""
    waiting = prompt(game, p)
    for offer in waiting.data.get("offers", ()):
        wanted = list((keep or {}).get(offer["name"], offer["cards"][:offer["keep"]]))
        for name in [c for c in offer["picked"] if c not in wanted]:
            _choose(game, p, "unkeep", [], {"offer": offer["name"], "card": name})
        for name in wanted:
            if name not in _offer_picks(game, p, offer["name"]):
                _choose(game, p, "keep", [], {"offer": offer["name"], "card": name})
    fields = {"corporation": corporation} if corporation is not None else {}
    _select(game, p, list(cards or []), fields)


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


# ---------------------------------------------------------------- preludes (R-PRE)
def _prelude_piles(game: Game) -> list[list[str]]:
    sec = prelude.section(game.state)
    return [sec["deck"], sec["discard"], *sec["dealt"], *sec["kept"]]


def _take_prelude(game: Game, name: str) -> None:
    if not card(name).is_prelude:
        raise AssertionError(f"{name} is not a prelude")
    for pile in _prelude_piles(game):
        if name in pile:
            pile.remove(name)
            return
    raise AssertionError(f"{name} is not in the prelude deck, discard or a player's hands")


def play_prelude(game: Game, p: int, name: str) -> None:
    """Player ``p`` plays prelude ``name`` now, as after the setup reveal (R-PRE-2 applies);
    it is taken from wherever it lies. Decisions it asks for come before anything else."""
    _take_prelude(game, name)
    push(game.state, p, play_op(p, name))
    run(game.state, advance)


def stack_preludes(game: Game, names: list[str]) -> None:
    """Put named preludes on top of the prelude deck, the first name drawn first."""
    for name in reversed(names):
        _take_prelude(game, name)
        prelude.section(game.state)["deck"].insert(0, name)


def preludes(game: Game) -> dict[str, Any]:
    """The prelude section: deck and discard pile, per player dealt and kept preludes."""
    sec = prelude.section(game.state)
    return {key: [list(x) for x in sec[key]] if key in ("dealt", "kept") else list(sec[key])
            for key in ("deck", "discard", "dealt", "kept")}


def player_state(game: Game, p: int) -> dict[str, Any]:
    """A player's resources, production, TR, tags, hand, played cards and card resources."""
    pl = game.state.players[p]
    return {**pl.res, "production": dict(pl.prod), "tr": pl.tr, "tags": tag_counts(pl),
            "hand": list(pl.hand), "played": list(pl.played), "events": list(pl.events),
            "card_resources": dict(pl.card_res)}


def parameters(game: Game) -> dict[str, int]:
    """Temperature, oxygen, oceans and generation."""
    g = game.state
    return {"temperature": g.temperature, "oxygen": g.oxygen, "oceans": g.oceans,
            "generation": g.generation}


def listed(waiting: Prompt) -> list[dict[str, Any]]:
    """A prompt's choices without their labels (the form a game records)."""
    return [clean(c) for c in waiting.choices()]


def choices(game: Game, player: int | None = None) -> list[dict[str, Any]]:
    """The waiting prompt's choices (of ``player``, or the first one), without labels."""
    return listed(prompt(game, player))


def offered(game: Game, player: int | None = None) -> list[str]:
    """The cards a card, cards or setup prompt offers."""
    return list(prompt(game, player).data["cards"])


def choice_types(game: Game, player: int | None = None) -> list[str]:
    """The ``type`` of every choice of the waiting prompt."""
    return [c["type"] for c in prompt(game, player).choices()]


def discard_pile(game: Game) -> list[str]:
    """The discard pile, top last (hidden from players' views)."""
    return list(game.state.discard)


def legal_spaces(game: Game, player: int | None = None) -> list[str]:
    """Every space the waiting placement may use (listed directly or by rows)."""
    waiting = prompt(game, player)
    assert waiting.kind == "space", f"{waiting} is not a placement"
    return list(waiting.data["spaces"])


# ---------------------------------------------------------------- colonies (R-COL)
def _colony_section(game: Game) -> dict[str, Any]:
    return colonies.section(game.state)


def _colony_tile(game: Game, name: str) -> dict[str, Any]:
    entry = tile_entry(game.state, name)
    if entry is None:
        raise AssertionError(f"{name} is not a colony tile in play")
    return entry


def set_colony_tiles(game: Game, names: list[str]) -> None:
    """Make exactly these colony tiles the ones in play: markers at 1, no colonies, no
    fleet visiting; every other tile goes out of play."""
    sec = _colony_section(game)
    for name in names:
        if name not in TILES:
            raise AssertionError(f"no colony tile {name!r}")
    sec["tiles"] = [{"name": n, "marker": 1, "colonies": [], "visitor": None} for n in names]
    sec["unused"] = sorted(n for n in TILES if n not in names)


def set_marker(game: Game, tile: str, marker: int) -> None:
    """Put a tile's marker on a track position (0..6)."""
    assert 0 <= marker <= 6, marker
    _colony_tile(game, tile)["marker"] = marker


def give_colony(game: Game, p: int, tile: str) -> None:
    """Put a colony of player ``p`` on a tile directly (no reward, no triggers)."""
    _colony_tile(game, tile)["colonies"].append(p)


def set_fleets(game: Game, p: int, fleets: int) -> None:
    """Give a player this many trade fleets."""
    _colony_section(game)["fleets"][p] = fleets


def colony_tiles(game: Game) -> dict[str, dict[str, Any]]:
    """Each colony tile in play by name: marker, colonies (owners), visitor, active."""
    return {t["name"]: {key: t[key] for key in ("marker", "colonies", "visitor", "active")}
            for t in game.view(None)["expansions"]["colonies"]["tiles"]}
