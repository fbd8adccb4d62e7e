"""Answering prompts by name, and reading what a prompt offers."""
from __future__ import annotations

from typing import Any

from tm.game import Game
from tm.prompts.kinds import Prompt


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
        select_by_name(game, waiting.player, list(values[0]) if values else [], fields)
    elif kind == "pay":
        _pay(game, waiting.player, fields)
    else:
        choose_by_name(game, waiting.player, kind, list(values), fields)

def choose_by_name(game: Game, player: int, kind: str, values: list[Any],
            fields: dict[str, Any]) -> None:
    choices = prompt(game, player).choices()
    if kind == "space" and values:  # many legal spaces: first the listed row holding it
        row = next((c for c in choices if c["type"] == "region"
                    and values[0] in c.label["spaces"]), None)
        if row is not None:
            game.respond(player, row)
            choices = prompt(game, player).choices()
    for choice in choices:
        if choice["type"] != kind:
            continue
        rest = [v for k, v in choice.response.items() if k != "type"]
        if rest[:len(values)] == values and all(choice.get(k) == v for k, v in fields.items()):
            game.respond(player, choice)
            return
    raise AssertionError(f"no choice {kind} {values} {fields} in {choices}")

def select_by_name(game: Game, player: int, names: list[str], fields: dict[str, Any]) -> None:
    """Pick exactly ``names`` (unpicking others), then done; a draft takes its one card."""
    waiting = prompt(game, player)
    if waiting.kind == "card":
        assert len(names) == 1, f"{waiting} takes one card, not {names}"
        choose_by_name(game, player, "card", names, {})
        return
    if "corporation" in fields and waiting.data.get("corporation") != fields["corporation"]:
        choose_by_name(game, player, "corporation", [fields["corporation"]], {})
    for name in list(prompt(game, player).data.get("picked", ())):
        if name not in names:
            choose_by_name(game, player, "unpick", [name], {})
    for name in names:
        if name not in prompt(game, player).data.get("picked", ()):
            choose_by_name(game, player, "pick", [name], {})
    choose_by_name(game, player, "done", [], {})

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
                       confirm[0].label["paid"]["megacredits"] != expected_mc):
        raise AssertionError(f"no payment {amounts} in {prompt(game, player).choices()}")
    game.respond(player, confirm[0])

def listed(waiting: Prompt) -> list[dict[str, Any]]:
    """A prompt's choices without their labels (the form a game records)."""
    return [c.response for c in waiting.choices()]

def choices(game: Game, player: int | None = None) -> list[dict[str, Any]]:
    """The waiting prompt's choices (of ``player``, or the first one), without labels."""
    return listed(prompt(game, player))

def offered(game: Game, player: int | None = None) -> list[str]:
    """The cards a card, cards or setup prompt offers."""
    return list(prompt(game, player).data["cards"])

def choice_types(game: Game, player: int | None = None) -> list[str]:
    """The ``type`` of every choice of the waiting prompt."""
    return [c["type"] for c in prompt(game, player).choices()]

def legal_spaces(game: Game, player: int | None = None) -> list[str]:
    """Every space the waiting placement may use (listed directly or by rows)."""
    waiting = prompt(game, player)
    assert waiting.kind == "space", f"{waiting} is not a placement"
    return list(waiting.data["spaces"])
