"""Every prompt kind rendered from a real game situation, through the App."""
from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.web.webkit import app_for, text
from tm.core.state import Options
from tm.game import Game
from tm.prompts.kinds import KINDS
from tm.testing import (
    answer,
    finish_setup,
    give_cards,
    make_game,
    prompt,
    put_in_play,
    set_parameters,
    set_production,
    set_resources,
)
from tm.web.app import App, finishing_choice
from tm.web.prompt_html import RENDERERS
from tm.web.saves import MemoryStorage


def prompt_html(app: App) -> str:
    page = app.render()["app"]
    start = page.index('<section class="prompt"')
    return page[start:page.index("</section>", start)]


# ---------------------------------------------------------------- situations, one per kind
def action_game() -> Game:
    game, _ = make_game(2)
    give_cards(game, 0, ["Mine", "Comet"])
    set_resources(game, 0, megacredits=60, plants=8, heat=8)
    put_in_play(game, 0, ["Tardigrades"], resources=2)
    return game


def space_game() -> Game:
    game, _ = make_game(2)
    set_resources(game, 0, megacredits=30)
    answer(game, "standard_project", "greenery")
    return game


def cards_game() -> Game:
    game, _ = make_game(2)
    give_cards(game, 0, ["Mine", "Comet", "Lichen"])
    answer(game, "standard_project", "sell_patents")
    return game


def card_game() -> Game:
    """The draft of generation 2: keep one card, pass the rest (a ``card`` prompt)."""
    game = Game.new(Options(players=2, seed=1, draft=True))
    finish_setup(game)
    while prompt(game).kind != "card":
        player, waiting = game.pending[0]
        passing = [c for c in waiting.choices() if c["type"] == "pass"]
        game.respond(player, passing[0] if passing else finishing_choice(waiting))
    return game


def setup_game() -> Game:
    return Game.new(Options(players=2, seed=1))


def player_game() -> Game:
    game, _ = make_game(3)
    give_cards(game, 0, ["Heat Trappers"])
    set_resources(game, 0, megacredits=20)
    set_production(game, 1, heat=2)
    set_production(game, 2, heat=3)
    answer(game, "play_card", "Heat Trappers")
    return game


def amount_game() -> Game:
    game, _ = make_game(2)
    give_cards(game, 0, ["Insulation"])
    set_resources(game, 0, megacredits=20)
    set_production(game, 0, heat=3)
    answer(game, "play_card", "Insulation")
    return game


def pay_game() -> Game:
    game, _ = make_game(2)
    give_cards(game, 0, ["Mine"])
    set_resources(game, 0, megacredits=10, steel=3)
    answer(game, "play_card", "Mine")
    return game


def option_game() -> Game:
    game, _ = make_game(2)
    give_cards(game, 0, ["Artificial Photosynthesis"])
    set_resources(game, 0, megacredits=20)
    answer(game, "play_card", "Artificial Photosynthesis")
    return game


SITUATIONS: dict[str, Callable[[], Game]] = {
    "action": action_game, "space": space_game, "cards": cards_game, "card": card_game,
    "player": player_game, "amount": amount_game, "pay": pay_game, "option": option_game,
    "setup": setup_game,
}


def test_every_prompt_kind_has_a_renderer_and_a_situation() -> None:
    assert set(RENDERERS) == set(KINDS)
    assert set(SITUATIONS) == set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_renders_from_a_real_situation(kind: str) -> None:
    game = SITUATIONS[kind]()
    assert prompt(game).kind == kind
    app = app_for(game)
    section = prompt_html(app)
    assert f'data-kind="{kind}"' in section
    assert "<h2>" in section
    # Every listed choice has exactly one control, which sends it by its index.
    indexes = re.findall(r'data-action="choose" data-index="(\d+)"', section)
    assert sorted(map(int, indexes)) == list(range(len(prompt(game).choices())))
    assert 'data-action="toggle"' not in section and 'data-action="confirm"' not in section
    assert "{" not in text(section) and "}" not in text(section)


