"""Small inline SVG icons (font glyphs such as ⏮ or ★ are missing from many system fonts
and show as empty boxes). Every icon is decorative (``aria-hidden``): the words beside it,
or an ``sr`` span, say what it means. Paths are drawn on a 16×16 grid in currentColor."""
from __future__ import annotations

from tm.web.html import attrs, esc

_PATHS: dict[str, str] = {
    "first": '<path d="M3 3h2v10H3zM14 3v10L6 8z"/>',
    "last": '<path d="M11 3h2v10h-2zM2 3v10l8-5z"/>',
    "prev": '<path d="M12 3v10L4 8z"/>',
    "next": '<path d="M4 3v10l8-5z"/>',
    "prev2": '<path d="M8 3v10L1 8zM15 3v10L8 8z"/>',
    "next2": '<path d="M1 3v10l7-5zM8 3v10l7-5z"/>',
    "check": '<path d="M2 8.5l1.6-1.6L6.5 9.8l5.9-5.9L14 5.5l-7.5 7.5z"/>',
    "star": '<path d="M8 1l2.1 4.6 5 .5-3.8 3.4 1.1 4.9L8 11.9 3.6 14.4l1.1-4.9L.9 6.1l5-.5z"/>',
    "info": ('<path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1zm0 1.8a5.2 5.2 0 1 1 0 10.4A5.2 5.2 0 '
             '0 1 8 2.8zM7 7h2v5H7zm0-3h2v2H7z"/>'),
    "arrow": '<path d="M1 7h10V3.5L15.5 8 11 12.5V9H1z"/>',
    "close": ('<path d="M3.4 2 8 6.6 12.6 2 14 3.4 9.4 8l4.6 4.6-1.4 1.4L8 9.4 3.4 14 2 12.6 '
              '6.6 8 2 3.4z"/>'),
    "copy": '<path d="M5 1h9v11h-2V3H5zM2 4h9v11H2z"/>',
}

# One shape per seat, drawn beside the colour so a colour-blind player can tell seats apart.
SEAT_SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "star")
_SHAPES: dict[str, str] = {
    "circle": '<circle cx="8" cy="8" r="6.5"/>',
    "square": '<rect x="2" y="2" width="12" height="12"/>',
    "triangle": '<path d="M8 1.5 15 14.5H1z"/>',
    "diamond": '<path d="M8 .8 15.2 8 8 15.2.8 8z"/>',
    "star": _PATHS["star"],
}


def icon(name: str, cls: str = "") -> str:
    """The icon ``name`` as inline SVG (decorative)."""
    classes = f"icon icon-{name}" + (f" {cls}" if cls else "")
    return (f'<svg{attrs(class_=classes)} viewBox="0 0 16 16" width="16" height="16" '
            f'aria-hidden="true" focusable="false">{_PATHS[name]}</svg>')


def seat_shape(seat: int) -> tuple[str, str]:
    """The seat's shape: its name and its drawing in a 16×16 box."""
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    return shape, _SHAPES[shape]


def seat_mark(seat: int, colour: str) -> str:
    """The seat's shape filled in its colour (decorative: the name is always beside it)."""
    shape, drawing = seat_shape(seat)
    return (f'<svg class="seat-mark owner-{esc(colour)} seat-{esc(shape)}" viewBox="0 0 16 16" '
            f'width="14" height="14" aria-hidden="true" focusable="false">{drawing}</svg>')


def icon_button(label: str, action: str, icon_name: str, cls: str = "", after: bool = False,
                **data: object) -> str:
    """A button of the delegated listener with an icon before (or ``after``) its words."""
    data_attrs = {f"data_{k}": v for k, v in data.items()}
    mark = icon(icon_name)
    words = f"<span>{esc(label)}</span>"
    inner = words + mark if after else mark + words
    return (f'<button type="button"{attrs(class_=cls or None, data_action=action, **data_attrs)}>'
            f"{inner}</button>")
