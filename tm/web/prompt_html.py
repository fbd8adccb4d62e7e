"""One renderer per prompt kind (``RENDERERS``): the decision area of the game screen,
drawn from the view's decision (:class:`~tm.web.prompt_parts.Ask`)."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

from tm.cards import card
from tm.core.contract import Purpose
from tm.view_model import MenuEntry
from tm.web import prompt_steps
from tm.web.card_text import qty, steps_text, tile_phrase
from tm.web.cards_html import card_html
from tm.web.decide_html import cancel_button, stage_footer
from tm.web.expansions.pages import FULL_CARD_PURPOSES as EXPANSION_FULL_CARDS
from tm.web.expansions.pages import OPTION_PROMPTS, PAGES
from tm.web.html import esc
from tm.web.i18n import card_name, has, name, t
from tm.web.model import player_name
from tm.web.panels import swatch
from tm.web.prompt_base import Ask, choice_button, head, inert_button, label_of, list_html
from tm.web.prompt_parts import choice_label, option_label
from tm.web.reasons import reasons_text
from tm.web.rule_links import entry_rule

__all__ = ["RENDERERS", "Ask", "choice_button", "choice_label", "render_prompt"]

def _sub(ask: Ask, choice: Mapping[str, Any]) -> str | None:
    """A second line for an action choice: what it does."""
    kind = choice["type"]
    if kind == "standard_project":
        return t(f"project_does.{choice['project']}")
    if kind in ("claim_milestone", "fund_award"):
        name = choice.get("milestone") or choice.get("award")
        return t(("ms." if kind == "claim_milestone" else "aw.") + str(name))
    if kind == "card_action":
        c = card(choice["card"])
        return steps_text(c.action, c)
    if kind == "first_action":
        corp = ask.me["corporation"]
        return steps_text(card(corp).first_action, card(corp)) if corp else None
    return None


# ---------------------------------------------------------------- the action menu
# Groups the view lists in full (each entry with the reasons it cannot be used now):
# group, the choice type that uses an entry, the entry's key in that choice, its words.
LISTED_GROUPS: Mapping[str, tuple[str, str, Literal["projects", "milestones", "awards"]]] = {
    "projects": ("standard_project", "project", "projects"),
    "milestones": ("claim_milestone", "milestone", "milestones"),
    "awards": ("fund_award", "award", "awards"),
}


def _entry_label(kind: str, entry: MenuEntry) -> str:
    """An entry of a listed group in the words of its choice's label."""
    if kind == "standard_project":
        return t("action.standard_project", project=t(f"project.{entry['name']}"),
                 cost=entry.get("cost", 0))
    field = "milestone" if kind == "claim_milestone" else "award"
    return t(f"action.{kind}", cost=entry.get("cost", 0), **{field: entry["name"]})


def _listed_group(ask: Ask, group: str, choices: Sequence[tuple[int, Mapping[str, Any]]]
                  ) -> list[str]:
    """Every project, milestone or award of the view: a button when its choice is listed,
    else greyed with what keeps it from being used; then any listed choice the view does
    not name (so nothing listed is out of reach)."""
    kind, key, section = LISTED_GROUPS[group]
    mine = [(i, c) for i, c in choices if c["type"] == kind]
    at = {c.get(key): i for i, c in mine}
    you = ask.view.get("you")
    entries: Sequence[MenuEntry] = (you.get(section) if you else None) or ()
    names = [str(pl["name"]) for pl in ask.view["players"]]
    items, named = [], set()
    for entry in entries:
        named.add(entry["name"])
        index = at.get(entry["name"])
        if index is not None:
            items.append(choice_button(index, choice_label(ask.view, ask.choices[index]),
                                       _sub(ask, ask.choices[index]), "choice"))
            continue
        why = reasons_text(entry.get("reasons") or (), names) or t("why.unknown")
        taken = _taken_by(ask, group, str(entry["name"]))
        if taken is not None:  # "Banker: funded by Ada", not "Fund Banker"
            items.append(inert_button(taken, "choice unavailable taken"))
            continue
        items.append(inert_button(_entry_label(kind, entry), "choice unavailable", why=why,
                                  rule=entry_rule(kind, entry["name"], entry.get("reasons") or ())))
    items += [choice_button(i, choice_label(ask.view, c), _sub(ask, c), "choice")
              for i, c in mine if c.get(key) not in named]
    return items