# ---------------------------------------------------------------- what each shows
def test_action_menu_is_grouped() -> None:
    section = prompt_html(app_for(action_game()))
    shown = text(section)
    for group in ("Play a card", "Standard projects", "Card actions", "Fund an award",
                  "Conversions"):
        assert group.upper() in shown.upper(), group
    assert 'class="prompt-footer turn-bar" role="group" aria-label="Your turn"' in section
    assert re.search(r'<button type="button" class="card card-automated"[^>]*data-index=', section)
    assert "Power plant (11 MC)" in shown and "+1 energy production" in shown
    assert "Plants → greenery (8 plants)" in shown and "Heat → temperature (8 heat)" in shown
    assert "Use the action of Tardigrades" in shown
    assert re.search(r'data-action="choose" data-index="\d+"><span class="label">Pass</span>'
                     r"</button>", section)


def test_space_prompt_points_at_the_board_and_lists_spaces() -> None:
    game = space_game()
    app = app_for(game)
    page = app.render()["app"]
    section = prompt_html(app)
    choices = prompt(game).choices()
    assert "highlighted space" in text(section)
    assert section.count("space-choice") == len(choices)
    legal = len(prompt(game).data["spaces"])  # all legal spaces, though rows are listed first
    assert page.count('class="space land legal"') + page.count("volcanic legal") == legal
    assert "Place a greenery: pick a highlighted space" in text(page)


def chosen_index(app: App, kind: str, **fields: object) -> int:
    """The index of the listed choice of that type with those values."""
    decision = app.current()
    assert decision is not None
    for i, c in enumerate(decision[1].choices()):
        if c["type"] == kind and all(c.get(k) == v for k, v in fields.items()):
            return i
    raise AssertionError(f"no {kind} {fields} in {decision[1].choices()}")


def card_button(section: str, name: str) -> str:
    found = re.search(rf'<button [^>]*data-card="{re.escape(name)}"[^>]*>', section)
    assert found, name
    return found.group(0)


def test_cards_prompt_picks_in_the_engine_and_confirms_with_done() -> None:
    game = cards_game()
    app = app_for(game)
    section = prompt_html(app)
    assert 'aria-pressed="false"' in card_button(section, "Mine")
    assert "disabled" in re.search(r'<button [^>]*class="primary confirm"[^>]*>', section)[0]
    app.handle("choose", {"index": chosen_index(app, "pick", card="Comet")})
    assert prompt(game).data["picked"] == ("Comet",)
    assert game.moves[-1] == [0, {"type": "pick", "card": "Comet"}]
    section = prompt_html(app)
    assert "1 selected (choose 1 to 3)" in text(section)
    assert 'aria-pressed="true"' in card_button(section, "Comet")
    assert section.count('aria-pressed="true"') == 1
    unpick = re.search(r'data-index="(\d+)"', card_button(section, "Comet"))
    assert unpick and prompt(game).choices()[int(unpick.group(1))]["type"] == "unpick"
    confirm = re.search(r'<button [^>]*class="primary confirm"[^>]*>', section)
    assert confirm and "disabled" not in confirm[0]
    assert "Sell 1 card for 1 MC" in text(section)
    app.handle("choose", {"index": chosen_index(app, "done")})
    assert prompt(game).kind == "action" and "Comet" not in game.state.players[0].hand


def test_buy_cards_prompt_shows_the_price_total() -> None:
    game = Game.new(Options(players=1, seed=2))
    app = app_for(game)
    corporation = prompt(game).data["corporations"][0]
    app.handle("choose", {"index": chosen_index(app, "corporation", card=corporation)})
    app.handle("choose", {"index": chosen_index(app, "done")})
    app.handle("confirm_action", {})  # the setup waits for its Confirm
    while prompt(game).kind != "cards":  # to the research phase of generation 2
        player, waiting = game.pending[0]
        passing = [c for c in waiting.choices() if c["type"] == "pass"]
        game.respond(player, passing[0] if passing else finishing_choice(waiting))
    assert prompt(game).purpose == "buy_cards"
    first = prompt(game).data["cards"][0]
    app.handle("choose", {"index": chosen_index(app, "pick", card=first)})
    shown = text(prompt_html(app))
    assert "Buy cards for 3 MC each" in shown and "Cost: 3 MC" in shown
    assert "Buy 1 card (3 MC)" in shown


