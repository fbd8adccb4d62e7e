"""One rule for what waits for Confirm (issue 45): whatever spends, places a tile,
settles a whole selection or passes waits for one Confirm, and Cancel or Undo before it
takes nothing; ticking cards, a draft pick and End turn go in at once. Here: the research
buy, the setup (corporation, preludes, cards) and a Pass, on a desktop and a phone, in
hot-seat and in a sealed game played by link. Clicks, taps and keys only: the test reads
the page (and ``body[data-moves]``, the committed moves), it never acts through a hook.
TM_E2E_SHOTS=/some/folder keeps a screenshot of the held research buy, setup and Pass.
"""
from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.clickdriver import LINK, Device, start_sealed
from tests.e2e.helpers import (
    CONTEXTS,
    choice,
    confirm,
    expect,
    generation,
    keep_shot,
    mc_in_strip,
    moves,
    offered_card,
    prompt,
    reveal_if_handoff,
    setup_cards,
    setup_corporations,
    start_game,
    wait_ready,
    wait_screen,
)
from tests.e2e.linkkit import DESKTOP

pytestmark = pytest.mark.e2e

HELD = ".prompt.held"
HELD_CONFIRM = ".prompt.held [data-action=confirm_action]"
UNDO = "#app .tools [data-action=undo]"
PASS = re.compile(r"^\s*pass\s*$", re.I)
RULE = "Whatever spends, places a tile, settles a choice or passes waits for Confirm"


def _press(page: Any, control: Any) -> None:
    """A tap on the phone, a click on the desktop."""
    if getattr(page, "size", "") == "phone":
        control.scroll_into_view_if_needed()
        control.tap()
    else:
        control.click()


def _set_up(page: Any) -> None:
    """A solo game set up with Teractor and no cards (Start, Confirm): its action menu."""
    start_game(page, players=1, names=["Tess"], seed=3)
    wait_screen(page, "game")
    _press(page, setup_corporations(page).filter(has_text="Teractor"))
    _press(page, confirm(page))
    _press(page, page.locator(HELD_CONFIRM))
    expect(prompt(page)).to_have_attribute("data-kind", "action")


def _research(page: Any) -> None:
    """The solo game set up, then passed (Pass, Confirm): the research buy of generation
    2 shows."""
    _set_up(page)
    _press(page, choice(page, PASS))
    _press(page, page.locator(HELD_CONFIRM))
    expect(prompt(page)).to_have_attribute("data-kind", "cards")
    expect(prompt(page).locator("h2")).to_contain_text("Buy cards")


def test_a_pass_waits_for_confirm_and_cancel_or_undo_before_it_takes_nothing(
        sized_screen: Any) -> None:
    """A Pass ends the player's generation (a solo game's last one: the game, whose end
    screen has no Undo): a mis-tap must not. Held, nothing sent; Cancel and Undo back to
    the actions; Pass again, reload (still held), Confirm: generation 2's research."""
    page = sized_screen
    _set_up(page)
    before, mc = moves(page), mc_in_strip(page)
    _press(page, choice(page, PASS))
    held = page.locator(HELD)
    expect(held.locator("h2")).to_have_text(re.compile(r"Confirm: Pass"))
    expect(held.locator(".stage-note")).to_contain_text("take no more actions this generation")
    expect(held).to_contain_text(RULE)
    expect(page.locator(HELD_CONFIRM)).to_be_in_viewport()  # at the foot of the window
    expect(page.locator(HELD_CONFIRM)).to_be_focused()
    assert generation(page) == 1 and moves(page) == before and mc_in_strip(page) == mc
    keep_shot(page, "pass-held")

    _press(page, held.locator("button.cancel"))  # Cancel: back to the actions, nothing sent
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    expect(choice(page, PASS)).to_have_count(1)
    assert moves(page) == before

    _press(page, choice(page, PASS))  # Undo before Confirm does the same
    expect(page.locator(HELD)).to_have_count(1)
    _press(page, page.locator(UNDO))
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    assert moves(page) == before

    _press(page, choice(page, PASS))  # held over a reload, then Confirm: the generation ends
    expect(page.locator(HELD)).to_have_count(1)
    page.reload()
    wait_ready(page)
    expect(page.locator(HELD).locator("h2")).to_have_text(re.compile(r"Confirm: Pass"))
    expect(page.locator("#app")).to_contain_text("is back as you left it")
    assert moves(page) == before
    _press(page, page.locator(HELD_CONFIRM))
    expect(prompt(page)).to_have_attribute("data-kind", "cards")
    expect(page.locator("main")).to_contain_text(re.compile(r"Generation\s+2(?!\d)"))
    assert moves(page) == before + 1


