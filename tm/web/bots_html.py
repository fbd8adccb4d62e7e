"""Bots on screen: the seat's "played by" on the new-game form, a bot's turn (the decision
area and the status strip say it is thinking), and the hint box. Pure functions of the
form or the screen model; every value escaped."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tm.bots import PLAYING_LEVELS
from tm.web.html import attrs, button, esc
from tm.web.i18n import card_name, has, language, t
from tm.web.model import Screen, player_name
from tm.web.prompt_parts import choice_label


# ---------------------------------------------------------------- the new-game form
def seat_select(form: Mapping[str, str], seat: int) -> str:
    """Who plays a seat: a person, or a bot at one of the levels the form offers."""
    chosen = str(form.get(f"seat_{seat}", ""))
    options = [("", t("bots.person"))] + [
        (level, t("bots.seat_level", level=t(f"bots.level.{level}"))) for level in PLAYING_LEVELS]
    shown = "".join(f'<option value="{esc(value)}"{" selected" if value == chosen else ""}>'
                    f"{esc(text)}</option>" for value, text in options)
    return (f'<label class="seat-kind">{esc(t("bots.seat"))} '
            f'<select name="seat_{seat}" data-change="form">{shown}</select></label>')


def name_placeholder(form: Mapping[str, str], seat: int) -> str:
    """The name a bot seat gets when its name is left empty, shown in the empty field."""
    level = str(form.get(f"seat_{seat}", ""))
    if level not in PLAYING_LEVELS:
        return ""
    number = sum(1 for i in range(seat + 1) if str(form.get(f"seat_{i}", "")) in PLAYING_LEVELS)
    return attrs(placeholder=t("bots.name", n=number, level=t(f"bots.level.{level}")))


def form_note(players: int = 2) -> str:
    """What bots may do in the game the form sets up: with one player, its one seat."""
    key = "bots.form_note_solo" if players == 1 else "bots.form_note"
    return f'<p class="hint bots-note">{esc(t(key))}</p>'


# ---------------------------------------------------------------- a bot's turn
def _thinking(screen: Screen) -> int | None:
    bots = screen.bots
    if bots is None or screen.view is None or screen.view["over"]:
        return None
    return bots.thinking


def thinking_section(screen: Screen) -> str | None:
    """The decision area while a bot decides (None: no bot is deciding)."""
    seat = _thinking(screen)
    if seat is None:
        return None
    name = player_name(screen.game, seat)
    return (f'<section class="waiting bot-thinking" role="status" data-bot="{seat}">'
            f'<p><span class="bot-dots" aria-hidden="true"></span>'
            f'{esc(t("bots.thinking", name=name))}</p>'
            f'<p class="hint">{esc(t("bots.watch"))}</p></section>')


def strip_item(screen: Screen) -> str:
    """The status strip's entry while a bot decides."""
    seat = _thinking(screen)
    if seat is None:
        return ""
    view = screen.game
    acting = view["phase"] == "action" and view.get("active") == seat  # named already
    words = t("bots.strip_short") if acting else t("bots.strip",
                                                    name=player_name(view, seat))
    return (f'<li class="sbot"><span aria-hidden="true">{esc(words)}</span>'
            f'<span class="sr">{esc(words)}</span></li>')


# ---------------------------------------------------------------- the hint
def reason_text(reason: Mapping[str, Any], first: bool = True) -> str:
    """An option's reason in words: the best's (``hint.<kind>``), or for one behind it
    (``hint.less.<kind>``); a reason this page has no words for: the general one."""
    why = str(reason.get("key") or "").removeprefix("hint.")
    if why.startswith("space_"):  # space_greenery, space_city ...: one wording
        why = "space"
    if not first:
        key = "hint.less." + why
        return t(key) if has(key) else t("hint.less")
    key = "hint." + why
    return t(key) if has(key) else t("hint.choice")


def decimal(x: float) -> str:
    """A number to one decimal as the language writes it (a comma in German, Belarusian)."""
    shown = f"{x:.1f}"
    return shown.replace(".", ",") if language() in ("de", "be") else shown