def test_setup_shows_corporations_and_cards_together() -> None:
    game = setup_game()
    app = app_for(game)
    section = prompt_html(app)
    shown = text(section)
    data = prompt(game).data
    assert "Choose your corporation and the project cards to buy" in shown
    assert "MC to start" in shown and "secret" in shown
    for name in [*data["corporations"], *data["cards"]]:
        assert 'aria-pressed="false"' in card_button(section, name), name
    assert "Choose a corporation first" in shown
    corporation, money = data["corporations"][1], data["starting_mc"][1]
    app.handle("choose", {"index": chosen_index(app, "corporation", card=corporation)})
    picks = data["cards"][:2]
    for name in picks:
        app.handle("choose", {"index": chosen_index(app, "pick", card=name)})
    section = prompt_html(app)
    shown = text(section)
    assert 'aria-pressed="true"' in card_button(section, corporation)
    assert 'aria-disabled="true"' in card_button(section, corporation)  # chosen: nothing to send
    assert f"{corporation}: {money} MC to start, 2 cards for 6 MC, {money - 6} MC left" in shown
    assert f"Start with {corporation} and 2 cards" in shown
    assert game.state.players[0].corporation is None and game.state.players[0].hand == []
    app.handle("choose", {"index": chosen_index(app, "done")})
    assert [p for p, _ in game.pending] == [0, 1]  # held for its Confirm: not in the game
    app.handle("confirm_action", {})
    assert [p for p, _ in game.pending] == [1]  # still secret: nothing applied yet
    assert game.state.players[0].corporation is None


def test_setup_over_budget_cards_cannot_be_picked() -> None:
    for seed in range(100):  # a deal with a corporation that cannot pay for all ten cards
        game = Game.new(Options(players=1, seed=seed))
        data = prompt(game).data
        poor = min(range(2), key=lambda i: data["starting_mc"][i])
        budget = data["starting_mc"][poor] // data["price"]
        if budget < len(data["cards"]):
            break
    app = app_for(game)
    app.handle("choose", {"index": chosen_index(app, "corporation",
                                                 card=data["corporations"][poor])})
    for name in data["cards"][:budget]:
        app.handle("choose", {"index": chosen_index(app, "pick", card=name)})
    section = prompt_html(app)
    left = data["cards"][budget]
    assert 'aria-disabled="true"' in card_button(section, left)
    assert "data-index" not in card_button(section, left)


def test_draft_is_one_click_on_a_full_card() -> None:
    game = card_game()
    app = app_for(game)
    waiting = prompt(game)
    assert waiting.purpose == "draft"
    section = prompt_html(app)
    assert "Draft: keep one card, pass the rest" in text(section)
    assert "compact" not in section
    before = len(game.moves)
    app.handle("choose", {"index": 0})
    assert len(game.moves) == before + 1
    assert game.moves[-1][1] == {"type": "card", "card": waiting.data["cards"][0]}
def test_player_prompt_names_players_and_no_one_when_optional() -> None:
    shown = text(prompt_html(app_for(player_game())))
    assert "Whose heat production drops by 2?" in shown
    assert "Player 2" in shown and "Player 3" in shown
    game, _ = make_game(2)
    give_cards(game, 0, ["Asteroid"])
    set_resources(game, 0, megacredits=30)
    set_resources(game, 1, plants=3)
    answer(game, "play_card", "Asteroid")
    shown = text(prompt_html(app_for(game)))
    assert "Remove up to 3 plants from whom?" in shown and "No one" in shown


def pay_row(section: str, resource: str) -> str:
    row = re.search(rf'<li class="pay-row res-{resource}">(.*?)</li>', section)
    assert row, resource
    return row.group(1)


def test_pay_prompt_is_a_stepper_per_resource() -> None:
    game = pay_game()
    app = app_for(game)
    section = prompt_html(app)
    shown = text(section)
    assert "Pay 4 MC for Mine" in shown
    steel = pay_row(section, "steel")
    assert "1 steel = 2 MC · you have 3" in text(steel)
    assert re.search(r'<output class="pay-amount"[^>]*>0</output>', steel)
    assert re.search(r'<button type="button" class="step step-less" disabled', steel)
    assert 'class="step step-more" data-action="choose"' in steel
    assert "Max (2)" in text(steel)
    mc = pay_row(section, "megacredits")
    assert re.search(r'<output class="pay-amount"[^>]*>4</output>', mc)
    assert "Paying 4 MC with 4 MC" in shown and "Pay 4 MC" in text(section)

    app.handle("choose", {"index": chosen_index(app, "use", resource="steel", amount=1)})
    section = prompt_html(app)
    assert re.search(r'<output class="pay-amount"[^>]*>1</output>', pay_row(section, "steel"))
    assert re.search(r'<output class="pay-amount"[^>]*>2</output>',
                     pay_row(section, "megacredits"))
    assert "Pay 2 MC + 1 steel" in text(section)
    app.handle("choose", {"index": chosen_index(app, "use", resource="steel", amount=2)})
    section = prompt_html(app)
    assert re.search(r'<button type="button" class="step step-more" disabled',
                     pay_row(section, "steel"))
    assert "Pay 2 steel" in text(section)
    app.handle("choose", {"index": chosen_index(app, "confirm")})
    res = game.state.players[0].res
    assert res["steel"] == 1 and res["megacredits"] == 10
    assert "Mine" in game.state.players[0].played