def _name(group: str, english: str) -> str:
    return name("milestone" if group == "milestones" else "award", english)


def _taken_by(ask: Ask, group: str, english: str) -> str | None:
    """A claimed milestone or funded award, with whom (None: not taken)."""
    standings = ask.view.get("standings")
    if group not in ("milestones", "awards") or not standings:
        return None
    if group == "milestones":
        who = next((e.get("claimed_by") for e in standings.get("milestones") or ()
                    if e.get("name") == english), None)
    else:
        who = next((e.get("funded_by") for e in standings.get("awards") or ()
                    if e.get("name") == english), None)
    if who is None:
        return None
    words = t("game.claimed_by" if group == "milestones" else "game.funded_by",
              name=player_name(ask.view, who))
    return t("held.taken", name=_name(group, english), status=words)


# The base game's groups of the action menu in the order shown, the cards in hand after
# ``cards``. Conversions lead: heat to temperature and plants to greenery are what a
# player looks for every turn, and they sat below a long list; the rest keep the rules'
# order.
BASE_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("conversions", ("convert_plants", "convert_heat")),
    ("cards", ("play_card",)),
    ("projects", ("standard_project",)),
    ("card_actions", ("card_action", "first_action")),
    ("milestones", ("claim_milestone",)),
    ("awards", ("fund_award",)),
)
# Groups the expansions add (Colonies: a trade per tile, with what it gives now), each
# drawn by its own renderer, shown after the group its page manifest names.
GROUP_BUTTONS = {group.name: group.buttons for page in PAGES for group in page.action_groups}
# (An expansion may add its choice types to a base group too: its ``group_kinds``.)
ACTION_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    entry for name, kinds in BASE_GROUPS
    for entry in ((name, (*kinds, *(k for page in PAGES for k in page.group_kinds.get(name, ())))),
                  *((g.name, g.kinds) for page in PAGES for g in page.action_groups
                    if g.after == name)))
# Ending the turn or passing: in the decision bar (kept in view), not at the foot of the list.
TURN_KINDS = ("end_turn", "pass")


# ---------------------------------------------------------------- renderers
def _playable_cards(ask: Ask, choices: Sequence[tuple[int, Mapping[str, Any]]]) -> str:
    you = ask.view.get("you")
    hand = {entry["name"]: entry for entry in (you.get("hand") if you else None) or ()}
    none: Mapping[str, Any] = {}
    playable = [card_html(c["card"], (hand.get(c["card"]) or none).get("cost"),
                          action=("choose", i),
                          reasons=(hand.get(c["card"]) or none).get("reasons") or ())
                for i, c in choices if c["type"] == "play_card"]  # (playable: all met)
    if not playable:
        return ""
    return (f'<div class="group group-cards"><h3>{esc(t("prompt.group.cards"))}</h3>'
            f'<div class="cards playable">{"".join(playable)}</div></div>')


def _action(ask: Ask) -> str:
    choices = list(enumerate(ask.choices))
    first = any(c["type"] == "first_action" for _, c in choices)
    title = t("prompt.first_action" if first else
              "prompt.action_second" if ask.view["actions_this_turn"] == 1 else "prompt.action")
    parts = [head(ask, title)]
    for group, kinds in ACTION_GROUPS:
        if group == "cards":
            parts.append(_playable_cards(ask, choices))
            continue
        if group in LISTED_GROUPS and not first:  # (the first action comes first: only it)
            buttons = _listed_group(ask, group, choices)
        elif group in GROUP_BUTTONS:
            buttons = GROUP_BUTTONS[group](ask, choices)
        else:
            buttons = [choice_button(i, choice_label(ask.view, c), _sub(ask, c),
                                     "choice" + (" primary" if c["type"] == "first_action"
                                                 else ""))
                       for i, c in choices if c["type"] in kinds]
        if buttons:
            parts.append(f'<div class="group group-{group}"><h3>'
                         f'{esc(t("prompt.group." + group))}</h3>{list_html(buttons)}</div>')
    return "".join(parts) + _turn_bar(ask, choices)


