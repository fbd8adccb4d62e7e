"""The message catalog: every word the page shows, by key (English first).

Other languages add a dict with the same keys; ``t`` falls back to English.
"""
from __future__ import annotations

from typing import Any

EN: dict[str, str] = {
    # app
    "app.title": "Terraforming Mars",
    "app.loading": "Loading the Python runtime…",
    "app.menu": "Menu",
    "app.storage_full": "Saving failed: this browser's storage is full. The game goes on "
                        "but is not saved; delete old games to make room.",
    "app.import_failed": "That file is not a game this version can open: {reason}",
    "app.error": "Something went wrong: {reason}",
    # start screen
    "start.new_game": "New game",
    "start.players": "Players",
    "start.player_n": "Player {n}",
    "start.name": "Name",
    "start.colour": "Colour",
    "start.beginner": "Beginner corporation",
    "start.corporate_era": "Corporate Era",
    "start.draft": "Draft",
    "start.board": "Board",
    "start.seed": "Seed (optional)",
    "start.start": "Start game",
    "start.saved_games": "Saved games",
    "start.no_saves": "No saved games yet.",
    "start.continue": "Continue",
    "start.delete": "Delete",
    "start.export": "Export",
    "start.import": "Import a game file",
    "start.damaged": "Damaged save ({key}): it cannot be opened.",
    "start.save_summary": "{names} · generation {generation} · {when}",
    "start.solo_note": "One player plays solo: 14 generations against the clock.",
    "board.tharsis": "Tharsis",
    "colour.red": "Red", "colour.green": "Green", "colour.blue": "Blue",
    "colour.yellow": "Yellow", "colour.black": "Black", "colour.purple": "Purple",
    # hand-off
    "handoff.pass_to": "Pass the device to {name}",
    "handoff.ready": "I am {name}: show my cards",
    # game screen
    "game.generation": "Generation {n}",
    "game.temperature": "Temperature",
    "game.oxygen": "Oxygen",
    "game.oceans": "Oceans",
    "game.tr": "TR",
    "game.hand": "Your hand",
    "game.played": "Played cards",
    "game.log": "Game log",
    "game.milestones": "Milestones",
    "game.awards": "Awards",
    "game.claimed_by": "claimed by {name}",
    "game.funded_by": "funded by {name}",
    "game.claim_cost": "claim for {cost} MC",
    "game.fund_cost": "fund for {cost} MC",
    "game.waiting": "Waiting for {name}",
    "game.your_turn": "{name}, your decision",
    "game.tags": "Tags",
    "game.cards_in_hand": "{n} cards in hand",
    "game.neutral": "Neutral",
    "game.export": "Export game",
    # prompts
    "prompt.action": "Choose an action",
    "prompt.action_second": "Choose a second action, or end your turn",
    "prompt.space": "Choose a space for the {tile}",
    "prompt.cards.buy_cards": "Buy cards at {price} MC each (up to {max})",
    "prompt.cards.draft": "Draft: keep one card, pass the rest",
    "prompt.cards.keep_cards": "Keep {min} of these cards",
    "prompt.cards.sell_patents": "Sell cards for 1 MC each",
    "prompt.card.corporation": "Choose your corporation",
    "prompt.card.add_res": "Add {count} resource(s) to which card?",
    "prompt.card.take_res": "Take {count} resource(s) from which card?",
    "prompt.player.reduce_prod": "Whose production drops?",
    "prompt.player.remove_any": "Remove resources from whom?",
    "prompt.amount": "How many?",
    "prompt.pay": "Pay {cost} MC",
    "prompt.option": "Choose one",
    "prompt.option.final_greenery": "Final greenery: convert plants?",
    "prompt.confirm": "Confirm",
    "prompt.selected": "{n} selected",
    "prompt.none": "No one",
    "prompt.pay_total": "Paying {total} of {cost} MC",
    # action choices
    "action.play_card": "Play {card}",
    "action.card_action": "Use the action of {card}",
    "action.standard_project": "{project} ({cost} MC)",
    "action.claim_milestone": "Claim {milestone}",
    "action.fund_award": "Fund {award}",
    "action.convert_plants": "Plants → greenery",
    "action.convert_heat": "Heat → temperature",
    "action.end_turn": "End turn",
    "action.pass": "Pass",
    "action.first_action": "Corporation's first action",
    "option.greenery": "Place a greenery",
    "option.done": "Done",
    # standard projects
    "project.sell_patents": "Sell patents",
    "project.power_plant": "Power plant",
    "project.asteroid": "Asteroid",
    "project.aquifer": "Aquifer",
    "project.greenery": "Greenery",
    "project.city": "City",
    # resources and tiles
    "res.megacredits": "MC", "res.steel": "Steel", "res.titanium": "Titanium",
    "res.plants": "Plants", "res.energy": "Energy", "res.heat": "Heat",
    "res.animal": "animals", "res.microbe": "microbes", "res.science": "science",
    "res.fighter": "fighters", "res.card": "card",
    "tile.ocean": "ocean", "tile.greenery": "greenery", "tile.city": "city",
    "tile.capital": "Capital", "tile.special": "special tile",
    # end screen
    "end.title": "Game over",
    "end.winner": "{names} wins",
    "end.solo_won": "Mars is terraformed: you win with {total} VP",
    "end.solo_lost": "Mars was not terraformed in time: you lose",
    "end.col.player": "Player", "end.col.tr": "TR", "end.col.milestones": "Milestones",
    "end.col.awards": "Awards", "end.col.greeneries": "Greeneries", "end.col.cities": "Cities",
    "end.col.cards": "Cards", "end.col.total": "Total",
    # log
    "log.setup": "Game set up for {players} players",
    "log.corporation": "{player} takes {card}",
    "log.bought": "{player} buys {count} card(s)",
    "log.generation": "Generation {generation} begins",
    "log.card_played": "{player} plays {card}",
    "log.card_action": "{player} uses {card}",
    "log.project": "{player} uses the standard project {project}",
    "log.tile": "{player} places a {tile} on space {space}",
    "log.param": "{param} rises to {value}",
    "log.tr": "{player}'s TR is now {tr}",
    "log.milestone": "{player} claims {milestone}",
    "log.award": "{player} funds {award}",
    "log.pass": "{player} passes",
    "log.production": "Production phase of generation {generation}",
    "log.game_over": "The game is over",
    "log.draw": "{player} draws {count} card(s)",
    "log.paid": "{player} pays",
    "log.card_res": "{player}: {count} resource(s) on {card}",
    "log.prod_reduced": "{player} lowers {res} production of {target}",
    "log.res_removed": "{player} removes {count} {res} from {target}",
    "log.reshuffle": "The discard pile is shuffled into a new deck",
    "log.no_ocean_left": "No ocean left to place",
    "log.no_space": "No space left for a {tile}",
    "log.unknown": "({key})",
}

CATALOGS: dict[str, dict[str, str]] = {"en": EN}


def t(message_key: str, lang: str = "en", **values: Any) -> str:
    """The message for ``message_key`` with ``{name}`` fields filled; the key if unknown."""
    template = CATALOGS.get(lang, EN).get(message_key) or EN.get(message_key) or message_key
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return template
