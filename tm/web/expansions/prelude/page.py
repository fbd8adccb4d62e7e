"""The Prelude expansion's page manifest: its new-game switch, its prompts that show
whole cards (which prelude to play), its log texts and its catalog. Its setup offer holds
cards (drawn as cards by the core page); its card type is dealt, never bought (the
engine's ``Card.is_project`` says so)."""
from __future__ import annotations

from tm.web.card_text import qty
from tm.web.expansions import PageManifest, Record, Switch, View
from tm.web.expansions.prelude.words import EN_PRELUDE
from tm.web.i18n import card_name, t

NAME = "prelude"  # the engine's manifest (tm.expansions.prelude)


def _discarded(v: Record, view: View) -> str:
    return t("log.prelude_discarded", player=v["player"], card=v.get("card"),
             qty=qty("megacredits", int(v.get("megacredits", 0))))


def _kept(v: Record, view: View) -> str:
    return t("log.preludes_kept", player=v["player"],
             cards=t("list.and").join(card_name(c) for c in v.get("cards", [])))


PAGE = PageManifest(
    name=NAME,
    switch=Switch(box=NAME, words="start.prelude"),
    words=EN_PRELUDE,
    full_card_purposes=("prelude_first", "prelude_of_several"),
    log_texts={"prelude_discarded": _discarded, "preludes_kept": _kept},
)
