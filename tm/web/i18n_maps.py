"""Words of the boards beyond Tharsis (merged into :data:`tm.web.i18n.EN`): what each
milestone asks and what each award counts, in our own short phrasing."""
from __future__ import annotations

EN_MAPS: dict[str, str] = {
    # track bonuses (printed on each board's tracks)
    "game.track_bonus": "at {at}: {gain}",
    "track_gain.heat_production": "+1 heat production",
    "track_gain.plant_production": "+1 plant production",
    "track_gain.ocean": "an ocean",
    "track_gain.temperature": "a temperature step",
    "track_gain.card": "a card",
    # Elysium
    "ms.Generalist": "every production at least 1 above its start",
    "ms.Specialist": "10 in one production",
    "ms.Ecologist": "4 plant, animal or microbe tags",
    "ms.Tycoon": "15 green and blue cards",
    "ms.Legend": "5 events played",
    "aw.Celebrity": "most green and blue cards costing 20 MC or more",
    "aw.Industrialist": "most steel and energy",
    "aw.Desert Settler": "most tiles in the four lowest rows",
    "aw.Estate Dealer": "most tiles next to an ocean",
    "aw.Benefactor": "highest terraform rating",
    # Hellas
    "ms.Diversifier": "8 different tags",
    "ms.Tactician": "5 green and blue cards with requirements",
    "ms.Polar Explorer": "3 tiles in the two lowest rows",
    "ms.Energizer": "6 energy production",
    "ms.Rim Settler": "3 Jovian tags",
    "aw.Cultivator": "most greeneries",
    "aw.Magnate": "most green cards",
    "aw.Space Baron": "most space tags",
    "aw.Excentric": "most resources on cards",
    "aw.Contractor": "most building tags",
    # Vastitas Borealis
    "ms.Agronomist": "4 plant tags",
    "ms.Engineer": "10 energy and heat production together",
    "ms.Spacefarer": "4 space tags",
    "ms.Geologist": "3 tiles on or next to volcanic spaces",
    "ms.Farmer": "5 animals and microbes on cards",
    "aw.Traveller": "most Jovian and Earth tags",
    "aw.Landscaper": "largest group of your connected tiles",
    "aw.Highlander": "most tiles not next to an ocean",
    "aw.Promoter": "most events played",
    "aw.Blacksmith": "highest steel and titanium production",
    # Amazonis Planitia
    "ms.Terran": "5 Earth tags",
    "ms.Landshaper": "a city, a greenery and a special tile",
    "ms.Merchant": "3 of each standard resource",
    "ms.Sponsor": "3 green and blue cards costing 20 MC or more",
    "ms.Lobbyist": "7 delegates (needs Turmoil: cannot be claimed here)",
    "aw.Collector": "most kinds of resources",
    "aw.Innovator": "most green, blue and event cards",
    "aw.Constructor": "most cities and colonies",
    "aw.Manufacturer": "highest steel and heat production",
    "aw.Physicist": "most science and space tags",
}
