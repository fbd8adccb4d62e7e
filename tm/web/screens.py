"""Whole screens: hand-off, game, end, replay (the start screen: :mod:`tm.web.start_html`);
each a pure function of the screen model (:class:`~tm.web.model.Screen`)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import cast

from tm.view_model import ScorePart
from tm.web.board_svg import board_legend, board_svg
from tm.web.bots_html import (
    hint_box,
    thinking_section,
)
from tm.web.card_points_html import final_order
from tm.web.card_text import tile_phrase
from tm.web.cardlist_html import link_to_cards
from tm.web.confirm_html import held_panel
from tm.web.decide_html import status_strip, undo_bar
from tm.web.expansions import Section
from tm.web.expansions.pages import PAGES
from tm.web.hand_html import card_dialog, draft_info, hand_section
from tm.web.html import attrs, button, esc
from tm.web.i18n import t
from tm.web.icons import icon
from tm.web.linkplay_html import (
    daily_panel,
    older_cover,
    seat_cover,
)
from tm.web.linkundo_html import link_panels
from tm.web.log_html import log_section
from tm.web.model import HandPrefs, Screen, View, player_name
from tm.web.panels import milestones_awards, player_panel, scores_by_player, swatch, tracks
from tm.web.prompt_html import FULL_CARD_PURPOSES, Ask, render_prompt
from tm.web.recap_html import recap_box, recap_lit
from tm.web.regions import drawn_for, part, region, region_of, unless_stale
from tm.web.rule_links import rule_link
from tm.web.share_html import (
    end_extras,
    link_banner,
    live_scores,
    replay_controls,
    share_dialog,
    tool_buttons,
)
from tm.web.start_html import start_screen


def render_app(screen: Screen) -> str:
    """The page body for the current screen, with any notice on top."""
    notice = (f'<div class="notice" role="alert">{esc(screen.notice)}'
              f"{rule_link(screen.notice_rule)}</div>" if screen.notice else "")
    if screen.info:
        notice += f'<div class="notice info" role="status">{esc(screen.info)}</div>'
    screens: dict[str, Callable[[Screen], str]] = {
        "start": start_screen, "game": game_screen, "replay": replay_screen}
    covers: dict[str, Callable[[Screen], str]] = {
        "handoff": handoff_cover, "seat": seat_cover, "older": older_cover}
    if screen.name in covers:
        cover = covers[screen.name](screen)
        if cover and notice:  # said on the cover, where the player looks (it hides the rest)
            tag, _, rest = cover.partition(">")
            return game_screen(screen, f"{tag}>{notice}{rest}")
        return notice + game_screen(screen, cover)
    return notice + screens[screen.name](screen)


# ---------------------------------------------------------------- hand-off
def handoff_cover(screen: Screen) -> str:
    """Between hot-seat turns: hide everything until the next player says so. The cover
    lies over the game as nobody's seat sees it (no hand, no decision: nothing secret is
    in the page), hidden and inert under it (app.css); revealing then redraws only the
    parts of the screen that are the next player's own."""
    assert screen.turn is not None
    name = player_name(screen.game, screen.turn)
    return (f'<div class="handoff" role="dialog" aria-modal="true" aria-labelledby="handoff-to">'
            f'<h1 id="handoff-to">{esc(t("handoff.pass_to", name=name))}</h1>'
            f'<p class="hint">{esc(t("handoff.hint", name=name))}</p>'
            + button(t("handoff.ready", name=name), "reveal", "primary") + "</div>")


# ---------------------------------------------------------------- game
def _legal_spaces(ask: Ask | None) -> frozenset[str]:
    if ask is None or ask.kind != "space":
        return frozenset()
    return frozenset(ask.data["spaces"])


