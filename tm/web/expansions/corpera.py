"""The Corporate Era expansion's page manifest: only its new-game switch (ticked at
first, among the game's variants); its cards need nothing of their own on the page."""
from __future__ import annotations

from tm.web.expansions import PageManifest, Switch

PAGE = PageManifest(
    name="corpera",  # the engine's manifest (tm.expansions.corpera)
    switch=Switch(box="corporate_era", words="start.corporate_era", default=True,
                  variant=True),
)
