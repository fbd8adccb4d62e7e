"""Words of sealed games: play by link with hands kept secret across devices (issue 32)."""
from __future__ import annotations

EN_SEALED: dict[str, str] = {
    "sealed.start": "Keep hands secret (a deck the devices shuffle together)",
    "sealed.start_hint": "Each device reads only its own cards; nobody, not even the one who "
                         "starts the game, knows the order of the deck. With the draft, a "
                         "hand passed on opens only on the next player's device.",
    "sealed.refused": "This game cannot keep hands secret: {reason}.",
    "sealed.who_title": "Who sees what",
    "sealed.who_sees": "Hands are secret: only your device can read your hand and the cards "
                       "you are offered; the others see how many you hold. A card shows to "
                       "all when it is played. Every device shuffled the deck, so no one "
                       "knows its order. When the game ends, every device reveals its keys "
                       "and checks that each card played was drawn by its player.",
    "sealed.send_hint": "Send {name} this link. It carries only what {name}'s device needs, "
                        "never your cards.",
    "sealed.shuffling": "The devices are shuffling the deck together: send {name} this "
                        "link, then wait for theirs.",
    "sealed.long": "This link is long for a chat message: send it as a file. {name} opens "
                   "it with “Import a game file” on the start screen.",
    "sealed.save_file": "Save the link as a file",
    "sealed.waiting": "Your cards open when the other devices' keys arrive: send your link, "
                      "then wait for theirs.",
    "sealed.waiting_shuffle": "The devices are shuffling the deck: your cards come once "
                              "every device has taken its turn.",
    "sealed.bad_id": "This link's options are not those its game was started with: it was "
                     "changed on the way. Nothing was opened or kept.",
    "sealed.not_joined": "This link continues a game with secret hands that this device "
                         "has not joined: ask for the first link of the game.",
    "sealed.damaged": "This device's record of the game with secret hands cannot be read: "
                      "its cards cannot be opened here.",
    "sealed.link_refused": "This link was not opened: {reason}.",
    "storage.full_kept": "This browser's storage is full, so this was not kept: your game "
                         "is as it was. Export your games to files and delete old ones to "
                         "make room, then try again.",
    "storage.saved_games": "Saved games",
    "sealed.caught": "This link breaks the fair deck and was not opened: {name}'s device "
                     "sent {what}.",
    "sealed.why.not_drawn": "a card they did not draw",
    "sealed.why.twice": "a card shown twice",
    "sealed.why.wrong_card": "a card that does not match its keys",
    "sealed.why.unfit": "a message that does not fit the shuffle",
    "sealed.why.rules": "a move the rules refuse ({reason})",
    "sealed.why.wrong_part": "a key part that is not theirs for that card",
    "sealed.why.unasked": "something the game did not ask for",
    "sealed.why.wrong_pass": "a drafted card passed to you with a key that does not open it",
    "sealed.stopped": "The game stops before post {post}: {name}'s device sent {what} there, "
                      "found only once a move waiting for keys could go on. That post is "
                      "not played; the links that come are kept.",
    "sealed.await.shuffle": "Waiting for {name}'s device to take its turn shuffling the "
                            "deck.",
    "sealed.await.reshuffle": "Waiting for {name}'s device to take its turn reshuffling the "
                              "{deck} deck.",
    "sealed.await.parts": "Waiting for {name}'s key parts for the {deck} deck.",
    "sealed.await.hand": "Waiting for {name}'s device to pass you the keys of the drafted "
                         "hand.",
    "sealed.await.seed": "Waiting for {name}'s keys, revealed at the end for the check.",
    "sealed.equivocation": "{name}'s device signed two different versions of the game from "
                           "post {move}: the one this device holds and this link both carry "
                           "its signature. Your game is kept as it was. The proof: "
                           "{name}'s signature on your version, {ours}; on this link's, "
                           "{theirs}.",
    "sealed.audit_waiting": "The game is checked when every device has revealed its keys: "
                            "send the link on.",
    "sealed.audit_passed": "Checked: every card played was drawn by its player, and every "
                           "device followed the shuffle.",
    "sealed.audit_checking": "Every device has revealed its keys: checking that every card "
                             "played was drawn by its player…",
    "sealed.audit_failed": "The check found cheating or damage:",
    "sealed.finding": "{name}: {what} ({deck} deck)",
    "sealed.audit.no_seed": "unverified: no keys revealed",
    "sealed.audit.unlock": "a reshuffle step that does not match its keys",
    "sealed.audit.mix": "a shuffle step that does not match its keys",
    "sealed.audit.lock": "a locking step that does not match its keys",
    "sealed.audit.skipped": "a shuffle step left out",
    "sealed.audit.reused_key": "a key used twice",
    "sealed.audit.part": "a key part that does not match its keys",
    "sealed.audit.not_drawn": "a card played that they did not draw",
    "sealed.audit.wrong_card": "a card played that is not the card drawn",
    "sealed.audit.claimed_twice": "a card played twice",
    "sealed.audit.pass": "a drafted card passed on with a key that is not its drawer's",
    "sealed.audit.pass_key": "a key for passed hands that does not match its keys",
    "sealed.deck.project": "project",
    "sealed.deck.corporation": "corporation",
    "sealed.move_title": "Move my seat to another device",
    "sealed.move_hint": "Your cards open only on this device. To go on playing {name} on "
                        "another device, save a move file locked with a passphrase, open "
                        "it there with “Import a game file” and type the passphrase. From then "
                        "on this device only shows the game: it can no longer play {name}.",
    "sealed.move_pass": "Passphrase (at least 8 characters)",
    "sealed.move_again": "The passphrase again",
    "sealed.move_make": "Save the move file",
    "sealed.move_short": "The passphrase needs at least 8 characters.",
    "sealed.move_mismatch": "The two passphrases differ: type the same one twice.",
    "sealed.move_not_now": "This seat cannot move to another device now: every player's "
                           "device must have sent a link first, and the game must not be "
                           "over.",
    "sealed.move_no_keys": "This browser cannot lock a move file (it keeps no keys here).",
    "sealed.moved_away": "You moved {name}'s seat to another device: this device shows the "
                         "game as it was and can no longer play {name}.",
    "sealed.taken_away": "{name}'s seat was taken back on another device (this one was "
                          "thought lost): this device shows the game as it was and can no "
                          "longer play {name}.",
    "sealed.moved_here": "{name}'s seat moved to this device: play on here. Send your next "
                         "link as usual; it tells the other devices.",
    "sealed.handed": "{name} moved their seat to another device: its moves are taken from "
                     "there, and the old device's are refused.",
    "sealed.file_title": "A seat moved from another device",
    "sealed.file_hint": "Type the passphrase the player chose when saving this file.",
    "sealed.file_pass": "Passphrase",
    "sealed.file_take": "Take the seat",
    "sealed.file_cancel": "Cancel",
    "sealed.move_passphrase": "Wrong passphrase, or the file was changed: nothing was taken.",
    "sealed.escrow_pass": "Recovery passphrase (at least 8 characters; recommended)",
    "sealed.escrow_again": "The recovery passphrase again",
    "sealed.escrow_hint": "Your cards open only with a secret this device keeps. With a "
                          "recovery passphrase, the game keeps that secret locked on every "
                          "device: if this phone is lost, the game's creator invites you "
                          "again (you began the game: another player sends you the whole "
                          "game) and you type the passphrase on a new device. Without it, a "
                          "lost phone ends the game. Choose a long passphrase: every device "
                          "holds the locked secret and could try guesses.",
    "sealed.escrow_short": "The recovery passphrase needs at least 8 characters (or leave "
                           "both fields empty).",
    "sealed.escrow_mismatch": "The passphrases typed differ: type the same one twice.",
    "sealed.escrow_ask": "{name} was invited again on this device. Type {name}'s recovery "
                         "passphrase to take the seat back.",
    "sealed.escrow_ask_creator": "This link holds the whole game {name} began. If you are "
                                 "{name} and lost the device you played on, type {name}'s "
                                 "recovery passphrase to take your seat back here.",
    "sealed.escrow_ask_claims": "This link holds the whole game. Several seats say they "
                                "began it ({names}): if you began it and lost the device you "
                                "played on, type your recovery passphrase. The seat it "
                                "unlocks with the key the game began with is taken back here.",
    "sealed.whole_claims": "the creator ({names})",
    "sealed.escrow_not_creator": "{name}'s recovery passphrase does not unlock the key of "
                                 "the game's creator: this seat cannot be taken back this "
                                 "way.",
    "sealed.whole_title": "{name} lost their device?",
    "sealed.whole_hint": "Send {name} this link on their new device: with {name}'s recovery "
                         "passphrase, it takes {name}'s seat back there, and the lost "
                         "device's links are refused from then on.",
    "sealed.whole_label": "The whole game, for {name}'s new device",
    "sealed.escrow_take": "Take the seat back",
    "sealed.escrow_typed": "Recovery passphrase",
    "sealed.escrow_passphrase": "Wrong recovery passphrase: nothing was taken.",
    "sealed.escrow_wrong": "The secret locked by {name}'s recovery passphrase does not fit "
                           "the cards {name} shuffled: {name}'s device posted a wrong one. "
                           "This seat cannot be taken back.",
    "sealed.escrow_none": "{name} left no recovery passphrase: {name}'s cards open only on "
                          "the lost device, so this seat cannot be taken back.",
    "sealed.recovered": "{name}'s seat is back on this device: play on here. Your next link "
                        "tells the others.",
    "sealed.move_damaged": "This move file is damaged or not a move file: nothing was taken.",
    "sealed.move_unsigned": "This move file's hand-over was not signed by the seat's key over "
                            "the game it carries: it was changed. Nothing was taken.",
    "sealed.move_joined": "This device already plays in that game: a seat moves only to a "
                          "device that does not.",
}