def _pick_hint(ask: Ask | None) -> str:
    if ask is None or ask.kind != "space":
        return ""
    tile = tile_phrase(str(ask.data.get("tile") or "special"))
    # (on a phone the board is wider than the screen: app.css shows how to see the rest)
    return (f'<p class="pick-hint">{esc(t("board.pick_hint", tile=tile))}'
            f'<span class="swipe-hint"> {esc(t("board.swipe_hint"))}</span></p>')


def _decision_area(screen: Screen, ask: Ask | None) -> str:
    if screen.game["over"]:
        return end_section(screen)
    if screen.held:
        return held_panel(screen)
    if ask is not None:
        return render_prompt(ask) + hint_box(screen)
    if screen.turn is None:
        return ""
    sealed = screen.linkplay.sealed if screen.linkplay else None
    if sealed is not None and screen.turn == screen.viewer:  # (its cards still to open)
        named = "".join(f'<p class="awaited">{esc(text)}</p>' for text in sealed.awaited)
        return (f'<section class="waiting" role="status"><p>'
                f'{esc(t("sealed.waiting" if sealed.ready else "sealed.waiting_shuffle"))}'
                f"</p>{named}</section>")
    thinking = thinking_section(screen)  # a bot deciding (app_bots)
    if thinking is not None:
        return thinking
    name = player_name(screen.game, screen.turn)
    return (f'<section class="waiting" role="status"><p>{esc(t("game.waiting", name=name))}'
            "</p></section>")


WIDE_KINDS = ("setup", "cards")  # decisions over many full cards: the whole width


def _wide(ask: Ask | None) -> bool:
    """Whether the viewer's decision needs the whole width (above the board)."""
    if ask is None:
        return False
    return ask.kind in WIDE_KINDS or (ask.kind == "card" and ask.purpose in FULL_CARD_PURPOSES)


def _panels(screen: Screen) -> str:
    view = screen.game
    totals = scores_by_player(view["scores"])
    return "".join(part(f"panel{i}", _panel(view, i, screen.colours, totals.get(i, 0),
                                            _cards_shown(screen, i)))
                   for i in range(len(view["players"])))


def _cards_shown(screen: Screen, index: int) -> str:
    """How a player's cards in play are drawn: the viewer's own (and a solo player's)
    always; another's folded until the viewer opens them (:func:`player_panel`)."""
    if index == screen.viewer or len(screen.game["players"]) == 1:
        return "shown"
    return "opened" if index in screen.open_tableaux else "folded"


def _panel(view: View, index: int, colours: tuple[str, ...], score: int, cards: str) -> str:
    """A player's panel, kept from the last redraw while what it shows is unchanged: the
    player, their score, the turn's markers and whether their cards are drawn
    (:func:`player_panel` reads no more)."""
    inputs = (view["players"][index], colours, score, view["phase"], view["active"],
              view["first_player"], len(view["players"]), cards)
    return drawn_for(f"panel{index}", inputs,
                     lambda: player_panel(view, index, colours, score, cards))


# The parts of the view each region is drawn from (see :func:`~tm.web.regions.region_of`).
BOARD_KEYS = ("options", "spaces", "players")
STANDINGS_KEYS = ("standings", "players", "map")
TRACKS_KEYS = ("generation", "last_generation", "parameters", "map")


