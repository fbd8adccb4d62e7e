"""Corporate Era in the bots: nothing of it is hidden beyond the base game's; what its
cards' named functions are worth to the judge."""
from __future__ import annotations

from tm.bots.expansions import BotValues, UnseenManifest

UNSEEN = UnseenManifest(
    name="corpera",
    values=BotValues(custom_steps={"claim_a_land_space": 1.0,
                                   "copy_a_building_production_box": 8.0}),
)