def test_pay_prompt_says_why_it_cannot_confirm() -> None:
    game, _ = make_game(2)
    give_cards(game, 0, ["Mine"])
    set_resources(game, 0, megacredits=1, steel=3)
    answer(game, "play_card", "Mine")
    app = app_for(game)
    section = prompt_html(app)
    assert "Not enough MC: 3 MC short" in text(section)
    assert re.search(r'<button type="button" class="primary confirm" disabled', section)


def test_answer_first_finishes_every_step_by_step_prompt() -> None:
    for make in (setup_game, cards_game, pay_game, card_game):
        game = make()
        player = game.pending[0][0]
        for _ in range(40):
            waiting = game.prompt_for(player)
            if waiting is None or waiting.kind not in ("setup", "cards", "pay", "card"):
                break
            game.respond(player, finishing_choice(waiting))
        else:
            raise AssertionError(f"{make.__name__}: the prompt never ended")


def test_amount_and_option_prompts_read_well() -> None:
    shown = text(prompt_html(app_for(amount_game())))
    assert "How much heat production becomes MC production?" in shown
    shown = text(prompt_html(app_for(option_game())))
    assert "Choose one for Artificial Photosynthesis" in shown
    assert "production +2 energy" in shown and "production +1 plant" in shown


def test_a_large_amount_range_is_a_sample_and_says_so() -> None:
    game, _ = make_game(2)
    give_cards(game, 0, ["Insulation"])
    set_resources(game, 0, megacredits=20)
    set_production(game, 0, heat=40)
    answer(game, "play_card", "Insulation")
    shown = text(prompt_html(app_for(game)))
    assert len(prompt(game).choices()) <= 20
    assert "Any amount from 1 to 40 is allowed" in shown
    assert "Any amount" not in text(prompt_html(app_for(amount_game())))


def test_the_page_composes_no_response(monkeypatch: pytest.MonkeyPatch) -> None:
    """tm/web sends only listed choices: no response is written out in its code, and every
    response the App sends during a game is one of the prompt's choices as listed (to the
    game, or to the copy an action under way is staged on)."""
    web = Path(__file__).resolve().parents[2] / "tm" / "web"
    for path in web.glob("*.py"):
        assert not re.search(r'\{\s*"type"\s*:', path.read_text(encoding="utf-8")), path.name
    app = App(MemoryStorage(), clock=lambda: 1000.0)
    app.handle("new_game", {"players": "2", "seed": "4"})
    sent: list[bool] = []
    respond = Game.respond

    def checked(game: Game, player: int, response: dict[str, object]) -> None:
        waiting = game.prompt_for(player)
        sent.append(waiting is not None  # as listed, label and all (the held steps word it)
                    and response in [c.to_dict() for c in waiting.choices()])
        respond(game, player, response)

    monkeypatch.setattr(Game, "respond", checked)
    for step in range(330):  # (a held action takes a step more: its Confirm)
        waiting = app.current()
        if waiting is not None and waiting[1].kind == "space":  # a click on the board
            app.handle("reveal", {})
            app.handle("place", {"space": waiting[1].data["spaces"][-1]})
        elif step % 3 == 0 and waiting is not None:
            app.handle("reveal", {})
            app.handle("choose", {"index": step % len(app.current()[1].choices())})
        else:
            app.handle("answer_first", {})
    assert app.shown.game is not None
    assert (len(sent) >= 250 or app.shown.game.view(None)["over"]) and all(sent)


