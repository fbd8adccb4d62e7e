"""Words of the hand tools, the draft, card reading, resuming and the other polish of the
game screen (merged into :data:`tm.web.i18n.EN`)."""
from __future__ import annotations

EN_HAND: dict[str, str] = {
    # another player's cards in play, folded until opened
    "game.show_played": "Show played cards ({n})",
    "game.hide_played": "Hide played cards",
    # the hand: sorting, filtering, reading
    "hand.tools": "Sort and filter the hand",
    "hand.sort": "Sort",
    "hand.sort.playable": "Playable",
    "hand.sort.cost": "Cost",
    "hand.sort.tag": "Tag",
    "hand.sort.name": "Name",
    "hand.filter": "Tag",
    "hand.filter.all": "All",
    "hand.filter.none": "No tag",
    "hand.shown": "{shown} of {total} shown",
    "hand.read": "Read {name}",
    "hand.none_match": "No card in hand has this tag.",
    # reading a card's full text
    "read.title": "{name}",
    "read.close": "Close",
    # the draft
    "draft.kept": "Kept this round",
    "draft.kept_none": "Nothing kept yet this round.",
    "draft.pass_to": "The rest of your hand goes to {name}",
    # resuming, sharing
    "start.resume": "Game in progress",
    # solo
    "start.solo_ma": "Milestones and awards are not used and do not score.",
    "game.solo_ma": "Solo game: no milestones or awards to claim or fund; none score.",
    # landmarks
    "a11y.decision": "Decision",
}
