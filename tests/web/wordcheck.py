"""Random games read in every language: each decision met is drawn by the page's own
renderers in English, German, Japanese and Belarusian (prompt heading and every listed
choice, the hint box, the confirm panel of a complete action with its bottom bar, the
status strip, every log record), and every text is searched for a catalog key, an
unfilled placeholder, a raw token, and in de/ja/be for English shown untranslated.

Two nets catch an English fallback: the catalog lookups themselves (a message the
language's catalog lacks, seen by wrapping :func:`tm.web.i18n._template`, and a name
without its translation, seen by wrapping :func:`tm.web.i18n.name`), and the text (in
Japanese and Belarusian no Latin word may remain but the few the catalogs use; in every
language no English name whose translation differs).

``python -m tests.web.wordcheck --games 1000 --moves 400`` plays more than the test.
"""
from __future__ import annotations

import argparse
import html
import json
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from tm import Game, Options
from tm.board.maps import BUILTIN_NAMES
from tm.bots.hint import hint
from tm.web import i18n
from tm.web.app import App
from tm.web.app_bots import BotsShown
from tm.web.app_lang import switch
from tm.web.bots_html import hint_box
from tm.web.confirm_html import held_panel
from tm.web.decide_html import status_strip
from tm.web.log_html import log_section
from tm.web.log_text import MARKERS, log_line
from tm.web.model import Screen
from tm.web.prompt_base import Ask, label_of
from tm.web.prompt_html import render_prompt
from tm.web.prompt_parts import choice_label
from tm.web.saves import MemoryStorage, SaveMeta

LANGS = ("en", "de", "ja", "be")
EXPANSION_SETS = (("corpera",), ("corpera", "prelude"), ("corpera", "colonies"),
                  ("corpera", "prelude", "colonies"))
COLOURS = ("red", "green", "blue", "yellow", "black")
# Player names in no Latin letters, so a Latin word in Japanese or Belarusian is a find.
NAMES = ("Аля", "Базыль", "Віця", "Галя", "Дзяніс")
CONFIRMING = frozenset({"confirm", "done", "end_turn"})  # as tm.web.app_stage

KEY = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)*\.[a-z][a-z0-9_]*(?:\.[A-Za-z0-9_]+)*\b")
PLACEHOLDER = re.compile(r"\{[A-Za-z_]\w*[^{}]*\}")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
PYTHON = re.compile(r"\bTrue\b|\bFalse\b|\{'|\['|\(\)")  # ("None" is English: "pay none")
HEADING = re.compile(r"<h[1-6][^>]*>(.*?)</h[1-6]>", re.S)
LATIN = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|\b[A-Za-z]\b")
LATIN_RUN = re.compile(r"[A-Za-z0-9][\w'’-]*(?: [A-Za-z0-9][\w'’-]*)*", re.A)
TAG = re.compile(r"<[^>]+>")
STYLE = re.compile(r"<style>.*?</style>", re.S)
# A card's English name under its translated one (on purpose: a search finds the card).
NAME_EN = re.compile(r'<span class="name-en" lang="en">[^<]*</span>')
SYMBOL = re.compile(r"<symbol\b.*?</symbol>", re.S)  # a tile's drawing (Commercial District)

# Choice types the random player rarely takes (setup would never end; games too short).
WEIGHTS = {"unpick": 0.02, "unkeep": 0.02, "pass": 0.15, "end_turn": 0.4, "play_card": 6.0,
           "card_action": 3.0, "trade": 3.0, "claim_milestone": 4.0, "fund_award": 2.0,
           "keep": 2.0, "first_action": 5.0, "convert_plants": 3.0, "convert_heat": 3.0}


def visible(page: str) -> str:
    """The text a reader sees (style rules and tags removed, entities decoded, soft hyphens
    — where a long German word may break — left out)."""
    return html.unescape(TAG.sub(" ", NAME_EN.sub("", SYMBOL.sub("", STYLE.sub("", page))))
                         ).replace(SOFT_HYPHEN, "")


