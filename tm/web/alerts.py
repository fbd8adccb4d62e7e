"""The page's own notices, in a region of their own (``#alerts``, above the screen): an
unexpected error caught at the page's edge (with its details to copy), another tab's moves,
leaving a game whose last moves are not saved, and work in progress.

Only plain text and buttons: nothing here reads the game, so it still draws when the
screen itself cannot be drawn.
"""
from __future__ import annotations

from dataclasses import dataclass

from tm.web.html import button, esc
from tm.web.i18n import has, t


@dataclass
class Fault:
    """An exception the page's guard caught: where it happened and its traceback."""

    what: str  # a key under fault.what.*
    details: str
    copied: bool = False


@dataclass(frozen=True, slots=True)
class Alerts:
    """What the #alerts region says, frozen for one redraw (the saving controller's)."""

    fault: Fault | None = None
    conflict: str | None = None  # another tab "newer" / "deleted" the game shown
    leaving: str | None = None  # asking before leaving: why the moves are not saved
    busy: str | None = None  # the message key of work in progress
    progress: tuple[int, int] | None = None  # its units done and in all (None: not counted)
    full: bool = False  # a link or move not kept: the store is full (export, make room)


def render_alerts(alerts: Alerts) -> str:
    """HTML of the #alerts region (empty when there is nothing to say)."""
    parts = []
    if alerts.fault is not None:
        parts.append(_fault(alerts.fault))
    if alerts.conflict is not None:
        parts.append(_conflict(alerts.conflict))
    if alerts.leaving is not None:
        parts.append(_leaving(alerts.leaving))
    if alerts.full:
        parts.append(f'<div class="notice full" role="alert"><p>{esc(t("storage.full_kept"))}'
                     '</p><p class="notice-actions">'
                     + button(t("game.export"), "export_current", "primary")
                     + button(t("storage.saved_games"), "menu", "") + "</p></div>")
    if alerts.busy is not None:
        parts.append(_busy(alerts.busy, alerts.progress))
    return "".join(parts)


def _busy(message: str, progress: tuple[int, int] | None) -> str:
    """The busy veil: what the page is doing and, for work counted, how far it got."""
    if progress is None:
        return (f'<div class="busy" role="status" aria-live="polite"><p>{esc(t(message))}'
                '</p><progress aria-hidden="true"></progress></div>')
    done, total = progress
    return (f'<div class="busy" role="status" aria-live="polite"><p>{esc(t(message))}</p>'
            f'<p class="busy-count">{esc(t("busy.progress", done=done, total=total))}</p>'
            f'<progress aria-hidden="true" value="{done}" max="{max(total, 1)}"></progress>'
            '</div>')


def _fault(fault: Fault) -> str:
    what_key = f"fault.what.{fault.what}"
    what = t(what_key if has(what_key) else "fault.what.event")
    copy = (f'<span class="copied" role="status">{esc(t("fault.copied"))}</span>' if fault.copied
            else button(t("fault.copy"), "copy_details", "", focus="copy_details"))
    return (f'<div class="notice fault" role="alert"><p><strong>{esc(t("fault.title", what=what))}'
            f'</strong> {esc(t("fault.body"))}</p><p class="notice-actions">{copy}'
            + button(t("fault.dismiss"), "dismiss_fault", "")
            + button(t("fault.reload"), "reload", "")
            + f'</p><details><summary>{esc(t("fault.details"))}</summary>'
            f'<pre class="fault-details">{esc(fault.details)}</pre></details></div>')


def _conflict(kind: str) -> str:
    actions = button(t("tabs.copy"), "tabs_copy", "primary")
    if kind == "newer":
        actions = button(t("tabs.reload"), "tabs_reload", "primary") + actions
    return (f'<div class="notice conflict" role="alert"><p>{esc(t("tabs." + kind))}</p>'
            f'<p class="notice-actions">{actions}</p></div>')


def _leaving(unsaved: str) -> str:
    why = t(f"leave.why.{unsaved}")
    return (f'<div class="notice leaving" role="alert"><p>{esc(t("leave.ask", why=why))}</p>'
            f'<p class="notice-actions">'
            + button(t("leave.export"), "export_current", "primary")
            + button(t("leave.confirm"), "menu", "danger", force="1")
            + button(t("leave.stay"), "stay", "") + "</p></div>")
