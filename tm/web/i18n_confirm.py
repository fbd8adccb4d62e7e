"""Words of the fixes a whole game played through the page asked for: confirming an
action, the payment's start, and wording (merged into :data:`tm.web.i18n.EN`)."""
from __future__ import annotations

EN_CONFIRM: dict[str, str] = {
    # a complete action, held until confirmed
    "held.title": "Confirm: {action}",
    "held.space": "Place on space {space}",
    "held.note": "Not sent yet: {action}. Confirm it, or Cancel to take it all back.",
    "held.confirm": "Confirm",
    "held.note_selection": "Not sent yet: {action}. Confirm it, or Cancel to change your choice.",
    "held.note_pass": "Not sent yet: you pass and take no more actions this generation. "
                      "Confirm it, or Cancel to keep playing.",
    "held.final_greenery_done": "No more greeneries",
    "held.note_final_greenery": "Not sent yet: you turn no more plants into greeneries, and "
                                "once everyone has, the game is scored. Confirm it, or Cancel "
                                "to go back.",
    "held.rule": "Whatever spends, places a tile, settles a choice or passes waits for "
                 "Confirm; ticking cards, a draft pick and End turn count at once.",
    # wording
    "held.taken": "{name}: {status}",
    "prompt.target_has": "has {qty}",
    "prompt.target_prod": "{res} production {n}",
    "prompt.pick_at_least.one": "Pick at least 1 card",
    "prompt.pick_at_least.other": "Pick at least {n} cards",
}
