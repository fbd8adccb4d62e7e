"""Words of undo by link: requests to take back moves already sent, their answers, and a
fork mended by adopting the other history."""
from __future__ import annotations

EN_LINKUNDO: dict[str, str] = {
    "linkundo.ask_title": "Ask {name} to take back your moves",
    "linkundo.ask_hint": "Your moves since move {move} have already been sent: they are taken "
                         "back only if {name} agrees. Send {name} this request; the game goes "
                         "back when the answer comes.",
    "linkundo.pass_title": "Send the request on to {name}",
    "linkundo.pass_hint": "You agreed to take the game back to move {move}. {name} must agree "
                          "too: send them this link.",
    "linkundo.answer_title": "Send your answer to {name}",
    "linkundo.answer_hint": "You refused to take the game back to move {move}. Send {name} "
                            "this link so their device knows.",
    "linkundo.withdraw": "Withdraw the request",
    "linkundo.asked_title": "{name} asks to take back moves",
    "linkundo.asked.one": "{name} asks to take back their move {move}.",
    "linkundo.asked.other": "{name} asks to take back their moves since move {move} ({n} "
                            "moves).",
    "linkundo.asked_yours.one": "Your move played since then would be taken back too.",
    "linkundo.asked_yours.other": "Your {n} moves played since then would be taken back "
                                  "too.",
    "linkundo.asked_revealed": "It cannot be accepted: cards were seen since then.",
    "linkundo.accept": "Accept",
    "linkundo.refuse": "Refuse",
    "linkundo.reason": "Reason (shown to them):",
    "linkundo.done": "Every player agreed: {name}'s moves since move {move} are taken back.",
    "linkundo.done_here": "You agreed: {name}'s moves since move {move} are taken back. Send "
                          "the game on so the other devices take them back too.",
    "linkundo.refused": "{name} refused to take back your moves. The game goes on as it was "
                        "sent.",
    "linkundo.refused_because": "{name} refused to take back your moves: “{reason}”. The game "
                                "goes on as it was sent.",
    "linkundo.refusal_unsigned": "This link carries a refusal of your request in {name}'s "
                                 "name that {name}'s device did not sign: it is not taken, "
                                 "and your request stands.",
    "linkundo.adopt": "Take this link's game (mine kept as a replay)",
    "linkundo.adopt_hint": "The player who sent it changed their move after sending it. This "
                           "device can follow the link's game; its own branch stays here to "
                           "watch as a replay.",
    "linkundo.adopted": "This device now follows the link's game: from move {move}, as {name} "
                        "played it last. Your branch is kept: you can watch it as a replay.",
    "linkundo.cannot_adopt": "This link cannot be taken: {name}'s moves in it are not signed "
                             "by {name}'s device.",
    "linkundo.left_hint": "This device left a branch of this game for the one the others play.",
    "linkundo.see_left": "Watch the branch left behind",
    "linkundo.sealed": "In a game with hands kept secret, every move is posted to the others "
                       "as it is made: it cannot be taken back.",
}