def test_a_research_buy_waits_for_confirm_and_cancel_or_undo_before_it_takes_nothing(
        sized_screen: Any) -> None:
    page = sized_screen
    _research(page)
    first = prompt(page).locator("button.card[aria-pressed]").first
    name = str(first.get_attribute("data-card"))
    _press(page, first)  # a tick: an immediate toggle, no Confirm asked
    expect(offered_card(page, name)).to_have_attribute("aria-pressed", "true")
    expect(page.locator(HELD)).to_have_count(0)
    before, mc = moves(page), mc_in_strip(page)

    # "Buy 1 card (3 MC)": held, with the cards it buys and the rule, nothing spent yet.
    expect(confirm(page)).to_have_text(re.compile(r"Buy 1 card \(3 MC\)"))
    _press(page, confirm(page))
    held = page.locator(HELD)
    expect(held.locator("h2")).to_have_text(re.compile(r"Confirm: Buy 1 card \(3 MC\)"))
    expect(held.locator(".held-steps")).to_contain_text(name)
    expect(held).to_contain_text(RULE)
    expect(page.locator(HELD_CONFIRM)).to_be_in_viewport()  # at the foot of the window
    expect(held.locator("button.cancel")).to_have_attribute(
        "aria-label", re.compile("go back to your choice"))
    assert moves(page) == before and mc_in_strip(page) == mc
    expect(page.locator(".hand")).not_to_contain_text(name)
    keep_shot(page, "research-held")

    # Cancel: back at the purchase, the tick kept, nothing taken.
    _press(page, held.locator("button.cancel"))
    expect(prompt(page)).to_have_attribute("data-kind", "cards")
    expect(offered_card(page, name)).to_have_attribute("aria-pressed", "true")
    assert moves(page) == before and mc_in_strip(page) == mc

    # Undo before Confirm does the same.
    _press(page, confirm(page))
    expect(page.locator(HELD)).to_have_count(1)
    _press(page, page.locator(UNDO))
    expect(prompt(page)).to_have_attribute("data-kind", "cards")
    expect(offered_card(page, name)).to_have_attribute("aria-pressed", "true")
    assert moves(page) == before and mc_in_strip(page) == mc

    # Confirmed: in the game, paid, in the hand.
    _press(page, confirm(page))
    _press(page, page.locator(HELD_CONFIRM))
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    assert moves(page) == before + 1 and mc_in_strip(page) == mc - 3
    expect(page.locator(".hand")).to_contain_text(name)


def test_the_setup_with_preludes_waits_for_confirm_in_hot_seat(sized_screen: Any) -> None:
    page = sized_screen
    start_game(page, players=2, names=["Ada", "Bo"], seed=22, prelude=True)
    reveal_if_handoff(page)
    _press(page, setup_corporations(page).first)
    corporation = str(setup_corporations(page).first.get_attribute("data-card"))
    preludes = prompt(page).locator(".setup-offer button.card")
    kept = [str(preludes.nth(i).get_attribute("data-card")) for i in range(2)]
    for prelude in kept:
        _press(page, prompt(page).locator(f'.setup-offer button.card[data-card="{prelude}"]'))
    bought = str(setup_cards(page).first.get_attribute("data-card"))
    _press(page, offered_card(page, bought))
    expect(offered_card(page, bought)).to_have_attribute("aria-pressed", "true")
    before = moves(page)

    _press(page, confirm(page))  # "Start with …": held, Ada's screen still
    held = page.locator(HELD)
    expect(held.locator("h2")).to_contain_text(f"Start with {corporation} and 1 card")
    for name in (bought, *kept):
        expect(held.locator(".held-steps")).to_contain_text(name)
    expect(page.locator("body")).to_have_attribute("data-screen", "game")
    assert moves(page) == before
    keep_shot(page, "setup-held")

    _press(page, held.locator("button.cancel"))  # back to the choice, as it was
    expect(prompt(page)).to_have_attribute("data-kind", "setup")
    expect(offered_card(page, bought)).to_have_attribute("aria-pressed", "true")
    assert moves(page) == before

    _press(page, confirm(page))
    _press(page, page.locator(HELD_CONFIRM))
    wait_screen(page, "handoff")  # Ada's setup is in: Bo's turn to choose
    assert moves(page) == before + 1
    expect(page.locator(".handoff")).to_contain_text("Bo")


