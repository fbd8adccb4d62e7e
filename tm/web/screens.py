"""Whole screens: start (new game + saved games), hand-off, game, end."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tm.state import GameState
from tm.web.board_svg import board_legend, board_svg
from tm.web.card_text import tile_phrase
from tm.web.cards_html import card_html
from tm.web.html import attrs, button, esc
from tm.web.i18n import t
from tm.web.log_text import log_section
from tm.web.panels import milestones_awards, player_panel, scores_by_player, swatch, tracks
from tm.web.prompt_html import FULL_CARD_PURPOSES, render_prompt
from tm.web.share_html import (
    end_extras,
    link_banner,
    live_scores,
    replay_controls,
    share_dialog,
    tool_buttons,
)

if TYPE_CHECKING:
    from tm.web.app import App

COLOUR_CHOICES = ("red", "green", "blue", "yellow", "black")


def render_app(app: App) -> str:
    """The page body for the current screen, with any notice on top."""
    notice = (f'<div class="notice" role="alert">{esc(app.notice)}</div>'
              if app.notice else "")
    if app.info:
        notice += f'<div class="notice info" role="status">{esc(app.info)}</div>'
    screens = {"start": start_screen, "handoff": handoff_screen, "game": game_screen,
               "replay": replay_screen}
    body = screens[app.screen](app)
    return notice + body


# ---------------------------------------------------------------- start
def _player_rows(app: App) -> str:
    count = int(app.form.get("players", "2"))
    rows = []
    for i in range(5):
        hidden = " hidden" if i >= count else ""
        name = app.form.get(f"name_{i}", "")
        colour = app.form.get(f"colour_{i}", COLOUR_CHOICES[i])
        options = "".join(
            f'<option value="{c}"{" selected" if c == colour else ""}>{esc(t("colour." + c))}'
            "</option>" for c in COLOUR_CHOICES)
        rows.append(
            f'<fieldset class="player-row"{hidden} data-row="{i}"><legend>'
            f'{esc(t("start.player_n", n=i + 1))}</legend>'
            f'<label>{esc(t("start.name"))} <input name="name_{i}" maxlength="40" '
            f'value="{esc(name)}" autocomplete="off"></label>'
            f'<label>{esc(t("start.colour"))} <select name="colour_{i}">{options}</select></label>'
            f'<label><input type="checkbox" name="beginner_{i}"{_checked(app, f"beginner_{i}")}> '
            f'{esc(t("start.beginner"))}</label></fieldset>')
    return "".join(rows)


def _checked(app: App, name: str, default: bool = False) -> str:
    """A checkbox's state as the player left it (the form sends only ticked boxes)."""
    captured = "seed" in app.form  # the whole form has been read at least once
    ticked = str(app.form.get(name, "")).lower() in ("on", "true", "1", "yes") if captured \
        else default
    return " checked" if ticked else ""


def _new_game_form(app: App) -> str:
    count = app.form.get("players", "2")
    player_options = "".join(f'<option value="{n}"{" selected" if str(n) == count else ""}>{n}'
                             "</option>" for n in range(1, 6))
    return (
        f'<form class="new-game" data-action="new_game">'
        f'<h2>{esc(t("start.new_game"))}</h2>'
        f'<label>{esc(t("start.players"))} <select name="players" data-change="form">'
        f"{player_options}</select></label>"
        f'<p class="hint">{esc(t("start.solo_note"))}</p>'
        f"{_player_rows(app)}"
        f'<label><input type="checkbox" name="corporate_era"{_checked(app, "corporate_era", True)}>'
        f' {esc(t("start.corporate_era"))}</label>'
        f'<label><input type="checkbox" name="draft"{_checked(app, "draft")}> '
        f'{esc(t("start.draft"))}</label>'
        f'<label><input type="checkbox" name="strict_undo"{_checked(app, "strict_undo")}> '
        f'{esc(t("start.strict_undo"))}</label>'
        f'<label>{esc(t("start.board"))} <select name="board"><option value="tharsis">'
        f'{esc(t("board.tharsis"))}</option></select></label>'
        f'<label>{esc(t("start.seed"))} <input name="seed" inputmode="numeric" '
        f'value="{esc(app.form.get("seed", ""))}" autocomplete="off"></label>'
        f'<button type="submit" class="primary">{esc(t("start.start"))}</button></form>')


