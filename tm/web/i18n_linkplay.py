"""Words of play by link (each player on their own device) and of the daily challenge."""
from __future__ import annotations

EN_LINKPLAY: dict[str, str] = {
    # play by link
    "title.your_turn": "● Your turn — {title}",  # the tab's title (tm.web.app.App.tab_title)
    "linkplay.start": "Play by link: each player on their own device",
    "linkplay.start_hint": "After each move, the page gives you a link to send to the next "
                           "player.",
    "linkplay.whole_game": "A link holds the whole game, hands included: send it to the "
                           "friends you play with, not to strangers.",
    "linkplay.who": "Who are you?",
    "linkplay.who_hint": "This game is played by link. Choose your seat: this device will "
                         "show only that player's cards and decisions.",
    "linkplay.i_am": "I am {name}",
    "linkplay.you_are": "Played by link · you are {name}",
    "linkplay.send_to": "Send to {name}",
    "linkplay.send_hint": "It is {name}'s turn. Send them this link; when they have "
                          "played, they send you theirs.",
    "linkplay.send_end": "The game is over: send {name} the final position.",
    "linkplay.copy": "Copy link",
    "linkplay.copied": "Copied",
    "linkplay.share": "Share…",
    "linkplay.link_label": "Link to send to {name}",
    "linkplay.older_title": "This link is older than the game on this device",
    "linkplay.older": "The link stops at move {link}; this device has the same game at "
                      "move {local}.",
    "linkplay.open_newer": "Open the newer game",
    "linkplay.open_older": "Look at the link's game (a copy)",
    "linkplay.fork_title": "This link does not continue your game",
    "linkplay.fork_other_game": "This link is another game under the same name: its "
                                "board, expansions or players differ from the game on this "
                                "device.",
    "linkplay.fork_other_deal": "This link is another game under the same name: the same "
                                "board and expansions, but another deal (other cards, "
                                "another order of the deck) than the game on this device.",
    "linkplay.fork_changes": "This link changes {name}'s move {move}: from there it tells "
                             "another story than the game on this device.",
    "linkplay.fork_own_seat": "This link makes moves for your seat ({name}, from move "
                              "{move}) that this device did not make.",
    "linkplay.fork_seat_key": "This link takes {name}'s seat with another device's key "
                              "(from move {move}): it does not come from {name}'s device.",
    "linkplay.fork_unsigned": "This link holds moves for {name} (from move {move}) that "
                              "{name}'s device did not sign.",
    "linkplay.fork_beginning": "This link's beginning is not the one its game was started "
                               "with (the creator's key or the seats' invitations differ): "
                               "it was changed on the way.",
    "linkplay.fork_reinvite": "This link invites {name} again, but the game's creator did "
                              "not sign that invitation.",
    "linkplay.fork_handover": "This link moves {name}'s seat to another device, but {name}'s "
                              "device did not sign that move.",
    "linkplay.fork_old_creator": "This link re-invites a seat with {name}'s old creator "
                                 "key, replaced when {name}'s seat was taken back on a new "
                                 "device: only the new key invites now.",
    "linkplay.fork_creator_twice": "This link replaces {name}'s creator key with another "
                                   "key than the one this device took first: the old key "
                                   "was used twice. This device keeps the first.",
    "linkplay.fork_rotation": "This link replaces {name}'s creator key, but the key it "
                              "replaces did not sign that.",
    "linkplay.fork_moved": "This link holds moves for {name} (from move {move}) from the "
                           "device {name} left: {name} moved their seat to another device, "
                           "and only that device's moves are taken.",
    "linkplay.fork_kept": "Your game on this device is kept as it was. Ask the sender for "
                          "the link of the game you are playing.",
    "linkplay.keep_mine": "Keep my game",
    "linkplay.bad_id": "This link's board, expansions or deal are not those its game was "
                       "started with: it was changed on the way. It opens as a copy to look "
                       "at; no game on this device is changed.",
    "linkplay.bad_seat": "That seat is not one of this game's players.",
    "linkplay.seat_taken": "{name} plays on another device: {name}'s moves are signed "
                           "there. Choose your own seat.",
    "linkplay.seat_elsewhere": "{name} (on another device)",
    "linkplay.seat_uninvited": "{name} (invitation needed)",
    "linkplay.not_invited": "This device has no invitation for {name}'s seat. Each player "
                            "takes their seat with the link the game's creator sent them: "
                            "ask for yours.",
    "linkplay.invites_title": "Invitations",
    "linkplay.invites_hint": "Send each player the link of their own seat: only with it can "
                             "they take that seat, and it invites no other.",
    "linkplay.invite_label": "Invitation link for {name}",
    "linkplay.invite_for": "Invitation for {name}",
    "linkplay.invite_signing": "Signing {name}'s invitation…",
    "linkplay.invite_again": "Invite {name} again",
    "linkplay.invite_again_hint": "A player lost their device? Invite them again: the new "
                                  "link seats their new device, and the old one can no "
                                  "longer move.",
    "linkplay.invited_again": "{name} is invited again: send them the new invitation link. "
                              "Their old device can no longer make {name}'s moves.",
    "linkplay.moved": "The game's creator invited {name} again: {name} now plays on a new "
                      "device, and the old device's later moves are refused.",
    "linkplay.back_elsewhere": "{name}'s seat was taken back on a new device: {name} plays "
                               "there now, with a new creator key. The old device's later "
                               "moves and invitations are refused.",
    "linkplay.back_away": "{name}'s seat was taken back on another device: this device no "
                          "longer plays {name}, nor invites anyone.",
    "linkplay.you_moved": "The game's creator invited {name} again on another device: this "
                          "device no longer plays {name}.",
    "linkplay.recovery_summary": "If you lose this device",
    "linkplay.recovery_hint": "Keep this link to yourself: whoever opens it can take {name}'s "
                              "seat. On a new device, open it, then the game's latest link "
                              "from another player, and take your seat again; the other "
                              "devices are told that {name} plays on a new device.",
    "linkplay.recovery_label": "The way back to {name}'s seat",
    "linkplay.recovering": "This link holds the key of the game's creator: {name}'s seat can "
                           "be taken again on this device. If another player sent you a "
                           "newer link of the game, open it before you take your seat.",
    "linkplay.sealing": "Signing the link with this device's key…",
    "linkplay.signed": "Signed with this device's key: no other device can make {name}'s "
                       "moves.",
    "linkplay.key_lost": "This device no longer holds the key it signed {name}'s moves "
                         "with (was this site's data cleared?). The other players' devices "
                         "will not take the moves of this link.",
    # daily challenge
    "daily.title": "Daily challenge",
    "daily.hint": "A solo game dealt the same for everyone on a given date (UTC).",
    "daily.today": "Today, {date}: {variant}",
    "daily.variant": "Corporate Era on Tharsis",
    "daily.variant_with": "Corporate Era on Tharsis, with {extras}",
    "daily.expansion.prelude": "Prelude",
    "daily.expansion.colonies": "Colonies",
    "daily.play_today": "Play today's challenge",
    "daily.see_today": "See today's result",
    "daily.date": "Another date",
    "daily.play_date": "Play this date",
    "daily.bad_date": "There is no daily challenge for that date: {reason}",
    "daily.future": "That date's challenge is not out yet.",
    "daily.history": "Your daily results",
    "daily.no_history": "No daily challenge finished yet.",
    "daily.result_won": "{date}: {score} VP (Mars terraformed)",
    "daily.playing": "Daily challenge of {date}",
    "daily.score": "Your score for {date}: {score} VP",
    "daily.result_link": "Result link: it replays your game, so anyone can check the score.",
    "daily.result_label": "Result link of {date}",
    "daily.rules": "Undo never goes back past a card revealed, and no hint is offered: every "
                   "result is comparable.",
    "daily.lost": "You lost the challenge of {date}: Mars was not terraformed in time. A lost "
                  "challenge records no score.",
    "daily.result_lost": "{date}: lost",
    "daily.result_link_lost": "Result link: it replays your game, so anyone can check it.",
    "daily.not_result": "This link is no result of the daily challenge of {date}: it was not "
                        "played under the challenge's rules (undo never past a card revealed, "
                        "no hint).",
}
