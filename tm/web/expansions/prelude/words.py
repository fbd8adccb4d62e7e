"""Words of the Prelude expansion, its page manifest's catalog (merged into
:data:`tm.web.i18n.EN`): the titles of its prompts and its part of the setup (its log
records are phrased in :mod:`tm.web.i18n_log`)."""
from __future__ import annotations

EN_PRELUDE: dict[str, str] = {
    "prompt.card.prelude_first": "Play which prelude first?",
    "prompt.card.prelude_of_several": "Play one of these preludes (the others are discarded)",
    "prompt.card.play_from_hand": "Play which card from your hand (ignoring its requirements)?",
    "prompt.option.fund_award_free": "Fund which award for free?",
    "type.prelude": "prelude",
    "tag.wild": "wild",
    "setup.offer": "{what}: keep {keep} ({kept} kept)",
    "setup.offer.preludes": "Preludes",
    "setup.offer_needed": "Keep {keep} {what} first",
    "action.keep.preludes": "Keep {card}",
    "action.unkeep.preludes": "Put back {card}",
    "sealed.deck.prelude": "prelude",  # a sealed game's prelude deck (its audit)
}
