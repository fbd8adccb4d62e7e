"""Corporate Era: its project cards and corporations; every production starts at 0
(R-SETUP-3); always played in solo (R-SOLO-1); its prompt purposes (its vocabulary)."""
from __future__ import annotations

from tm.core.manifest import Manifest
from tm.expansions.corpera.vocabulary import VOCABULARY

CORPERA = Manifest(name="corpera", card_sets=("corpera",), starting_production=0,
                   required_in_solo=True, vocabulary=VOCABULARY)
