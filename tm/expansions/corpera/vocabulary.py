"""Corporate Era's words in the engine's contract: its prompt purposes (the kinds each is
asked as, and the rule each follows), registered once through the manifest."""
from __future__ import annotations

from tm.core.contract import Vocabulary

VOCABULARY = Vocabulary(purposes={
    "discard_to_draw": ("cards",), "rob": ("player",), "remove_animals": ("card",),
    "copy_production": ("card",), "claim_land": ("space",)},
    rules={"discard_to_draw": "R-ACT-5", "rob": "R-PROD-3", "remove_animals": "R-PROD-3",
           "copy_production": "R-CARD-2", "claim_land": "R-TILE-2"})