def game_screen(screen: Screen, cover: str = "") -> str:
    """Parameters, board, the decision (or the end), hand, players, milestones, log (the
    parts that only follow the view are kept from the last redraw while it is the same:
    :mod:`tm.web.regions`)."""
    view = screen.game
    ask = None if screen.held else Ask.of(screen)
    strip, tool_bar, extras, decision = _upper(screen, ask)
    colours = tuple(screen.colours)
    named = _names_only(view)  # (what the board, milestones and colonies read of players)
    board = _board(screen, ask, named, colours)
    players = "solo" if len(view["players"]) == 1 else "multi"  # card lines of one only
    # (joined once: a chain of + copies the growing screen, 120 kB, at every step)
    return "".join((
        f'<main class="game" data-players="{players}">', part("cover", cover),
        '<div class="screen-body">', part("strip", strip), part("dialog", card_dialog(screen)),
        '<header class="topbar">', part("tools", tool_bar),
        part("tracks", region_of("tracks", view, TRACKS_KEYS, None, tracks)), "</header>",
        part("extras", extras), '<div class="layout"><div class="col col-main">',
        part("board", board), _sections(named, colours), '<div class="below hand-below">',
        part("hand", unless_stale("hand", lambda: hand_section(screen, ask))), "</div>",
        '</div><div class="col col-side">', part("decision", decision),
        '<div class="below ma-below">',
        part("standings", unless_stale("standings", lambda: region_of(
            "standings", named, STANDINGS_KEYS, colours,
            lambda v: milestones_awards(v, colours)))), "</div>",
        unless_stale("log", lambda: region(
            "log", view, (colours, screen.log_depth),
            lambda: log_section(view, colours, screen.log_depth, kept=True))), "</div>",
        f'<section class="players" aria-label="{esc(t("game.players"))}">',
        unless_stale("panels", lambda: region(
            "panels", view, (colours, screen.viewer, screen.open_tableaux),
            lambda: _panels(screen))),
        "</section></div></div></main>"))


NO_PREFS = HandPrefs()


def _upper(screen: Screen, ask: Ask | None) -> tuple[str, str, str, str]:
    """The status strip, the tool bar, the extras and the decision (empty when it is wide:
    then it ends the extras). They read everything of the screen but the hand's settings,
    so while the view is the same object and the rest of the screen is equal (sorting the
    hand, opening or closing a card's text), they are taken as last drawn: the decision
    alone costs a fifth of such a redraw. The decision does not read the recap either: the
    hand-off's reveal, which starts one, finds it drawn ahead (App.prepare_reveal)."""
    beside_hand = replace(screen, hand=NO_PREFS) if screen.hand != NO_PREFS else screen
    bare = replace(beside_hand, recap=None) if screen.recap is not None else beside_hand
    decision = region("decision", screen.game, bare, lambda: _decision(screen, ask))
    strip, tools, extras = region("upper", screen.game, beside_hand, lambda: _draw_upper(screen))
    wide = _wide(ask)
    return strip, tools, extras + decision if wide else extras, "" if wide else decision


def _draw_upper(screen: Screen) -> tuple[str, str, str]:
    view = screen.game
    export = button(t("game.export"), "export_current", "") if screen.tools.can_share else ""
    tools = (button(t("app.menu"), "menu", "menu") + export  # (a sealed game: neither)
             + tool_buttons(screen.tools, over=bool(view["over"])) + link_to_cards("tool"))
    extras = (undo_bar(screen) + link_banner(screen.tools) + share_dialog(screen.tools)
              + link_panels(screen) + daily_panel(screen) + live_scores(screen) + recap_box(screen))
    return status_strip(screen), f'<div class="tools">{tools}</div>', extras


def _decision(screen: Screen, ask: Ask | None) -> str:
    return (f'<div class="decision{" wide" if _wide(ask) else ""}" role="region" '
            f'aria-label="{esc(t("a11y.decision"))}">'
            f"{_decision_area(screen, ask)}{draft_info(screen, ask)}</div>")


def _board(screen: Screen, ask: Ask | None, named: View, colours: tuple[str, ...]) -> str:
    """The board with the hint of what to place (kept while what it shows is the same)."""
    legal, lit = _legal_spaces(ask), recap_lit(screen)
    board = region_of("board", named, BOARD_KEYS, (colours, legal, lit),
                      lambda v: board_svg(v, colours, legal, lit) + board_legend(v))
    return f'<div class="board-wrap">{_pick_hint(ask)}{board}</div>'


def _names_only(view: View) -> View:
    """The view with each player reduced to their name: the board, the milestones and
    the colonies name players and read nothing else of them, so a move that changes a
    player's resources (every move) leaves those drawings as they were."""
    return cast(View, {**view, "players": [{"name": pl["name"]} for pl in view["players"]]})


