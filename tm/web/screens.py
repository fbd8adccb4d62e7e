"""Whole screens: start (new game + saved games), hand-off, game, end."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tm import milestones
from tm.player import tag_counts
from tm.state import RESOURCES, GameState
from tm.web.board_svg import board_svg
from tm.web.cards_html import card_html
from tm.web.html import button, esc
from tm.web.i18n import t
from tm.web.log_text import log_lines
from tm.web.prompt_html import render_prompt

if TYPE_CHECKING:
    from tm.web.app import App

COLOUR_CHOICES = ("red", "green", "blue", "yellow", "black")


def render_app(app: App) -> str:
    """The page body for the current screen, with any notice on top."""
    notice = (f'<div class="notice" role="alert">{esc(app.notice)}</div>'
              if app.notice else "")
    body = {"start": start_screen, "handoff": handoff_screen, "game": game_screen}[app.screen](app)
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
            f'<label><input type="checkbox" name="beginner_{i}"> {esc(t("start.beginner"))}'
            "</label></fieldset>")
    return "".join(rows)


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
        f'<label><input type="checkbox" name="corporate_era" checked> '
        f'{esc(t("start.corporate_era"))}</label>'
        f'<label><input type="checkbox" name="draft"> {esc(t("start.draft"))}</label>'
        f'<label>{esc(t("start.board"))} <select name="board"><option value="tharsis">'
        f'{esc(t("board.tharsis"))}</option></select></label>'
        f'<label>{esc(t("start.seed"))} <input name="seed" inputmode="numeric" '
        f'autocomplete="off"></label>'
        f'<button type="submit" class="primary">{esc(t("start.start"))}</button></form>')


def _saved_games(app: App) -> str:
    rows = []
    for entry in app.store.list():
        if entry.damaged or entry.meta is None:
            rows.append(f'<li class="damaged">{esc(t("start.damaged", key=entry.key))}</li>')
            continue
        meta = entry.meta
        summary = t("start.save_summary", names=", ".join(meta.names),
                    generation=meta.generation, when=_when(meta.updated))
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
    except (OverflowError, OSError, ValueError):
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
            + button(t("handoff.ready", name=name), "reveal", "primary") + "</main>")


# ---------------------------------------------------------------- game
def _colours(app: App) -> list[str]:
    assert app.game is not None
    count = len(app.game.state.players)
    colours = list(app.meta.colours)
    return colours + list(COLOUR_CHOICES[len(colours):count])


def _globals(g: GameState) -> str:
    return (f'<section class="globals" aria-label="{esc(t("game.generation", n=g.generation))}">'
            f'<span class="generation">{esc(t("game.generation", n=g.generation))}</span>'
            f'<span class="param temperature">{esc(t("game.temperature"))} {g.temperature} °C</span>'
            f'<span class="param oxygen">{esc(t("game.oxygen"))} {g.oxygen} %</span>'
            f'<span class="param oceans">{esc(t("game.oceans"))} {g.oceans}/9</span></section>')


def _player_panel(app: App, g: GameState, index: int, colours: list[str]) -> str:
    pl = g.players[index]
    rows = "".join(
        f'<tr><th scope="row">{esc(t("res." + r))}</th><td>{pl.res[r]}</td>'
        f'<td class="prod">{pl.prod[r]:+d}</td></tr>' for r in RESOURCES)
    tags = ", ".join(f"{esc(tag)} {n}" for tag, n in sorted(tag_counts(pl).items()))
    played = "".join(card_html(name, resources=pl.card_res.get(name))
                     for name in [*([pl.corporation] if pl.corporation else []), *pl.played])
    events = "".join(card_html(name) for name in pl.events)
    active = " active" if g.active == index and g.phase == "action" else ""
    return (f'<section class="player-panel owner-{esc(colours[index])}{active}" '
            f'data-player="{index}"><h3>{esc(pl.name)} · {esc(t("game.tr"))} {pl.tr}</h3>'
            f'<table class="resources">{rows}</table>'
            f'<p class="tags">{esc(t("game.tags"))}: {tags or "—"}</p>'
            f'<p class="hand-size">{esc(t("game.cards_in_hand", n=len(pl.hand)))}</p>'
            f'<details><summary>{esc(t("game.played"))} ({len(pl.played) + len(pl.events)})'
            f'</summary><div class="cards tableau">{played}{events}</div></details></section>')


def _milestones_awards(g: GameState) -> str:
    claimed = {name: p for name, p in g.milestones}
    funded = {name: p for name, p in g.awards}
    ms = "".join(
        f'<li>{esc(name)} '
        + (esc(t("game.claimed_by", name=g.players[claimed[name]].name)) if name in claimed
           else esc(t("game.claim_cost", cost=milestones.CLAIM_COST)))
        + "</li>" for name in milestones.milestones_in_play(g))
    aw = "".join(
        f'<li>{esc(name)} '
        + (esc(t("game.funded_by", name=g.players[funded[name]].name)) if name in funded
           else esc(t("game.fund_cost", cost=milestones.fund_cost(g))))
        + "</li>" for name in milestones.awards_in_play(g))
    if not ms and not aw:
        return ""
    return (f'<section class="ma"><h3>{esc(t("game.milestones"))}</h3><ul>{ms}</ul>'
            f'<h3>{esc(t("game.awards"))}</h3><ul>{aw}</ul></section>')


def _legal_spaces(app: App) -> dict[str, int]:
    decision = app.current()
    if decision is None or decision[1].kind != "space" or decision[0] != app.viewer:
        return {}
    return {c["space"]: i for i, c in enumerate(decision[1].choices())}


def game_screen(app: App) -> str:
    """Board, parameters, players, the decision and the log (or the end screen)."""
    assert app.game is not None
    g = app.game.state
    colours = _colours(app)
    decision = app.current()
    if app.game.is_over:
        area = end_section(app)
    elif decision is not None and decision[0] == app.viewer:
        area = render_prompt(app, decision[1])
    else:
        area = ""
    viewer = app.viewer if app.viewer is not None else 0
    hand = "".join(card_html(name, g, viewer) for name in g.players[viewer].hand)
    panels = "".join(_player_panel(app, g, i, colours) for i in range(len(g.players)))
    log = "".join(f"<li>{esc(line)}</li>" for line in log_lines(g, 30))
    menu = button(t("app.menu"), "menu", "menu")
    export = button(t("game.export"), "export_current", "")
    return (f'<main class="game"><header>{menu}{export}{_globals(g)}</header>'
            f'<div class="layout"><div class="board-wrap">'
            f'{board_svg(g, colours, _legal_spaces(app))}</div>'
            f'<div class="side">{area}'
            f'<section class="hand"><h3>{esc(t("game.hand"))}</h3>'
            f'<div class="cards">{hand}</div></section></div></div>'
            f'<div class="players">{panels}</div>{_milestones_awards(g)}'
            f'<section class="log"><h3>{esc(t("game.log"))}</h3><ol>{log}</ol></section></main>')


def end_section(app: App) -> str:
    """Final scores with each player's breakdown, and the winner."""
    assert app.game is not None
    g = app.game.state
    rows = app.game.scores()
    cols = ("tr", "milestones", "awards", "greeneries", "cities", "cards", "total")
    head = "".join(f'<th scope="col">{esc(t("end.col." + c))}</th>' for c in cols)
    body = "".join(
        f'<tr><th scope="row">{esc(g.players[r["player"]].name)}</th>'
        + "".join(f"<td>{r[c]}</td>" for c in cols) + "</tr>" for r in rows)
    winners = app.game.winners()
    if len(g.players) == 1:
        verdict = t("end.solo_won", total=rows[0]["total"]) if winners else t("end.solo_lost")
    else:
        verdict = t("end.winner", names=", ".join(g.players[w].name for w in winners))
    return (f'<section class="end"><h2>{esc(t("end.title"))}</h2>'
            f'<p class="winner">{esc(verdict)}</p><table class="scores"><thead><tr>'
            f'<th scope="col">{esc(t("end.col.player"))}</th>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table></section>")
