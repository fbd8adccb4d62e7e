"""The game log on screen: generations, each of turns and phases, each of steps.

Generations and the turns within one read newest first (what just happened is on top);
the steps of one turn read in the order they happened. The page shows the latest
``depth`` generations and a button for earlier ones, so a long game stays quick to draw
and the whole game stays reachable. A step that names a space carries
``data-space-ref``; hovering or focusing it highlights that space on the board (CSS rules
written beside the list, one per space the shown steps name).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tm.core.values import is_int
from tm.web.html import attrs, esc
from tm.web.i18n import t, tn
from tm.web.log_text import MARKERS, Record, log_line
from tm.web.model import View, player_name
from tm.web.panels import swatch
from tm.web.regions import drawn_for, keep_work, kept_work, part

LOG_DEPTH = 2  # generations shown at first: this one and the one before
LOG_MORE = 3  # generations one press of "earlier" adds
_CARD_KEYS = ("card_played", "card_action", "corporation")


@dataclass(slots=True)
class Step:
    """One record in words, and the space it names (if any)."""

    text: str
    space: str | None = None
    starts_action: bool = False  # the first step of a turn's second (or later) action


@dataclass(slots=True)
class Turn:
    """A player's turn, or a phase (setup, research, production, final greenery)."""

    kind: str
    player: int | None = None
    records: list[Record] = field(default_factory=list)

    @property
    def has_steps(self) -> bool:
        """Whether anything happened in it (an ended turn may hold only its marker)."""
        return any(r.get("key") != "action" for r in self.records)


@dataclass(slots=True)
class Generation:
    """One generation's turns and phases, oldest first."""

    number: int
    turns: list[Turn] = field(default_factory=list)


def _open(gens: list[Generation], number: int, kind: str, player: int | None = None) -> None:
    if not gens or gens[-1].number != number:
        gens.append(Generation(number))
    gens[-1].turns.append(Turn(kind, player))


def _generation(value: Any, current: int) -> int:
    """A record's generation; the current one when it has none (or a damaged one)."""
    return value if is_int(value) else current


# The last grouping, kept by the renderer drawing (tm.web.regions.kept_work): the records
# grouped, every generation (empty ones too) and the index of the record the last
# generation starts at. Generations before the last one are complete (records only ever
# join the last), so the next grouping of a log that starts with the same records takes
# them as they are and groups from the last one's start on: a move, or a staged step,
# regroups one generation instead of the whole game.
GROUPING = "log_grouping"
Grouped = tuple[list[Record], list[Generation], int]


def group_log(records: Sequence[Record]) -> list[Generation]:
    """The records grouped by generation and turn (both oldest first)."""
    gens, start = _kept_generations(records)
    last_start = start
    for index in range(start, len(records)):
        r = records[index]
        key = r.get("key")
        number = _generation(r.get("generation"), gens[-1].number)
        opened = len(gens)
        if key == "turn":
            _open(gens, number, "turn", r.get("player"))
        elif key == "research":
            _open(gens, number, "research")
        elif key == "production":
            _open(gens, number, "production")
        elif key == "final_greenery":
            _open(gens, gens[-1].number, "final")
        elif key == "generation" and number != gens[-1].number:
            _open(gens, number, "actions")  # a log written before turns were marked
        if len(gens) != opened:
            last_start = index
        if key not in MARKERS or key == "action":  # actions split a turn on screen
            gens[-1].turns[-1].records.append(r)
    keep_work(GROUPING, (list(records), gens, last_start))
    return [g for g in gens if any(turn.has_steps for turn in g.turns)]


def _kept_generations(records: Sequence[Record]) -> tuple[list[Generation], int]:
    """The complete generations of the last grouping when ``records`` begin with the
    records they were grouped from, and where grouping goes on; a fresh start otherwise."""
    last: Grouped | None = kept_work(GROUPING)
    if last is not None:
        seen, gens, start = last
        # (list equality tests identity first: the same records compare in a few µs)
        if 0 < start <= len(records) and seen[:start] == list(records[:start]):
            return gens[:-1], start
    return [Generation(1, [Turn("setup")])], 0


def _in_reading_order(records: Sequence[Record]) -> list[Record]:
    """The engine pays for a card before it is played; the log says what was played first.
    Only the card's own price moves (a record without ``for`` is older than that field):
    the cards bought at setup are paid for just before the first prelude is played."""
    found = _purchases_with_payments(records)
    for i in range(len(found) - 1):
        paid, played = found[i], found[i + 1]
        if paid.get("key") == "paid" and played.get("key") == "card_played" and \
                paid.get("player") == played.get("player") and \
                (paid.get("for") or {"card": played.get("card")}).get("card") == played.get("card"):
            found[i], found[i + 1] = played, paid
    return found


def _purchases_with_payments(records: Sequence[Record]) -> list[Record]:
    """Each payment for cards bought read right after the purchase: at setup the engine
    takes it once the corporations' start effects are done, after other records."""
    found: list[Record] = []
    for r in records:
        at = _purchase_paid(found, r)
        if at is None:
            found.append(r)
        else:
            found.insert(at + 1, r)
    return found