def test_unavailable_projects_milestones_and_awards_stay_listed_greyed_with_why() -> None:
    game, _ = make_game(2)
    set_resources(game, 0, megacredits=12)
    section = prompt_html(app_for(game))
    city = re.search(r'<button type="button" class="choice unavailable" disabled>'
                     r'<span class="label">City \(25 MC\)</span>(.*?)</button>', section)
    assert city is not None and text(city.group(1)) == "costs 25 MC, you can pay 12"
    assert re.search(r'data-action="choose" data-index="\d+"><span class="label">'
                     r"Power plant \(11 MC\)</span>", section)  # affordable: a choice
    mayor = re.search(r'disabled><span class="label">Claim Mayor \(8 MC\)</span>(.*?)</button>',
                      section)
    assert mayor is not None and text(mayor.group(1)) == "has 0 of 3"  # 3 cities (R-ACT-3)
    assert "Sell patents (0 MC)" in text(section)
    sell = re.search(r'disabled><span class="label">Sell patents \(0 MC\)</span>(.*?)</button>',
                     section)
    assert sell is not None and text(sell.group(1)) == "no cards in hand"
    assert "Fund Banker (8 MC)" in text(section)  # 12 MC: every award can be funded


def test_hand_cards_mark_each_requirement_and_say_why_they_cannot_be_played() -> None:
    game, _ = make_game(2)
    give_cards(game, 0, ["Methane From Titan"])  # oxygen 2 % or more; 28 MC
    set_resources(game, 0, megacredits=30)
    set_parameters(game, oxygen=1)
    page = app_for(game).render()["app"]
    hand = page[page.index('<section class="hand"'):]
    tile = hand[hand.index('<div class="card'):]  # after the hand's tools
    tile = tile[:tile.index("</div>")]
    unmet = re.search(r'<span class="req-part unmet">(.*?)</span></span>', tile)
    assert unmet is not None and text(unmet.group(1)).startswith("oxygen ≥ 2 % (now 1 %)")
    assert "Not playable: requirements not met" in text(tile)
    set_parameters(game, oxygen=2)
    page = app_for(game).render()["app"]
    hand = page[page.index('<section class="hand"'):]
    assert '<span class="req-part met">oxygen ≥ 2 %' in hand and "Not playable" not in hand
    set_resources(game, 0, megacredits=5)
    page = app_for(game).render()["app"]
    assert "Not playable: costs 28 MC, you can pay 5" in text(page[page.index('class="hand"'):])


def test_R_ACT_1_a_card_listed_to_play_shows_its_requirements_met_not_red() -> None:
    """R-ACT-1 (requirements hold now): the action menu's playable cards mark their
    requirements met (green), as the hand does; red is only for a requirement the page
    knows is not met."""
    game, _ = make_game(2)
    give_cards(game, 0, ["Methane From Titan"])  # oxygen 2 % or more; 28 MC
    set_resources(game, 0, megacredits=30)
    set_parameters(game, oxygen=9)
    section = prompt_html(app_for(game))
    menu = section[section.index("group-cards"):]
    assert '<span class="req checked">' in menu
    assert '<span class="req-part met">oxygen ≥ 2 %' in menu and "req-part unmet" not in menu


def test_R_GEN_5_the_corporations_first_action_is_shown_alone_without_greyed_projects(
        ) -> None:
    """R-GEN-5: a corporation's first action comes before anything else; the menu then
    offers only it, without every project, milestone and award greyed around it."""
    game = Game.new(Options(players=1, seed=3))
    listed = prompt(game).choices()
    game.respond(0, next(c for c in listed if c.get("card") == "Tharsis Republic"))
    game.respond(0, next(c for c in prompt(game).choices() if c["type"] == "done"))
    assert [c["type"] for c in prompt(game).choices()] == ["first_action"]
    section = prompt_html(app_for(game))
    assert "Your corporation&#x27;s first action" in section or \
        "Your corporation's first action" in text(section)
    assert "choice unavailable" not in section and "group-projects" not in section
    assert 'data-action="choose"' in section


def test_which_prelude_first_shows_the_preludes_in_full_R_PRE_1() -> None:
    """Choosing which prelude to play first shows each card's text, not just its name."""
    game = Game.new(Options(players=1, seed=3, expansions=["corpera", "prelude"]))
    for _ in range(10):  # a corporation, two preludes kept, done
        waiting = prompt(game)
        if waiting.purpose == "prelude_first":
            break
        listed = {c["type"]: c for c in reversed(waiting.choices())}
        chosen = waiting.data.get("corporation")
        step = listed.get("done") or (listed.get("keep") if chosen else listed["corporation"])
        game.respond(waiting.player, step)
    assert prompt(game).purpose == "prelude_first"
    section = prompt_html(app_for(game))
    assert section.count('class="text"') >= 2