def _until_setup(devices: dict[str, Device], first: str) -> Device:
    """The devices answer (the shuffle's turns) and pass the links their pages offer until
    one shows its setup: that device."""
    sender = first
    for _ in range(20):
        device = devices[sender]
        wait_ready(device.page)
        if device.page.locator(".prompt[data-kind=setup]").count():
            return device
        if device.page.locator(LINK).count():
            link = str(device.page.locator(LINK).input_value())
            sender = device.send_to()
            devices[sender].open(link)
            continue
        if not device.step():  # the page may still be working out its shuffle step (in
            device.wait_offered()  # slices): a link, the audit or a decision comes
    raise AssertionError("no setup shown")


def test_in_a_sealed_game_the_setup_is_sent_only_after_its_confirm(new_page: Any,
                                                                    boot: Any) -> None:
    ann = Device(boot(new_page(viewport=DESKTOP)), "Ann")
    bob = Device(boot(new_page(**CONTEXTS["phone"])), "Bob", touch=True)
    start_sealed(ann, ["Ann", "Bob"], prelude=True)
    device = _until_setup({"Ann": ann, "Bob": bob}, "Ann")
    page, other = device.page, "Bob" if device is ann else "Ann"
    device.press(setup_corporations(page).first)
    for i in range(2):
        device.press(prompt(page).locator(".setup-offer button.card").nth(i))
    device.press(confirm(page))
    expect(page.locator(HELD)).to_contain_text("Start with")
    wait_ready(page)
    expect(page.locator(LINK)).to_have_count(0)  # nothing to send before the Confirm
    device.press(page.locator(HELD).locator("button.cancel"))
    expect(prompt(page)).to_have_attribute("data-kind", "setup")
    expect(page.locator(LINK)).to_have_count(0)
    device.press(confirm(page))
    device.press(page.locator(HELD_CONFIRM))
    wait_ready(page)
    expect(page.locator(LINK)).to_have_count(1)  # sent: the link for the other device
    expect(page.locator(".send-panel h2")).to_contain_text(f"Send to {other}")


HELD_WORDS = {  # the held panel's heading and its rule, as each catalog says them
    "de": ("Bestätigen:", "wartet auf „Bestätigen“"),
    "ja": ("確認：", "「確認」を押すまで送信されません"),
    "be": ("Пацьвердзіць:", "чакае «Пацьвердзіць»"),
}


@pytest.mark.parametrize("lang", list(HELD_WORDS))
def test_the_held_research_buy_speaks_each_language_on_a_phone(new_page: Any, boot: Any,
                                                                lang: str) -> None:
    page = boot(new_page(**CONTEXTS["phone"]))
    page.size = f"phone-{lang}"
    _research(page)
    page.locator("select[data-change=language]").select_option(lang)
    first = prompt(page).locator("button.card[aria-pressed]").first
    _press(page, first)
    expect(first).to_have_attribute("aria-pressed", "true")
    _press(page, confirm(page))
    heading, rule = HELD_WORDS[lang]
    held = page.locator(HELD)
    expect(held.locator("h2")).to_contain_text(heading)
    expect(held.locator(".stage-rule")).to_contain_text(rule)
    expect(page.locator(HELD_CONFIRM)).to_be_in_viewport()
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"{lang}: the page scrolls sideways ({width} > {inner})"
    keep_shot(page, "research-held")


PASS_WORDS = {  # the Pass button, the held panel's heading and its note, as each says them
    "de": ("Passen", "Bestätigen: Passen", "keine Aktion mehr"),
    "ja": ("パス", "確認：パス", "もうアクションを行えません"),
    "be": ("Прапусьціць", "Пацьвердзіць: Прапусьціць", "больш не робіце дзеяньняў"),
}


@pytest.mark.parametrize("lang", list(PASS_WORDS))
def test_the_held_pass_speaks_each_language_on_a_phone(new_page: Any, boot: Any,
                                                       lang: str) -> None:
    page = boot(new_page(**CONTEXTS["phone"]))
    page.size = "phone"
    _set_up(page)
    page.locator("select[data-change=language]").select_option(lang)
    button, heading, note = PASS_WORDS[lang]
    before = moves(page)
    _press(page, choice(page, re.compile(rf"^\s*{button}\s*$")))
    held = page.locator(HELD)
    expect(held.locator("h2")).to_contain_text(heading)
    expect(held.locator(".stage-note")).to_contain_text(note)
    expect(held.locator(".stage-rule")).to_contain_text(HELD_WORDS[lang][1])
    expect(page.locator(HELD_CONFIRM)).to_be_in_viewport()
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"{lang}: the page scrolls sideways ({width} > {inner})"
    assert moves(page) == before
    page.size = f"phone-{lang}"
    keep_shot(page, "pass-held")
