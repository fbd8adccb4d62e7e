"""The renderer: one object that draws a :class:`~tm.web.model.Screen` and owns what is
kept of earlier drawings (:class:`tm.web.regions.Kept`).

The words of a drawing are those of the screen's language: for the duration of one
drawing the renderer has :func:`tm.web.i18n.t` speak it (:func:`tm.web.i18n.speaking`),
and it keeps drawings of one language only (a switch starts a fresh :class:`Kept`, so
nothing drawn in the old language is shown again; nothing is cleared by hand).
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tm.web import screens
from tm.web.alerts import Alerts, render_alerts
from tm.web.i18n import speaking
from tm.web.model import Screen
from tm.web.regions import Kept, drawing_with


class Renderer:
    """Draws screens; keeps its earlier drawings (held by the App, one per page)."""

    def __init__(self) -> None:
        self.kept = Kept()
        self.language: str | None = None  # the language of what is kept

    def draw(self, screen: Screen, alerts: Alerts) -> dict[str, str]:
        """HTML for each page region: the page's own notices (#alerts) first, drawn even
        when the screen cannot be; then the screen."""
        if screen.language != self.language:
            self.kept, self.language = Kept(), screen.language
        with speaking(screen.language):
            regions = {"alerts": render_alerts(alerts)}
            with drawing_with(self.kept):
                regions["app"] = screens.render_app(screen)
        return regions

    @contextmanager
    def unseen(self) -> Iterator[None]:
        """A drawing made ahead, nobody sees it (see :meth:`Kept.unseen`)."""
        with self.kept.unseen():
            yield

    def forget(self) -> None:
        """Draw everything afresh next time (tests compare kept and fresh drawings)."""
        self.kept = Kept()
