"""Every log record and prompt the engine can produce has words in the English catalog,
and every record of whole random games reads as words."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tm.testing import make_game
from tm.web.expansions.pages import LOG_TEXTS
from tm.web.i18n import EN

SOURCES = "\n".join(p.read_text(encoding="utf-8")
                    for p in (Path(__file__).resolve().parents[2] / "tm").rglob("*.py"))
# Written by tm/web/log_text.py's own phrasing (counts and card names), not one template.
LOG_PHRASED_IN_CODE = {"bought", "card_res", "draw", "setup", "param", "prod", "ocean_bonus",
                       *LOG_TEXTS}  # (the expansions' records: their page manifests)
# Markers the log shows as the headings of its generations, turns and phases.
LOG_HEADINGS = {"generation": "log.generation_head", "turn": "log.head.turn",
                "research": "log.head.research", "production": "log.head.production",
                "final_greenery": "log.head.final"}
LOG_DIVIDERS = {"action"}  # a line between a turn's actions, no words
TITLE_KEYS = {"cards": "prompt.cards.{}", "card": "prompt.card.{}", "player": "prompt.player.{}",
              "setup": "prompt.setup.{}", "amount": "prompt.amount.{}",
              "option": "prompt.option.{}"}
TITLED_OTHERWISE = {("option", "choose"),  # "Choose one for <card>"
                    ("action", "action"), ("space", "place"), ("space", "claim_land"),
                    ("pay", "pay")}  # titled by what they place / pay for (tested below)
ASK = re.compile(r'\bask\(g, [\w.]+, "(\w+)", "(\w+)"')
# Engine work of issue 13 (Prelude) whose words the page part of that issue adds to the
# catalog; each entry must leave this list when its message exists (checked below).
PAGE_PENDING_LOG: set[str] = set()
PAGE_PENDING_PROMPTS: set[str] = set()


def test_every_log_key_has_words() -> None:
    keys = set(re.findall(r'\blog\(g, "(\w+)"', SOURCES))
    assert all(key in EN for key in LOG_HEADINGS.values())
    missing = sorted(k for k in keys - LOG_PHRASED_IN_CODE - set(LOG_HEADINGS) - LOG_DIVIDERS
                     if f"log.{k}" not in EN)
    assert not [k for k in missing if k not in PAGE_PENDING_LOG], \
        f"log keys without a message: {missing}"
    assert sorted(PAGE_PENDING_LOG) == [k for k in missing if k in PAGE_PENDING_LOG], \
        "a pending log key has words now (or is gone): take it off PAGE_PENDING_LOG"


def test_every_prompt_purpose_has_a_title() -> None:
    asks = set(ASK.findall(SOURCES))
    assert ("setup", "setup") in asks and ("card", "draft") in asks  # the pattern still finds them
    missing = sorted(f"{kind}/{purpose}" for kind, purpose in asks
                     if (kind, purpose) not in TITLED_OTHERWISE
                     and TITLE_KEYS.get(kind, "-{}").format(purpose) not in EN)
    assert not [m for m in missing if m not in PAGE_PENDING_PROMPTS], \
        f"prompts without a title: {missing}"
    assert sorted(PAGE_PENDING_PROMPTS) == [m for m in missing if m in PAGE_PENDING_PROMPTS], \
        "a pending prompt has a title now (or is gone): take it off PAGE_PENDING_PROMPTS"


def test_every_payment_purpose_has_a_title() -> None:
    purposes = set(re.findall(r'for_=\{"(\w+)"', SOURCES))
    assert {"card", "project", "milestone", "award", "cards"} <= purposes
    missing = sorted(p for p in purposes
                     if f"prompt.pay.{p}" not in EN and f"prompt.pay.{p}.other" not in EN)
    assert not missing, f"payments without a title: {missing}"


def test_prelude_log_lines_name_the_player_and_cards() -> None:
    from tm.web.log_text import log_line

    game, _ = make_game(2)
    view = game.view(None)
    kept = log_line(view, {"key": "preludes_kept", "player": 0, "cards": ["Donation", "Loan"]})
    assert kept.endswith("keeps the preludes Donation, Loan")
    fizzled = log_line(view, {"key": "prelude_discarded", "player": 1, "card": "Biofuels",
                              "megacredits": 15})
    assert "cannot carry out Biofuels: it is discarded for 15 MC" in fizzled


def test_every_milestone_and_award_of_every_board_has_words() -> None:
    from tm.board.maps import builtin_maps

    missing = [f"{prefix}.{name}" for board in builtin_maps()
               for prefix, names in (("ms", board.milestone_names), ("aw", board.award_names))
               for name in names if f"{prefix}.{name}" not in EN]
    assert not missing


@pytest.mark.parametrize(("players", "seed", "expansions"), [
    (2, 21, ["corpera"]), (3, 22, ["corpera", "prelude"]), (1, 23, ["corpera", "prelude"])])
def test_every_record_of_a_whole_game_reads_as_words(players: int, seed: int,
                                                     expansions: list[str]) -> None:
    """No record shows as its key, an unfilled field or a wrong plural ("1 cards")."""
    from tm.sim import play_random_game
    from tm.web.log_text import MARKERS, log_line, space_ref
    game = play_random_game(players=players, seed=seed, expansions=tuple(expansions))
    view = game.view(None)
    for record in view["log"]:
        if record["key"] in MARKERS:
            continue
        line = log_line(view, record)
        assert not line.startswith("(") and "{" not in line, (record, line)
        assert " 1 cards" not in line and " 1 players" not in line, (record, line)
        assert "space" not in line or space_ref(view, record["space"]) in line, line
