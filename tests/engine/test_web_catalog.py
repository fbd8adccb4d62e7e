"""Every log record and prompt the engine can produce has words in the English catalog."""
from __future__ import annotations

import re
from pathlib import Path

from tm.web.i18n import EN

SOURCES = "\n".join(p.read_text(encoding="utf-8")
                    for p in (Path(__file__).resolve().parents[2] / "tm").rglob("*.py"))
# Written by tm/web/log_text.py's own phrasing (counts and card names), not one template.
LOG_PHRASED_IN_CODE = {"bought", "card_res", "draw"}
TITLE_KEYS = {"cards": "prompt.cards.{}", "card": "prompt.card.{}", "player": "prompt.player.{}"}


def test_every_log_key_has_words() -> None:
    keys = set(re.findall(r'\blog\(g, "(\w+)"', SOURCES))
    missing = sorted(k for k in keys - LOG_PHRASED_IN_CODE if f"log.{k}" not in EN)
    assert not missing, f"log keys without a message: {missing}"


def test_every_card_and_player_prompt_has_a_title() -> None:
    asks = set(re.findall(r'\bask\(g, \w+, "(\w+)", "(\w+)"', SOURCES))
    missing = sorted(TITLE_KEYS[kind].format(purpose) for kind, purpose in asks
                     if kind in TITLE_KEYS and TITLE_KEYS[kind].format(purpose) not in EN)
    assert not missing, f"prompts without a title: {missing}"