def behind_text(option: Mapping[str, Any], unit: str = "vp") -> str:
    """How far an option falls behind the best: a short mark ("−0.8 VP", solo "−4 MC") for
    the eye and words for a screen reader ("" when the hint has no estimate)."""
    behind = option.get("behind_mc" if unit == "mc" else "behind")
    if behind is None:
        return ""
    if float(behind) < 0.05:
        mark = t("hint.same_mc_mark" if unit == "mc" else "hint.same_mark")
        words = t("hint.same")
    elif unit == "mc":
        shown = f"{float(behind):.0f}" if float(behind) >= 0.5 else decimal(float(behind))
        mark, words = t("hint.behind_mc_mark", mc=shown), t("hint.behind_mc", mc=shown)
    else:
        mark, words = (t("hint.behind_mark", vp=decimal(float(behind))),
                       t("hint.behind", vp=decimal(float(behind))))
    return (f'<span class="hint-diff"><span aria-hidden="true">{esc(mark)}</span>'
            f'<span class="sr">{esc(words)}</span></span>')


def _label(screen: Screen, option: Mapping[str, Any]) -> str:
    """What an option does: a purchase's cards and price, or its listed choice."""
    cards = option.get("cards")
    if cards is None:
        return choice_label(screen.game, option.get("choice") or {})
    if not cards:
        return t("prompt.done.buy_cards.zero")
    price = int((option.get("reason") or {}).get("price") or 3)
    names = ", ".join(card_name(str(n)) for n in cards)
    return t("hint.buy_set", cards=names, mc=price * len(cards))


def _option(screen: Screen, option: Mapping[str, Any], first: bool, unit: str) -> str:
    label = esc(_label(screen, option))
    what = f"<b>{label}</b>" if first else f"<span>{label}</span>"
    diff = "" if first else behind_text(option, unit)
    return (f'<li{attrs(class_="hint-best" if first else None)}>'
            f'<p class="hint-choice">{what}{diff}</p>'
            f'<p class="hint-why">{esc(reason_text(option.get("reason") or {}, first))}</p></li>')


def hint_box(screen: Screen) -> str:
    """Below the viewer's decision: the Hint button, or the hint asked for: while the
    expert weighs the choices, that it does; then its best few choices ranked (the
    expert's judgement, or on a device too slow for it the hard bot's scores: the title
    says which), the best lit in the decision (a style rule naming its index) with a
    button to use it, the others with how far behind they fall (VP; solo MC) and why."""
    bots = screen.bots
    if bots is None or not bots.can_hint or screen.view is None:
        return ""
    if (bots.hint is None and not bots.hint_thinking) or bots.hint_player != screen.viewer:
        return (f'<div class="hint-bar"><button type="button"'
                f'{attrs(class_="hint-button", data_action="hint", data_focus="hint", aria_label=t("hint.button_label"))}>'  # noqa: E501
                f'{esc(t("hint.button"))}</button></div>')
    if bots.hint_thinking or bots.hint is None:
        return (f'<section class="hint-box hint-thinking" role="status" aria-live="polite">'
                f'<h3>{esc(t("hint.title_expert"))}</h3>'
                f'<p><span class="bot-dots" aria-hidden="true"></span>'
                f'{esc(t("hint.thinking"))}</p><div class="hint-actions">'
                + button(t("hint.close"), "hint_close", "", focus="hint_close")
                + "</div></section>")
    record = bots.hint
    options = record["options"]
    title = t("hint.title_expert") if bots.hint_expert else t("hint.title_quick")
    unit = str(record.get("unit") or "vp")
    items = "".join(_option(screen, option, n == 0, unit) for n, option in enumerate(options))
    note = ""
    if any(o.get("behind") is not None for o in options[1:]):
        words = (t("hint.mc_note") if unit == "mc"
                 else t("hint.vp_note", price=decimal(record["vp_price"])))
        note = f'<p class="hint hint-note">{esc(words)}</p>'
    index = bots.hint_index
    lit = ""
    use = ""
    if index is not None:
        lit = (f'<style>#app [data-action="choose"][data-index="{int(index)}"]'
               "{outline:3px dashed #6fd3ff;outline-offset:3px;"
               "box-shadow:0 0 0 7px rgba(111,211,255,.3)}</style>")
        use = button(t("hint.apply"), "hint_apply", "primary", focus="hint_apply")
    ranked = "expert" if bots.hint_expert else "hard"
    return (f'<section class="hint-box" role="status" aria-live="polite" data-ranked="{ranked}">'
            f'{lit}'
            f'<h3>{esc(title)}</h3><ol class="hint-list">{items}</ol>{note}'
            f'<div class="hint-actions">{use}'
            + button(t("hint.close"), "hint_close", "", focus="hint_close") + "</div></section>")