SOFT_HYPHEN = "\u00ad"


def _latin_words(text: str) -> set[str]:
    return set(LATIN.findall(text))


def allowed_latin(lang: str) -> set[str]:
    """Latin words a translation may show: those its own catalog writes (MC, TR …)."""
    words: set[str] = set()
    for text in i18n.catalog(lang).values():  # (names too: "AIセントラル")
        words |= _latin_words(PLACEHOLDER.sub(" ", text))
    return words


def english_names(lang: str) -> dict[str, str]:
    """English names whose translation in ``lang`` differs: name → the translation."""
    found: dict[str, str] = {}
    for key, hyphenated in i18n.catalog(lang).items():
        text = hyphenated.replace(SOFT_HYPHEN, "")
        if key.startswith("name.") and not key.startswith("name.short."):  # (a board label)
            english = key.split(".", 2)[2]
            if text != english and len(english) > 3:
                found[english] = text
    return found


@dataclass
class Finding:
    """Something shown that should not be: where, in which language, what."""

    lang: str
    where: str
    what: str
    text: str

    def __str__(self) -> str:
        return f"[{self.lang}] {self.where}: {self.what} in {self.text[:300]!r}"


@dataclass
class Report:
    """What a run met and found."""

    games: int = 0
    moves: int = 0
    texts: int = 0
    prompts: Counter[tuple[str, str]] = field(default_factory=Counter)
    labels: Counter[str] = field(default_factory=Counter)
    logs: Counter[str] = field(default_factory=Counter)
    hints: Counter[str] = field(default_factory=Counter)
    held: int = 0
    hint_errors: Counter[str] = field(default_factory=Counter)
    findings: list[Finding] = field(default_factory=list)
    seen: set[tuple[str, str, str]] = field(default_factory=set)

    def find(self, finding: Finding) -> None:
        """Keep a finding once per language, place and kind of fault."""
        mark = (finding.lang, finding.where.split(" ")[0], finding.what)
        if mark not in self.seen:
            self.seen.add(mark)
            self.findings.append(finding)

    def summary(self) -> str:
        """One line of counts."""
        return (f"{self.games} games, {self.moves} moves, {self.texts} texts in "
                f"{len(LANGS)} languages, {len(self.prompts)} prompt kinds/purposes, "
                f"{len(self.labels)} choice types, {len(self.logs)} log records, "
                f"{len(self.hints)} hint reasons, {self.held} confirm panels")


class Lookups:
    """The catalog lookups that fell back to English (or to the key itself)."""

    def __init__(self) -> None:
        self.missed: list[tuple[str, str]] = []

    @contextmanager
    def watching(self) -> Iterator[None]:
        """Wrap the catalog's lookups while the block runs."""
        template, name = i18n._template, i18n.name

        def _template(message_key: str, lang: str, values: dict[str, Any]) -> str | None:
            found = template(message_key, lang, values)
            if found is None:
                self.missed.append((lang, message_key))
            return found

        def _name(kind: str, english: str, lang: str | None = None) -> str:
            shown = name(kind, english, lang)
            lang = lang or i18n.language()
            if lang != "en" and english and f"name.{kind}.{english}" not in i18n.catalog(lang):
                self.missed.append((lang, f"name.{kind}.{english}"))
            return shown

        i18n._template, i18n.name = _template, _name  # type: ignore[assignment]
        try:
            yield
        finally:
            i18n._template, i18n.name = template, name  # type: ignore[assignment]

    def take(self) -> list[tuple[str, str]]:
        """The misses since the last call."""
        missed, self.missed = self.missed, []
        return missed


