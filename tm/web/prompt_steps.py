"""Renderers of the decisions built a step at a time in the engine: the setup (a
corporation and the cards to buy), card selections (pick / unpick / done) and payments
(a stepper per resource, then confirm). The picks and amounts so far live in the
engine's ask (the view's ``decision.data``); every control sends one listed choice by
its index."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tm.web.card_text import qty, unit_name
from tm.web.cards_html import card_html
from tm.web.decide_html import cancel_button
from tm.web.expansions.pages import OFFER_ITEMS
from tm.web.html import esc
from tm.web.i18n import has, t, tn
from tm.web.prompt_base import (
    Ask,
    choice_button,
    first_index,
    head,
    indexes,
    inert_button,
    list_html,
)
from tm.web.prompt_parts import choice_label, paid_text

SELECTION_TYPES = {"pick", "unpick", "done"}
SETUP_TYPES = {"corporation", "keep", "unkeep", *SELECTION_TYPES}
PAY_TYPES = {"use", "confirm"}


def _selection_tiles(ask: Ask, names: Any, picked: list[str], compact: bool = False) -> str:
    """Each offered card as a toggle: a click sends its pick (or unpick) choice."""
    at = indexes(ask, "pick", "unpick")
    return "".join(card_html(name, ask.costs.get(name),
                             action=("choose", at[name]) if name in at else None,
                             pressed=name in picked, compact=compact, focus=f"card:{name}")
                   for name in names)


def _others(ask: Ask, shown: set[str]) -> str:
    """Buttons for any listed choice of a type this renderer does not draw itself (so a
    choice an expansion adds is never out of reach)."""
    rest = [choice_button(i, choice_label(ask.view, c))
            for i, c in enumerate(ask.choices) if c["type"] not in shown]
    return list_html(rest) if rest else ""


def _footer(status: str, confirm: str, cancel: str = "") -> str:
    """The running total, Cancel of an action under way and the button that ends the
    decision (kept in view)."""
    return (f'<div class="prompt-footer"><p class="selection" aria-live="polite">{esc(status)}'
            f"</p>{cancel}{confirm}</div>")


# ---------------------------------------------------------------- setup (secret)
def setup(ask: Ask) -> str:
    """Two corporations and ten cards, chosen together; nothing shows until all chose."""
    d = ask.data
    chosen = d.get("corporation")
    picked = list(d.get("picked") or ())
    price = int(d.get("price", 3))
    corp_at = indexes(ask, "corporation")
    corps = "".join(card_html(name, action=("choose", corp_at[name]) if name in corp_at else None,
                              pressed=name == chosen, focus=f"corp:{name}")
                    for name in d["corporations"])
    cards = _selection_tiles(ask, d["cards"], picked)
    starting = dict(zip(d["corporations"], d["starting_mc"], strict=False))
    if chosen:
        money = int(starting.get(chosen, 0))
        cost = price * len(picked)
        status = tn("setup.money", len(picked), corporation=chosen, mc=money, cost=cost,
                    left=money - cost)
    else:
        status = tn("setup.picked", len(picked))
    done = first_index(ask, "done")
    if done is not None:
        confirm = choice_button(done, choice_label(ask.view, ask.choices[done]),
                                cls="primary confirm", data_focus="done")
    elif not chosen:
        confirm = inert_button(t("setup.need_corporation"), "primary confirm")
    elif (short := _unfinished_offer(d)) is not None:
        confirm = inert_button(t("setup.offer_needed", what=t(f"setup.offer.{short['name']}"),
                                 keep=short["keep"]), "primary confirm")
    else:
        budget = min(len(d["cards"]), int(starting.get(chosen, 0)) // max(1, price))
        confirm = inert_button(tn("setup.too_many", budget, corporation=chosen),
                               "primary confirm")
    secret = (f'<p class="hint secret">{esc(t("setup.secret"))}</p>'
              if len(ask.view["players"]) > 1 else "")
    return (f'{head(ask, t("prompt.setup.setup"))}{secret}'
            f'<div class="setup"><div class="setup-corps" role="group" aria-label="'
            f'{esc(t("setup.corporations"))}"><h3>{esc(t("setup.corporations"))}</h3>'
            f'<div class="cards corps">{corps}</div></div>'
            f'<div class="setup-cards" role="group" aria-label="'
            f'{esc(t("setup.cards", price=price))}">'
            f'<h3>{esc(t("setup.cards", price=price))}</h3><div class="cards">{cards}</div>'
            f"</div>{_setup_offers(ask)}</div>{_others(ask, SETUP_TYPES)}"
            f"{_footer(status, confirm)}")


def _unfinished_offer(d: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The first offer that does not yet hold as many kept cards as it asks for."""
    return next((offer for offer in d.get("offers") or ()
                 if len(offer.get("picked") or ()) != offer["keep"]), None)


