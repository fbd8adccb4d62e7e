"""Words of the decision flow (merged into :data:`tm.web.i18n.EN`): the status strip,
staged actions and their Cancel, and taking back moves in a hot-seat game."""
from __future__ import annotations

EN_DECIDE: dict[str, str] = {
    # the status strip
    "strip.label": "Status of {name}",
    "strip.resource": "{res}: {n}, production {prod}",
    "strip.tr": "TR {n}",
    "strip.tr_label": "Terraform rating {n}",
    "strip.vp": "{n} VP",
    "strip.vp_label.one": "{n} victory point now",
    "strip.vp_label.other": "{n} victory points now",
    "strip.generation": "Gen {n}",
    "strip.generation_solo": "Gen {n}/{last}",
    "strip.generation_label": "Generation {n}",
    "strip.generation_solo_label": "Generation {n} of {last}",
    "strip.turn_you": "Your turn",
    "strip.turn_of": "{name}'s turn",
    "strip.actions_left.one": "1 action left",
    "strip.actions_left.other": "{n} actions left",
    "strip.phase.setup": "Setup",
    "strip.phase.after_reveal": "Preludes",
    "strip.phase.research": "Research",
    "strip.phase.final_greenery": "Final greeneries",
    "strip.over": "Game over",
    # a sealed hand's "play a card" when this device holds none it can play
    "prompt.card_none": "No card in your hand can be played now: go on",
    # staged actions
    "stage.note": "Not played yet: Cancel takes the whole action back.",
    "stage.cancel": "Cancel",
    "stage.restored": "The action you had under way is back as you left it: "
                      "it reaches the game only when you confirm it.",
    "stage.lost": "The action you had under way before the page reloaded could not be kept: "
                  "the game moved on meanwhile.",
    "stage.cancel_label": "Cancel this action: take nothing and go back to the actions",
    "stage.cancel_selection_label": "Cancel: nothing is sent, go back to your choice",
    # hot-seat undo
    "undo.ask": "Take back {name}'s move? {name} will have to make it again.",
    "undo.ask_yes": "Take back {name}'s move",
    "undo.ask_no": "Keep it",
    "undo.run": "Moves taken back. Undo more, or hand the device to {name} when done.",
    "undo.done": "Done: pass to {name}",
    "undo.more": "Undo one more",
}