def _turn_bar(ask: Ask, choices: Sequence[tuple[int, Mapping[str, Any]]]) -> str:
    """End turn and Pass in the decision bar (a footer kept in view, at the foot of the
    window on a phone), with Cancel when the action menu is part of an action under way."""
    buttons = [choice_button(i, choice_label(ask.view, c), cls=f"choice turn-{c['type']}")
               for i, c in choices if c["type"] in TURN_KINDS]
    if not buttons:
        return stage_footer(ask.staged)
    return (f'<div class="prompt-footer turn-bar" role="group" aria-label="'
            f'{esc(t("prompt.group.turn"))}">{cancel_button(ask.staged)}{"".join(buttons)}</div>')


def _space(ask: Ask) -> str:
    tile = tile_phrase(str(ask.data.get("tile") or "special"))
    src = ask.data.get("src")
    title = t("prompt.space_for", tile=tile, card=src) if src else t("prompt.space", tile=tile)
    buttons = [choice_button(i, choice_label(ask.view, c), cls="choice space-choice")
               for i, c in enumerate(ask.choices)]
    return (f'{head(ask, title)}<p class="hint">{esc(t("board.pick"))}</p>'
            f'{list_html(buttons, "choices spaces")}')


# Choosing a card to keep or to play now: show all of it, not just its name.
FULL_CARD_PURPOSES: tuple[Purpose, ...] = ("draft", "keep_cards", "play_from_hand",
                                          *EXPANSION_FULL_CARDS)


def _card(ask: Ask) -> str:
    count = int(ask.data.get("count", 1))
    names = ask.data.get("cards") or []
    unit = (card(names[0]).resource if names else None) or "resource"
    title = t(f"prompt.card.{ask.purpose}", count=count, qty=qty(unit, count))
    full = ask.purpose in FULL_CARD_PURPOSES
    players = ask.view["players"]
    tiles, plain = [], []
    for i, c in enumerate(ask.choices):
        if "card" not in c:  # (a sealed hand with no playable card: "none", R-SETUP-4)
            plain.append(choice_button(i, t("prompt.card_none"), cls="choice"))
            continue
        owner = label_of(c).get("owner")
        whose = owner if isinstance(owner, int) else ask.player
        held = players[whose]["card_res"].get(c["card"]) if 0 <= whose < len(players) else None
        note = (t("prompt.card_owner", name=player_name(ask.view, whose)) if owner is not None
                else None)
        tiles.append(card_html(c["card"], ask.costs.get(c["card"]), action=("choose", i),
                               resources=None if full else held, compact=not full, note=note))
    hint = ""
    mine = ask.me["drafted"] if ask.purpose == "draft" else []  # (the viewer's own: a list)
    drafted = list(mine) if isinstance(mine, list) else []
    if drafted:
        names = t("list.and").join(card_name(c) for c in drafted)
        hint = f'<p class="hint">{esc(t("prompt.drafted", list=names))}</p>'
    rest = list_html(plain, "choices") if plain else ""
    return f'{head(ask, title)}{hint}<div class="cards">{"".join(tiles)}</div>{rest}'