def _saved_games(app: App) -> str:
    rows = []
    for entry in app.store.list():
        if entry.damaged or entry.meta is None:
            rows.append(f'<li class="damaged">{esc(t("start.damaged", key=entry.key))}</li>')
            continue
        meta = entry.meta
        names = meta.names if isinstance(meta.names, list) else []
        summary = t("start.save_summary", names=", ".join(str(n) for n in names),
                    generation=meta.generation, when=_when(meta.updated))
        if meta.over is True:
            summary += " · " + t("start.save_over")
        rows.append(
            f'<li data-save="{esc(entry.save_id)}"><span>{esc(summary)}</span> '
            + button(t("start.continue"), "continue", "primary", save=entry.save_id)
            + button(t("start.export"), "export", "", save=entry.save_id)
            + button(t("start.delete"), "delete", "danger", save=entry.save_id) + "</li>")
    listing = "".join(rows) or f'<li class="empty">{esc(t("start.no_saves"))}</li>'
    return (f'<section class="saves"><h2>{esc(t("start.saved_games"))}</h2>'
            f'<ul class="save-list">{listing}</ul>'
            f'<label class="import">{esc(t("start.import"))} '
            f'<input type="file" accept=".json,application/json" data-change="import"></label>'
            "</section>")


def _when(ms: float) -> str:
    import datetime
    try:
        moment = datetime.datetime.fromtimestamp(ms / 1000, tz=datetime.UTC)
    except (OverflowError, OSError, ValueError, TypeError):
        return "?"
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def start_screen(app: App) -> str:
    """New-game form and the saved games."""
    return (f'<main class="start"><h1>{esc(t("app.title"))}</h1>'
            f"{_new_game_form(app)}{_saved_games(app)}</main>")


# ---------------------------------------------------------------- hand-off
def handoff_screen(app: App) -> str:
    """Between hot-seat turns: hide everything until the next player says so."""
    decision = app.current()
    assert app.game is not None and decision is not None
    name = app.game.state.players[decision[0]].name
    return (f'<main class="handoff"><h1>{esc(t("handoff.pass_to", name=name))}</h1>'
            f'<p class="hint">{esc(t("handoff.hint", name=name))}</p>'
            + button(t("handoff.ready", name=name), "reveal", "primary") + "</main>")


# ---------------------------------------------------------------- game
def _colours(app: App) -> list[str]:
    assert app.game is not None
    count = len(app.game.state.players)
    colours = list(app.meta.colours)[:count]
    return colours + list(COLOUR_CHOICES[len(colours):count])


def _legal_spaces(app: App) -> dict[str, int]:
    decision = app.current()
    if decision is None or decision[1].kind != "space" or decision[0] != app.viewer:
        return {}
    return {c["space"]: i for i, c in enumerate(decision[1].choices())}


def _pick_hint(app: App) -> str:
    decision = app.current()
    if decision is None or decision[1].kind != "space" or decision[0] != app.viewer:
        return ""
    tile = tile_phrase(str(decision[1].data.get("tile") or "special"))
    return f'<p class="pick-hint">{esc(t("board.pick_hint", tile=tile))}</p>'


def _playable(app: App) -> set[str]:
    decision = app.current()
    if decision is None or decision[1].kind != "action" or decision[0] != app.viewer:
        return set()
    return {c["card"] for c in decision[1].choices() if c["type"] == "play_card"}


def _hand(app: App, g: GameState) -> str:
    viewer = app.viewer
    if viewer is None or not 0 <= viewer < len(g.players):
        return ""
    hand = g.players[viewer].hand
    playable = _playable(app)
    tiles = "".join(card_html(name, g, viewer, playable=name in playable) for name in hand)
    name = g.players[viewer].name
    title = t("game.hand") if len(g.players) == 1 else t("game.hand_of", name=name)
    body = f'<div class="cards">{tiles}</div>' if tiles else (
        f'<p class="muted">{esc(t("game.hand_empty"))}</p>')
    return (f'<section class="hand" aria-label="{esc(title)}"><h2>{esc(title)} '
            f'<span class="count">({len(hand)})</span></h2>{body}</section>')


def _decision_area(app: App) -> str:
    assert app.game is not None
    decision = app.current()
    if app.game.is_over:
        return end_section(app)
    if decision is None:
        return ""
    if decision[0] == app.viewer:
        return render_prompt(app, decision[1])
    name = app.game.state.players[decision[0]].name
    return (f'<section class="waiting" role="status"><p>{esc(t("game.waiting", name=name))}'
            "</p></section>")


WIDE_KINDS = ("setup", "cards")  # decisions over many full cards: the whole width


