"""Step kinds of choices: one of several options, and the named functions of cards the
vocabulary cannot say (``custom``)."""
from __future__ import annotations

from tm.cards.dsl import Step
from tm.core.contract import OptionAsk
from tm.core.flow import ask, handler, run_steps
from tm.core.responses import OptionResponse
from tm.core.state import GameState
from tm.vocab.cards import add_targets
from tm.vocab.custom import CUSTOM
from tm.vocab.kinds import can_steps, step_kind


# ---------------------------------------------------------------- choices
def open_options(g: GameState, p: int, src: str | None, step: Step) -> list[int]:
    """Indexes of a ``choose`` step's options that can run now.

    An option that only puts resources on a card you do not have is not offered
    (outside a choice such a step runs and the resources are simply lost).
    """
    return [i for i, steps in enumerate(step["options"])
            if can_steps(g, p, src, steps) and all(_has_target(g, p, s) for s in steps)]


def _has_target(g: GameState, p: int, step: Step) -> bool:
    return step["k"] != "add_res" or step["to"] == "self" or bool(
        add_targets(g, p, step["rtype"], step.get("tag")))


def _choose_ok(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(open_options(g, p, src, step))


@step_kind("choose", can=_choose_ok)
def _choose(g: GameState, p: int, src: str | None, step: Step) -> None:
    options = open_options(g, p, src, step)
    if len(options) == 1:
        run_steps(g, p, step["options"][options[0]], src)
    elif options:
        ask(g, p, "option", "choose", options=step["options"], open=options, src=src)


@handler("choose")
def _chosen(g: GameState, p: int, prompt: OptionAsk, response: OptionResponse) -> None:
    run_steps(g, p, prompt["options"][response["option"]], prompt["src"])


# ---------------------------------------------------------------- custom
def _custom_ok(g: GameState, p: int, src: str | None, step: Step) -> bool:
    check = CUSTOM[step["fn"]][0]
    return check is None or check(g, p, src, step)


@step_kind("custom", can=_custom_ok)
def _custom(g: GameState, p: int, src: str | None, step: Step) -> None:
    CUSTOM[step["fn"]][1](g, p, src, step)