def _player(ask: Ask) -> str:
    step = ask.data.get("step") or {}
    res = str(step.get("res", "megacredits"))
    count = int(step.get("count", 1))
    title = t(f"prompt.player.{ask.purpose}", res=t(f"resname.{res}"),
              count=qty(res, count) if ask.purpose == "remove_any" else count)
    seats = len(ask.view["players"])
    buttons = []
    for i, c in enumerate(ask.choices):
        p = c.get("player")
        lead = swatch(ask.colour(p), p) if isinstance(p, int) and 0 <= p < seats else ""
        held = _held_by(ask, p, res)
        buttons.append(choice_button(i, choice_label(ask.view, c), held, lead=lead))
    return f"{head(ask, title)}{list_html(buttons)}"


def _held_by(ask: Ask, p: Any, res: str) -> str | None:
    """What a target player holds of the resource a step takes (Virus: their plants)."""
    players = ask.view["players"]
    if not isinstance(p, int) or not 0 <= p < len(players):
        return None
    if ask.purpose == "reduce_prod" and res in players[p]["prod"]:
        return t("prompt.target_prod", res=t(f"resname.{res}"), n=int(players[p]["prod"][res]))
    if res in players[p]["res"]:
        return t("prompt.target_has", qty=qty(res, int(players[p]["res"][res])))
    return None


def _amount(ask: Ask) -> str:
    key = f"prompt.amount.{ask.purpose}"
    title = t(key) if has(key) else t("prompt.amount")
    buttons = [choice_button(i, choice_label(ask.view, c), cls="choice amount")
               for i, c in enumerate(ask.choices)]
    low, high = int(ask.data.get("min", 0)), int(ask.data.get("max", 0))
    sample = (f'<p class="hint">{esc(t("prompt.amount_sample", min=low, max=high))}</p>'
              if high - low + 1 > len(ask.choices) else "")
    return f"{head(ask, title)}{sample}{list_html(buttons)}"


def _option(ask: Ask) -> str:
    if ask.purpose in OPTION_PROMPTS:  # an expansion's question (its page manifest's)
        return OPTION_PROMPTS[ask.purpose](ask) + stage_footer(ask.staged)
    src = ask.data.get("src")
    cause = ask.data.get("cause")  # the card whose effect asks, when not the one it acts on
    buttons = [choice_button(i, option_label(label_of(c))) for i, c in enumerate(ask.choices)
               if label_of(c).get("key") != "done"]
    if ask.purpose != "choose":
        title = t("prompt.option." + ask.purpose)
    else:
        by = cause or src
        title = t("prompt.option_for", card=by) if by else t("prompt.option")
    return f"{head(ask, title)}{list_html(buttons)}{_done_bar(ask)}"


def _done_bar(ask: Ask) -> str:
    """"Done" (no more of what the option offers) in the decision bar, beside Cancel."""
    done = [choice_button(i, option_label(label_of(c)), cls="choice done")
            for i, c in enumerate(ask.choices) if label_of(c).get("key") == "done"]
    if not done:
        return stage_footer(ask.staged)
    return (f'<div class="prompt-footer">{cancel_button(ask.staged)}{"".join(done)}</div>')


RENDERERS: dict[str, Callable[[Ask], str]] = {
    "action": _action,
    "space": _space,
    "cards": prompt_steps.cards,
    "card": _card,
    "player": _player,
    "amount": _amount,
    "pay": prompt_steps.pay,
    "option": _option,
    "setup": prompt_steps.setup,
}


def _generic(ask: Ask) -> str:
    """Any kind without a renderer of its own (a test keeps this unused): plain buttons."""
    buttons = [choice_button(i, choice_label(ask.view, c)) for i, c in enumerate(ask.choices)]
    return f'{head(ask, t("prompt.option"))}{list_html(buttons)}'


# Kinds whose footer (the decision bar) holds Cancel beside their own buttons.
OWN_FOOTER = ("pay", "cards", "setup", "action", "option")


def render_prompt(ask: Ask) -> str:
    """The decision area for the viewer's decision."""
    body = RENDERERS.get(ask.kind, _generic)(ask)
    if ask.kind not in OWN_FOOTER:
        body += stage_footer(ask.staged)
    return (f'<section class="prompt" aria-live="polite" data-kind="{esc(ask.kind)}">'
            f"{body}</section>")
