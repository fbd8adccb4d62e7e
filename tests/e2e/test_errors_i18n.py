"""Refusals in the page's language (issue 16): a damaged link opened in a German browser is
refused in German, in Pyodide as in the engine tests (tests/web/test_web_errors_i18n.py)."""
from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import Server
from tests.e2e.helpers import expect, wait_screen
from tests.e2e.test_hostile import link_with_options
from tm.web import i18n

pytestmark = pytest.mark.e2e


def test_a_refused_link_is_explained_in_german(new_page: Any, boot: Any,
                                              server: Server) -> None:
    page = new_page(locale="de-DE", viewport={"width": 1280, "height": 900})
    boot(page)
    alert = page.locator("#app [role=alert]")
    page.goto(server.url + "#g=@@@")
    expect(alert).to_contain_text(i18n.t("err.link.cut_short", "de"))
    expect(alert).not_to_contain_text("cut short")
    page.goto(server.url + link_with_options(b'{"players":2,"seed":1,"first_player":7}'))
    expect(alert).to_contain_text(i18n.t("err.options.first_player", "de"))
    expect(alert).not_to_contain_text("must name")
    wait_screen(page, "start")