def _wide(app: App) -> bool:
    """Whether the viewer's decision needs the whole width (above the board)."""
    decision = app.current()
    if decision is None or decision[0] != app.viewer or app.game is None or app.game.is_over:
        return False
    prompt = decision[1]
    return prompt.kind in WIDE_KINDS or (prompt.kind == "card"
                                         and prompt.purpose in FULL_CARD_PURPOSES)


def game_screen(app: App) -> str:
    """Parameters, board, the decision (or the end), hand, players, milestones, log."""
    assert app.game is not None
    g = app.game.state
    colours = _colours(app)
    totals = scores_by_player(app.game.scores())
    panels = "".join(player_panel(g, i, colours, totals.get(i, 0)) for i in range(len(g.players)))
    tools = (button(t("app.menu"), "menu", "menu") + button(t("game.export"), "export_current", "")
             + tool_buttons(app))
    extras = link_banner(app) + share_dialog(app) + live_scores(app)
    wide = _wide(app)
    decision = f'<div class="decision{" wide" if wide else ""}">{_decision_area(app)}</div>'
    if wide:
        extras += decision
    return (f'<main class="game"><header class="topbar"><div class="tools">{tools}</div>'
            f"{tracks(g)}</header>{extras}"
            f'<div class="layout"><div class="col col-main">'
            f'<div class="board-wrap">{_pick_hint(app)}{board_svg(g, colours, _legal_spaces(app))}'
            f"{board_legend()}</div>{_hand(app, g)}</div>"
            f'<div class="col col-side">{"" if wide else decision}'
            f"{milestones_awards(g, colours)}{log_section(g)}</div>"
            f'<section class="players" aria-label="{esc(t("game.players"))}">{panels}</section>'
            "</div></main>")


def end_section(app: App) -> str:
    """Final scores with each player's breakdown, and the winner."""
    assert app.game is not None
    g = app.game.state
    rows = app.game.scores()
    colours = _colours(app)
    winners = app.game.winners()
    cols = ("tr", "milestones", "awards", "greeneries", "cities", "cards", "total")
    head = "".join(f'<th scope="col">{esc(t("end.col." + c))}</th>' for c in cols)
    body = []
    for r in sorted(rows, key=lambda row: (-row["total"], -row["megacredits"])):
        p = r["player"]
        won = p in winners
        mark = f' <span class="won">★ <span class="sr">{esc(t("end.winner_mark"))}</span></span>' \
            if won else ""
        row_attrs = attrs(class_="won" if won else None)
        body.append(f'<tr{row_attrs}><th scope="row">{swatch(colours[p])}'
                    f'{esc(g.players[p].name)}{mark}</th>'
                    + "".join(f'<td data-label="{esc(t("end.col." + c))}">{r[c]}</td>'
                              for c in cols) + "</tr>")
    if len(g.players) == 1:
        total = rows[0]["total"]
        verdict = t("end.solo_won", total=total) if winners else t("end.solo_lost", total=total)
    else:
        names = ", ".join(g.players[w].name for w in winners)
        verdict = t("end.winners" if len(winners) > 1 else "end.winner", names=names)
    return (f'<section class="end"><h2>{esc(t("end.title"))}</h2>'
            f'<p class="winner">{esc(verdict)}</p><div class="table-wrap"><table class="scores">'
            f'<caption>{esc(t("end.caption"))}</caption><thead><tr>'
            f'<th scope="col">{esc(t("end.col.player"))}</th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>{end_extras(app, colours)}</section>')


def replay_screen(app: App) -> str:
    """A position of the game being replayed: board, players and log, no hands."""
    assert app.game is not None and app.replay is not None
    g = app.replay.game.state
    colours = _colours(app)
    totals = scores_by_player(app.replay.game.scores())
    panels = "".join(player_panel(g, i, colours, totals.get(i, 0)) for i in range(len(g.players)))
    return (f'<main class="game replay"><header class="topbar"><div class="tools">'
            f'{button(t("app.menu"), "menu", "menu")}</div>{tracks(g)}</header>'
            f"{replay_controls(app)}"
            f'<div class="layout"><div class="col col-main"><div class="board-wrap">'
            f"{board_svg(g, colours, {})}{board_legend()}</div></div>"
            f'<div class="col col-side">{milestones_awards(g, colours)}{log_section(g)}</div>'
            f'<section class="players" aria-label="{esc(t("game.players"))}">{panels}</section>'
            "</div></main>")