def _purchase_paid(found: Sequence[Record], r: Record) -> int | None:
    """Where the purchase a payment record pays for lies among ``found`` (None: it pays for
    no cards bought, or the purchase is not there)."""
    paid_for = r.get("for") if r.get("key") == "paid" else None
    if not (isinstance(paid_for, dict) and "cards" in paid_for):
        return None
    return next((i for i in range(len(found) - 1, -1, -1) if found[i].get("key") == "bought"
                 and found[i].get("player") == r.get("player")), None)


def _steps(view: View, turn: Turn) -> list[Step]:
    """A turn's records in words; a card named again by its own effects is not repeated."""
    steps: list[Step] = []
    playing, new_action = None, False
    for r in _in_reading_order(turn.records):
        if r.get("key") == "action":
            new_action = bool(steps)
            continue
        text = log_line(view, r)
        source = r.get("card")
        if r.get("key") in _CARD_KEYS:
            playing = source
        elif source and source != playing and r.get("key") in ("gain", "spent", "prod", "tr"):
            text = t("log.from_card", text=text, card=source)
        space = r.get("space")
        steps.append(Step(text, str(space) if isinstance(space, str) else None, new_action))
        new_action = False
    return steps


def _heading(view: View, turn: Turn, colours: Sequence[str]) -> str:
    if turn.kind == "turn" and turn.player is not None:
        p = turn.player
        colour = colours[p] if 0 <= p < len(colours) else "neutral"
        mark = swatch(colour, p if 0 <= p < len(colours) else None)
        return mark + esc(t("log.head.turn", player=player_name(view, p)))
    if turn.kind == "final" and _solo_lost(view):
        return esc(t("log.head.final_lost"))  # R-SOLO-3: a lost solo game converts nothing
    return esc(t(f"log.head.{turn.kind}"))


def _solo_lost(view: View) -> bool:
    """A solo game over without terraforming Mars (only a won one gets a final conversion)."""
    return len(view["players"]) == 1 and bool(view.get("over")) and not view.get("winners")


def _step_html(step: Step) -> str:
    classes = " ".join(c for c in ("has-space" if step.space else "",
                                   "action-start" if step.starts_action else "") if c)
    if step.space is None:
        return f"<li{attrs(class_=classes or None)}>{esc(step.text)}</li>"
    return (f'<li{attrs(class_=classes, data_space_ref=step.space, tabindex=0)}>'
            f"{esc(step.text)}</li>")


def _turn_html(view: View, turn: Turn, colours: Sequence[str]) -> str:
    items = "".join(_step_html(s) for s in _steps(view, turn))
    return (f'<li class="log-turn log-{esc(turn.kind)}"><h4>{_heading(view, turn, colours)}</h4>'
            f'<ol class="log-steps">{items}</ol></li>')


def _generation_html(view: View, gen: Generation, colours: Sequence[str]) -> str:
    turns = [_turn_html(view, turn, colours) for turn in reversed(gen.turns) if turn.has_steps]
    return part(f"log{gen.number}", f'<section class="log-gen" data-generation="{gen.number}">'
                f'<h3>{esc(t("log.generation_head", n=gen.number))}</h3>'
                f'<ol class="log-turns">{"".join(turns)}</ol></section>')


def _kept_generation_html(view: View, gen: Generation, colours: Sequence[str]) -> str:
    """A generation's log as last drawn while its records are the same: the words read
    only the records, the players' names, the printed board's space names (fixed) and
    whether a solo game was lost (the final phase's heading)."""
    inputs = ([(turn.kind, turn.player, turn.records) for turn in gen.turns], tuple(colours),
              [p["name"] for p in view["players"]], view["options"]["board"], _solo_lost(view))
    return drawn_for(f"log-generation-{gen.number}", inputs,
                     lambda: _generation_html(view, gen, colours))


def log_section(view: View, colours: Sequence[str] = (), depth: int = LOG_DEPTH,
                kept: bool = False) -> str:
    """The log: the latest ``depth`` generations, newest first, and a button for more
    (``kept``: generations whose records did not change are taken from the last redraw).
    A step naming a space lights it on the board, and the reverse, while either is hovered
    or focused (tm/web/browser.py: a class set by a listener; rules with :has() made
    every redraw restyle the whole screen)."""
    gens = group_log(view["log"])
    shown = gens[-depth:] if depth > 0 else gens
    hidden = len(gens) - len(shown)
    draw = _kept_generation_html if kept else _generation_html
    parts = [draw(view, gen, colours) for gen in reversed(shown)]
    body = "".join(parts) or f'<p class="muted">{esc(t("log.empty"))}</p>'
    more = _earlier(hidden) if gens else ""
    title = esc(t("game.log"))
    return (f'<section class="log" aria-label="{title}"><h2>{title}</h2>'
            f'<div class="log-scroll" tabindex="0" role="region" '
            f'aria-label="{esc(t("log.scroll"))}">{body}{more}</div>'
            "</section>")


def _earlier(hidden: int) -> str:
    # One focus name for the button and the note that replaces it: keyboard focus stays
    # in the log when the last earlier generation arrives.
    if hidden <= 0:
        return (f'<p class="log-end muted" data-focus="log-earlier" tabindex="-1">'
                f'{esc(t("log.all_shown"))}</p>')
    n = min(hidden, LOG_MORE)
    return (f'<button type="button" class="log-earlier" data-action="log_earlier" '
            f'data-focus="log-earlier">{esc(tn("log.earlier", n))}</button>')


def log_depth_after(depth: int) -> int:
    """How many generations the log shows after one more press of "earlier"."""
    return depth + LOG_MORE