class Checker:
    """Draws texts in every language and searches them."""

    def __init__(self, report: Report) -> None:
        self.report = report
        self.lookups = Lookups()
        self.latin = {lang: allowed_latin(lang) for lang in LANGS if lang != "en"}
        self.names = {lang: english_names(lang) for lang in LANGS if lang != "en"}
        self.drawn: set[str] = set()
        self.longest = max((len(n.split()) for names in self.names.values() for n in names),
                           default=1)

    def fresh(self, *parts: Any) -> bool:
        """Whether these records are new to the run (then they are remembered)."""
        mark = json.dumps(parts, sort_keys=True, default=str)
        if mark in self.drawn:
            return False
        self.drawn.add(mark)
        return True

    def check(self, where: str, draw: Any) -> None:
        """Draw with ``draw()`` in each language and search what it shows."""
        with self.lookups.watching():
            for lang in LANGS:
                switch(lang)
                try:
                    page = draw()
                    self._search(lang, where, visible(page))
                    self._headings(lang, where, page)
                finally:
                    switch("en")

    def _search(self, lang: str, where: str, text: str) -> None:
        report = self.report
        report.texts += 1
        for miss_lang, key in self.lookups.take():
            if key not in i18n.EN and not key.startswith("name."):
                report.find(Finding(miss_lang, where, f"key {key} is in no catalog", text))
            elif not key.startswith("name."):
                report.find(Finding(miss_lang, where, f"{key} shown in English", text))
            else:
                report.find(Finding(miss_lang, where, f"{key} has no translation", text))
        for pattern, what in ((KEY, "a catalog key"), (PLACEHOLDER, "an unfilled placeholder"),
                              (SNAKE, "a raw token"), (PYTHON, "a Python value")):
            found = pattern.search(text)
            if found:
                report.find(Finding(lang, where, f"{what} {found.group(0)!r}", text))
        if lang == "en":
            return
        leaked = self._english_name(lang, text)
        if leaked:
            report.find(Finding(lang, where, f"the English name {leaked!r}", text))
        if lang in ("ja", "be"):
            stray = sorted(_latin_words(text) - self.latin[lang])
            if stray:
                report.find(Finding(lang, where, f"Latin words {stray[:6]}", text))


    def _headings(self, lang: str, where: str, page: str) -> None:
        """Every heading in sentence case (its first letter upper-case)."""
        for found in HEADING.finditer(page):
            text = visible(found.group(1)).strip()
            if text[:1].islower() or (lang != "en" and text == "None"):
                self.report.find(Finding(lang, where, "a heading in lower case", text))

    def _english_name(self, lang: str, text: str) -> str | None:
        """An English name shown where the language has another (runs of words looked up)."""
        names = self.names[lang]
        for run in LATIN_RUN.findall(text):
            words = run.split()
            for i in range(len(words)):
                for j in range(i + 1, min(len(words), i + self.longest) + 1):
                    found = " ".join(words[i:j])
                    if found in names and found not in names[found]:
                        return found
        return None


