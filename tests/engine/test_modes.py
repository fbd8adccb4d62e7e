"""A game's mode is a seam (issue 48, item 3): the rules ask the game's deal
(tm/core/dealing.py), never whether the game is sealed, and the device's dealer lives in the
Game, not in its state."""
from __future__ import annotations

import pickle
import re
from pathlib import Path

from tm import Game, Options
from tm.core.dealing import SEEDED, deal_of
from tm.core.state import GameState
from tm.testing import KnownDealer

TM = Path(__file__).resolve().parents[2] / "tm"
# A test of the mode: a branch that names a sealed game, its tokens or a dealer.
MODE_TEST = re.compile(r"\b(if|elif|and|or|not|while)\b[^#\n]*(is_sealed\(|is_token\("
                       r"|options\.sealed|state\.sealed|\bg\.sealed\b|\.dealer\b)")
# Where the modes live (the seam, the sealed and fair-deck code), the page (its own floor,
# issue 48 item 1), and the option's own check.
OWN = ("fairdeck/", "linkplay/sealed", "core/sealed.py", "core/dealing.py",
       "prompts/sealed.py", "web/", "testing/", "options_check.py")


def mode_tests(root: Path) -> dict[str, int]:
    """Branches on the mode per module of ``root`` outside the modes' own code."""
    found: dict[str, int] = {}
    for path in sorted(root.rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if name.startswith(OWN):
            continue
        count = sum(1 for line in path.read_text().splitlines()
                    if MODE_TEST.search(line) and not line.lstrip().startswith("#"))
        if count:
            found[name] = count
    return found


def test_the_rules_never_ask_which_mode_they_play() -> None:
    assert mode_tests(TM) == {}


def test_the_mode_scan_finds_a_planted_branch(tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "x.py").write_text("def f(g):\n    if g.options.sealed:\n"
                                             "        return 1\n")
    assert mode_tests(tmp_path) == {"rules/x.py": 1}


def test_a_seeded_game_deals_through_the_open_deck() -> None:
    game = Game.new(Options(players=2, seed=4))
    assert game.deal is SEEDED and deal_of(game.state) is SEEDED


def test_a_sealed_games_state_holds_no_dealer_and_copies_share_it() -> None:
    options = Options(players=2, seed=5, sealed=True)
    dealer = KnownDealer(options, seat=0)
    game = Game.new(options, dealer=dealer)
    dealer.attach(game)
    assert "dealer" not in {name for name in GameState.__slots__}
    pickle.loads(pickle.dumps(game.state))  # (nothing of the device in it)
    assert game.copy().dealer is dealer and game.at(0).dealer is dealer
    assert deal_of(game.state).dealer is None  # (outside its game's play: reads nothing)


def test_the_deal_follows_what_the_state_records() -> None:
    sealed = Game.new(Options(players=2, seed=6, sealed=True)).state
    assert deal_of(sealed) is not SEEDED
    sealed.sealed = {}  # (a bot's sample of a sealed game: a world of names, played seeded)
    assert deal_of(sealed) is SEEDED