def _setup_offers(ask: Ask) -> str:
    """What expansions deal beside the corporations (Prelude: four, keep two), each a
    group of toggles sending its listed keep or unkeep choice: cards as cards, items of
    another kind (``item``, from the view) as the page manifest of that kind draws them."""
    groups = []
    for offer in ask.data.get("offers") or ():
        name = str(offer["name"])
        at = {c["card"]: i for i, c in enumerate(ask.choices)
              if c["type"] in ("keep", "unkeep") and c.get("offer") == name}
        kept = list(offer.get("picked") or ())
        items = OFFER_ITEMS.get(str(offer.get("item") or "card"))  # not cards: its manifest's
        tiles = items(ask, offer, at) if items is not None else "".join(
            card_html(card, action=("choose", at[card]) if card in at else None,
                      pressed=card in kept, focus=f"{name}:{card}") for card in offer["cards"])
        title = t("setup.offer", what=t(f"setup.offer.{name}"), keep=offer["keep"],
                  kept=len(kept))
        groups.append(f'<div class="setup-offer" role="group" aria-label="{esc(title)}">'
                      f'<h3>{esc(title)}</h3><div class="cards">{tiles}</div></div>')
    return "".join(groups)


# ---------------------------------------------------------------- card selections
def cards(ask: Ask) -> str:
    """Buy, sell, keep or discard: a click picks or puts back a card, Confirm is done."""
    d = ask.data
    price = int(d.get("price", 0) or 0)
    picked = list(d.get("picked") or ())
    title = t(f"prompt.cards.{ask.purpose}", price=price or 3, min=ask.min, max=ask.max)
    paged = first_index(ask, "more_cards") is not None  # a long hand, a page at a time
    at = indexes(ask, "pick", "unpick")
    shown = [name for name in d["cards"] if name in at] if paged else d["cards"]
    tiles = _selection_tiles(ask, shown, picked)
    status = t("prompt.selected_of", n=len(picked), min=ask.min, max=ask.max)
    if price:
        mc = ask.me["res"]["megacredits"]
        status += " · " + t("prompt.buy_total", total=len(picked) * price, mc=mc)
    done = first_index(ask, "done")
    key = f"prompt.done.{ask.purpose}"
    words = tn(key, len(picked), total=len(picked) * price) if has(f"{key}.other") else (
        t("prompt.confirm"))
    if done is None and len(picked) < ask.min:  # not "Sell no cards", greyed: say what is due
        words = tn("prompt.pick_at_least", ask.min)
    confirm = (choice_button(done, words, cls="primary confirm", data_focus="done")
               if done is not None else inert_button(words, "primary confirm"))
    return (f'{head(ask, title)}<div class="cards">{tiles}</div>'
            f"{_others(ask, SELECTION_TYPES)}{_footer(status, confirm, cancel_button(ask.staged))}")


# ---------------------------------------------------------------- payments
def _pay_title(cost: int, what: Mapping[str, Any]) -> str:
    if "card" in what:
        return t("prompt.pay.card", cost=cost, card=what["card"])
    if "project" in what:
        return t("prompt.pay.project", cost=cost, project=t(f"project.{what['project']}"))
    if "milestone" in what:
        return t("prompt.pay.milestone", cost=cost, milestone=what["milestone"])
    if "award" in what:
        return t("prompt.pay.award", cost=cost, award=what["award"])
    if "action" in what:
        return t("prompt.pay.action", cost=cost, card=what["action"])
    if "cards" in what:
        return tn("prompt.pay.cards", int(what["cards"]), cost=cost)
    return t("prompt.pay", cost=cost)


def _steps_by_resource(ask: Ask, use: Mapping[str, int]) -> dict[str, dict[str, tuple[int, int]]]:
    """Each listed ``use`` choice by resource and role: more, less, none or best."""
    found: dict[str, dict[str, tuple[int, int]]] = {r: {} for r in use}
    for i, choice in enumerate(ask.choices):
        if choice["type"] != "use" or choice.get("resource") not in found:
            continue
        resource, amount = str(choice["resource"]), int(choice["amount"])
        current = int(use[resource])
        role = ("more" if amount == current + 1 else "less" if amount == current - 1
                else "none" if amount == 0 else "best")
        found[resource][role] = (i, amount)
    return found