# ---------------------------------------------------------------- playing
def options_for(index: int) -> Options:
    """The game of number ``index``: players 1–5, expansion sets, maps and draft vary so
    that 200 numbers hold every combination once."""
    players = 1 + index % 5
    return Options(players=players, seed=index, names=list(NAMES[:players]),
                   expansions=list(EXPANSION_SETS[(index // 5) % 4]),
                   board=BUILTIN_NAMES[(index // 20) % 5], draft=bool((index // 100) % 2))


# Games dealt, once their actions begin, the cards behind the rarest decisions (taking a
# resource from a card, Air Raid, floaters as heat, a free trade) and Mars terraformed, so
# that the generation is the last (the final greenery): numbers 13 and 18 of every 20
# (3 players, Colonies), played BOOST_MOVES further than the others.
BOOSTED = (13, 18)
BOOST_MOVES = 100
BOOST_HAND = ("Air Raid", "Ants", "Local Heat Trapping")
BOOST_PLAYED = {0: (("Stormcraft Incorporated", 3), ("Atmo Collectors", 2)),
                1: (("Tardigrades", 2), ("Fish", 2)), 2: (("Titan Floating Launch-pad", 3),)}


def boost(game: Game) -> None:
    """Deal the rare decisions' cards (see BOOSTED)."""
    from tm import testing

    testing.give_cards(game, 0, list(BOOST_HAND))
    for p, cards in BOOST_PLAYED.items():
        for name, held in cards:
            testing.put_in_play(game, p, [name], resources=held)
    for p in range(len(game.state.players)):
        testing.set_resources(game, p, megacredits=120, plants=16, heat=1)
    testing.set_parameters(game, temperature=8, oxygen=14, oceans=9)  # (ends this generation)


def _pick(rnd: random.Random, choices: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
    weights = [WEIGHTS.get(str(c.get("type")), 1.0) for c in choices]
    return rnd.choices(list(choices), weights)[0]


def _screen(view: Mapping[str, Any], viewer: int, **more: Any) -> Screen:
    return Screen(name="game", view=view, viewer=viewer, colours=COLOURS[:len(view["players"])],
                  **more)


def _label_key(choice: Mapping[str, Any]) -> str:
    label = choice.get("label")
    return str(label.get("key") if isinstance(label, Mapping) else choice.get("type"))


class Play:
    """One random game drawn move by move."""

    def __init__(self, checker: Checker, index: int, moves: int, full: bool = False) -> None:
        self.checker, self.report = checker, checker.report
        self.game = Game.new(options_for(index))
        self.rnd = random.Random(index)
        self.limit = moves
        self.logged = 0
        self.action: tuple[int, list[Mapping[str, Any]]] | None = None  # who, answers
        self.name = f"game {index}"
        self.shapes: set[tuple[str, str, tuple[str, ...]]] = set()
        self.full = full  # the whole decision area at every decision
        self.whole = index % 10 == 0 or full  # the whole page when the game stops
        self.boost = index % 20 in BOOSTED
        self.limit += BOOST_MOVES if self.boost else 0

    def run(self) -> None:
        """Play to the end or the move limit, drawing every decision met."""
        game = self.game
        for _ in range(self.limit):
            if game.is_over:
                break
            if self.boost and game.state.phase == "action":
                self.boost = False
                boost(game)
            player, prompt = game.pending[0]
            view = game.view(player)
            self._end_of_action(player, prompt.kind, view)
            self._draw_decision(player, view)
            choice = _pick(self.rnd, [c.to_dict() for c in prompt.choices()])
            if prompt.kind == "action":
                self.action = (player, [])
            if self.action is not None and self.action[0] == player:
                self.action[1].append(choice)
            game.respond(player, dict(choice))
            self.report.moves += 1
        view = game.view(game.pending[0][0] if game.pending else 0)
        self._end_of_action(-1, "", view)
        self._draw_log(view)
        self.checker.check(f"{self.name} log section",
                           lambda: log_section(view, COLOURS, depth=0))
        if self.whole:  # the whole game screen: board, panels, standings, hand, colonies
            self.checker.check(f"{self.name} game screen", lambda: _whole_page(game))
        self.report.games += 1

    def _draw_decision(self, player: int, view: Mapping[str, Any]) -> None:
        decision = view["you"]["decision"]
        ask = Ask(view, player, str(decision["kind"]), str(decision["purpose"]),
                  decision["data"], decision["choices"], decision.get("costs") or {},
                  COLOURS[:len(view["players"])])
        where = f"{self.name} move {len(self.game.moves)} {ask.kind}/{ask.purpose}"
        self.report.prompts[(ask.kind, ask.purpose)] += 1
        for choice in ask.choices:
            self.report.labels[_label_key(choice)] += 1
        try:
            record: Mapping[str, Any] | None = hint(view)
        except Exception as error:  # (the bots' own tests own this: counted, not drawn)
            self.report.hint_errors[f"{ask.kind}/{ask.purpose}: {error!r}"] += 1
            record = None
        bots = None
        if record is not None:
            self.report.hints[str(record["reason"]["key"])] += 1
            index = next((i for i, c in enumerate(ask.choices) if c == record["choice"]), None)
            bots = BotsShown(can_hint=True, hint=record, hint_index=index, hint_player=player)
        screen = _screen(view, player, bots=bots)
        # Every choice in its words and the hint, at every decision (each label record
        # drawn once on a board: the same record reads the same); the whole decision area
        # as drawn (cards in full, inert buttons, headings) the first time a game meets
        # its kind of decision with these kinds of choices (it is the slow part).
        board = str(view["options"]["board"])
        fresh = [c for c in ask.choices if self.checker.fresh(board, label_of(c))]
        if fresh:
            self.checker.check(where, lambda: "\n".join(choice_label(view, c) for c in fresh))
        if record is not None and self.checker.fresh(board, record["reason"],
                                                     label_of(record["choice"])):
            self.checker.check(where + " hint", lambda: hint_box(screen))
        shape = (ask.kind, ask.purpose, tuple(sorted({_label_key(c) for c in ask.choices})))
        if shape not in self.shapes or self.full:
            self.shapes.add(shape)
            self.checker.check(where, lambda: render_prompt(ask) + status_strip(screen))
        self._draw_log(view)

    def _draw_log(self, view: Mapping[str, Any]) -> None:
        board = str(view["options"]["board"])
        records = [r for r in view["log"][self.logged:] if r.get("key") not in MARKERS
                   and self.checker.fresh(board, r)]
        self.logged = len(view["log"])
        for record in records:
            self.report.logs[str(record.get("key"))] += 1
        if records:
            self.checker.check(f"{self.name} log {records[0].get('key')}",
                               lambda: "\n".join(log_line(view, r) for r in records))

    def _end_of_action(self, player: int, kind: str, view: Mapping[str, Any]) -> None:
        """A complete action that ended on no confirmation: its confirm panel."""
        if self.action is None:
            return
        actor, steps = self.action
        if player == actor and kind != "action":
            return  # still under way
        self.action = None
        if not steps or steps[-1].get("type") in CONFIRMING:
            return
        shown = view if view["you"]["player"] == actor else self.game.view(actor)
        screen = _screen(shown, actor, held=tuple(steps))
        self.report.held += 1
        self.checker.check(f"{self.name} confirm {steps[0].get('type')}",
                           lambda: held_panel(screen))


def _whole_page(game: Game) -> str:
    """The game screen as the App draws it for the player deciding (every region anew)."""
    app = App(MemoryStorage(), clock=lambda: 0.0)
    app.shown.game = game
    app.shown.meta = SaveMeta(names=[pl.name for pl in game.state.players],
                              colours=list(COLOURS[:len(game.state.players)]))
    app.shown.viewer = game.pending[0][0] if game.pending else 0
    app.shown.screen = "game"
    return app.render()["app"]


def run(games: Sequence[int], moves: int, full: bool = False) -> Report:
    """Play and draw these games (numbers for :func:`options_for`), at most ``moves`` each."""
    report = Report()
    checker = Checker(report)
    for index in games:
        Play(checker, index, moves, full).run()
    return report


def main(argv: list[str]) -> int:
    """Play more games than the test does and print what was found."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--full", action="store_true", help="the whole decision area always")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    report = run(range(args.first, args.first + args.games), args.moves, args.full)
    print(report.summary(), f"in {time.perf_counter() - start:.0f} s")
    for kind, count in sorted(report.prompts.items()):
        print(f"  {kind[0]}/{kind[1]}: {count}")
    for error, count in report.hint_errors.items():
        print(f"  the hint failed {count} times at {error}")
    for finding in report.findings:
        print(finding)
    return 1 if report.findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