def _sections(named: View, colours: tuple[str, ...]) -> str:
    """Each expansion's part of the game screen (its page manifest's section, empty without
    the expansion): a part and a region named after it, drawn again only when the view's
    parts it reads change (``named``: the view as :func:`_names_only` gives it)."""
    return "".join(part(page.name, _section(page.name, page.section, named, colours))
                   for page in PAGES if page.section is not None)


def _section(name: str, section: Section, named: View, colours: tuple[str, ...]) -> str:
    return region_of(name, named, section.keys, colours, lambda v: section.render(v, colours))


def _end_notes(view: View, p: int) -> str:
    """Under a player's name in the end table: each expansion's note (no VP)."""
    return "".join(page.end_column(view, p) for page in PAGES if page.end_column is not None)


def end_section(screen: Screen) -> str:
    """Final scores with each player's breakdown, and the winner."""
    view = screen.game
    rows = view["scores"]
    colours = screen.colours
    winners = view["winners"]
    cols: tuple[ScorePart, ...] = ("tr", "milestones", "awards", "greeneries", "cities",
                                   "cards", "total")
    if len(view["players"]) == 1:  # none in solo (R-SOLO-1): no empty columns
        cols = tuple(c for c in cols if c not in ("milestones", "awards"))
    head = "".join(f'<th scope="col">{esc(t("end.col." + c))}</th>' for c in cols)
    body = []
    for r in final_order(rows):
        p = r["player"]
        won = p in winners
        star = f'{icon("star")}<span class="sr">{esc(t("end.winner_mark"))}</span>'
        mark = f' <span class="won">{star}</span>' if won else ""
        row_attrs = attrs(class_="won" if won else None)
        body.append(f'<tr{row_attrs}><th scope="row">{swatch(colours[p], p)}'
                    f'{esc(player_name(view, p))}{mark}{_end_notes(view, p)}</th>'
                    + "".join(f'<td data-label="{esc(t("end.col." + c))}">{r[c]}</td>'
                              for c in cols) + "</tr>")
    if len(view["players"]) == 1:
        total = rows[0]["total"]
        verdict = t("end.solo_won", total=total) if winners else t("end.solo_lost", total=total)
    else:
        names = ", ".join(player_name(view, w) for w in winners)
        verdict = t("end.winners" if len(winners) > 1 else "end.winner", names=names)
    return (f'<section class="end"><h2>{esc(t("end.title"))}</h2>'
            f'<p class="winner">{esc(verdict)}</p><div class="table-wrap"><table class="scores">'
            f'<caption>{esc(t("end.caption"))}</caption><thead><tr>'
            f'<th scope="col">{esc(t("end.col.player"))}</th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>{end_extras(screen)}</section>')


def replay_screen(screen: Screen) -> str:
    """A position of the game being replayed: board, players and log, no hands."""
    assert screen.replay is not None
    view = screen.game
    players = "solo" if len(view["players"]) == 1 else "multi"
    sections = "".join(page.section.render(view, screen.colours) for page in PAGES
                       if page.section is not None)  # (drawn afresh: a replay keeps no regions)
    return (f'<main class="game replay" data-players="{players}"><header class="topbar">'
            '<div class="tools">'
            f'{button(t("app.menu"), "menu", "menu")}</div>{tracks(view)}</header>'
            f"{replay_controls(screen.replay)}"
            f'<div class="layout"><div class="col col-main"><div class="board-wrap">'
            f"{board_svg(view, screen.colours, {})}{board_legend(view)}</div>"
            f"{sections}</div>"
            f'<div class="col col-side">{milestones_awards(view, screen.colours)}'
            f"{log_section(view, screen.colours, screen.log_depth)}</div>"
            f'<section class="players" aria-label="{esc(t("game.players"))}">{_panels(screen)}'
            "</section></div></main>")
