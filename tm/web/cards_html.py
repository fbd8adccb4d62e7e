"""A card drawn in our own style from its definition: cost, tags, requirements, text, VP."""
from __future__ import annotations

from tm.cards import card
from tm.play import cost_of
from tm.state import GameState
from tm.web.card_text import amount_text, card_lines, requirement_text
from tm.web.html import attrs, esc


def card_html(name: str, g: GameState | None = None, player: int | None = None,
              action: tuple[str, object] | None = None, selected: bool = False,
              resources: int | None = None) -> str:
    """One card as a button (when it has an action) or a static tile."""
    c = card(name)
    cost = c.starting_mc if c.is_corporation else c.cost
    if g is not None and player is not None and not c.is_corporation:
        cost = cost_of(g, player, c)
    tags = "".join(f'<span class="tag tag-{esc(tag)}">{esc(tag)}</span>' for tag in c.tags)
    req = requirement_text(c)
    vp = "" if c.vp is None else (
        f'<span class="vp">{esc(c.vp if isinstance(c.vp, int) else amount_text(c.vp))} VP</span>')
    lines = "".join(f"<li>{esc(line)}</li>" for line in card_lines(c))
    held = f'<span class="held">{esc(resources)}</span>' if resources else ""
    body = (f'<span class="cost">{esc(cost)}</span><span class="name">{esc(c.name)}</span>'
            f'<span class="tags">{tags}</span>'
            f'{f"<span class=req>{esc(req)}</span>" if req else ""}'
            f'<ul class="text">{lines}</ul>{vp}{held}')
    classes = f"card card-{c.type}" + (" selected" if selected else "")
    if action is None:
        return f'<div{attrs(class_=classes, data_card=name)}>{body}</div>'
    verb, value = action
    data = {"data_index": value} if verb == "choose" else {"data_card": value}
    pressed = ("true" if selected else "false") if verb == "toggle" else None
    button_attrs = attrs(class_=classes, data_action=verb, aria_pressed=pressed, **data)
    return f'<button type="button"{button_attrs}>{body}</button>'