def _step_button(steps: dict[str, tuple[int, int]], role: str, resource: str, text: str,
                 current: int) -> str:
    step = steps.get(role)
    amount = step[1] if step else current
    name = t(f"resname.{resource}") if has(f"resname.{resource}") else unit_name(resource, 1)
    label = t(f"pay.{role}_label", res=name, qty=qty(resource, amount))
    if step is None:
        return inert_button(text, f"step step-{role}", aria_label=label)
    return choice_button(step[0], text, cls=f"step step-{role}", aria_label=label,
                         data_focus=f"pay:{resource}:{role}")


def pay(ask: Ask) -> str:
    """What is paid for, the amount due, a stepper per resource, the MC left to pay."""
    d = ask.data
    cost = int(d["cost"])
    rates: Mapping[str, int] = d["rates"]
    use: Mapping[str, int] = d["use"]
    reserve: Mapping[str, int] = d.get("reserve") or {}
    stock: Mapping[str, int] = ask.me["res"]
    steps = _steps_by_resource(ask, use)
    rows = [_pay_row(resource, current, rates[resource], stock.get(resource),
                     int(reserve.get(resource, 0)), steps[resource])
            for resource, current in use.items()]
    value = sum(int(n) * int(rates[r]) for r, n in use.items())
    mc_due = max(0, cost - value)
    mc_have = max(0, stock["megacredits"] - int(reserve.get("megacredits", 0)))
    rows.append(
        f'<li class="pay-row res-megacredits"><span class="pay-res"><b>{esc(t("res.megacredits"))}'
        f'</b> <span class="pay-rate">{esc(t("pay.mc_rest", have=mc_have))}</span></span>'
        f'<output class="pay-amount" aria-label="{esc(t("res.megacredits"))}">{mc_due}'
        "</output></li>")
    status, confirm = _pay_confirm(ask, cost, mc_due, mc_have)
    if value > cost and first_index(ask, "confirm") is not None:  # a unit overshoots: said
        status += " · " + t("pay.overpay", n=value - cost)
    return (f"{head(ask, _pay_title(cost, d.get('for') or {}))}"
            f'<p class="hint">{esc(t("pay.hint"))}</p>'
            f'<ul class="pay-rows">{"".join(rows)}</ul>{_others(ask, PAY_TYPES)}'
            f"{_footer(status, confirm, cancel_button(ask.staged))}")


def _pay_row(resource: str, current: int, rate_value: int, held: int | None, reserved: int,
             mine: dict[str, tuple[int, int]]) -> str:
    """One resource's stepper: its rate (and what the player has, for a stock resource:
    a resource on cards shows no "have"), less/more, and its none/best shortcuts."""
    have = None if held is None else max(0, held - reserved)
    rate = (t("pay.rate", qty=qty(resource, 1), value=rate_value, have=have)
            if have is not None else
            t("pay.rate_only", qty=qty(resource, 1), value=rate_value))
    name = t(f"res.{resource}") if has(f"res.{resource}") else unit_name(resource, 2)
    extra = ""
    if "none" in mine:
        extra += _step_button(mine, "none", resource, t("pay.none"), current)
    if "best" in mine:
        best = mine["best"][1]
        words = t("pay.max", n=best) if best > current else t("pay.set", n=best)
        extra += _step_button(mine, "best", resource, words, current)
    return (f'<li class="pay-row res-{esc(resource)}"><span class="pay-res">'
            f'<b>{esc(name)}</b> <span class="pay-rate">{esc(rate)}'
            f'</span></span><span class="stepper">'
            f'{_step_button(mine, "less", resource, "−", current)}'
            f'<output class="pay-amount" aria-label="{esc(name)}">{current}'
            f'</output>{_step_button(mine, "more", resource, "+", current)}</span>'
            f'<span class="pay-more">{extra}</span></li>')


def _pay_confirm(ask: Ask, cost: int, mc_due: int, mc_have: int) -> tuple[str, str]:
    """The payment's status line and its confirm button (inert while it does not add up)."""
    confirm_at = first_index(ask, "confirm")
    if confirm_at is not None:
        label = ask.choices[confirm_at].get("label") or {}
        paid = paid_text(label.get("paid") or {})
        return (t("pay.status", cost=cost, paid=paid),
                choice_button(confirm_at, t("action.confirm_pay", paid=paid),
                              cls="primary confirm", data_focus="done"))
    status = t("pay.short", n=mc_due - mc_have) if mc_due > mc_have else t("pay.too_much")
    return status, inert_button(t("prompt.confirm"), "primary confirm")
