"""The page's DOM patch (static/screen.mjs ``tmPatch``, issue 46): whatever the shown and the
new children, the patched part is the tree that innerHTML would give, and a keyed child
(a card of the hand by ``data-key``, a played card by ``data-card`` ...) that is in both
is kept as the same node, moved into place rather than built again (sorting the hand
moves its cards)."""
from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e

# Random lists of keyed items among plain paragraphs, text and comments, patched from one
# to another: the HTML and the kept nodes checked case by case (a seeded generator: the
# same cases each run).
CASES = """(cases) => {
  let seed = 46;
  const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const plain = () => [`<p>plain ${rnd(3)}</p>`, `text ${rnd(3)} `, `<!--c${rnd(2)}-->`][rnd(3)];
  const item = (k) => k === null ? plain()
    : `<li data-key="${k}" class="c${rnd(2)}"><b>${k}</b>${rnd(2) ? "<i>x</i>" : ""}</li>`;
  const list = () => {
    const keys = ["a", "b", "c", "d", "e", "f", "g", "h"].filter(() => rnd(4) > 0);
    for (let i = keys.length - 1; i > 0; i -= 1) {
      const j = rnd(i + 1);
      [keys[i], keys[j]] = [keys[j], keys[i]];
    }
    const items = keys.map(item);
    for (let n = rnd(3); n > 0; n -= 1) items.splice(rnd(items.length + 1), 0, item(null));
    return items.join("");
  };
  const failed = [];
  for (let i = 0; i < cases; i += 1) {
    const before = list();
    const after = list();
    const shown = document.createElement("div");
    shown.innerHTML = before;
    const had = new Map([...shown.querySelectorAll("[data-key]")].map((n) => [n.dataset.key, n]));
    globalThis.tmPatch(shown, after);
    const wanted = document.createElement("div");
    wanted.innerHTML = after;
    const lost = [...shown.querySelectorAll("[data-key]")]
      .filter((n) => had.has(n.dataset.key) && had.get(n.dataset.key) !== n);
    if (shown.innerHTML !== wanted.innerHTML || lost.length) failed.push([before, after]);
  }
  return failed;
}"""


def test_patch_gives_the_new_tree_and_moves_keyed_nodes(page: Any, boot: Any) -> None:
    boot(page)
    assert page.evaluate(CASES, 400) == []


# An input field typed into, then patched to markup that draws it as the player left it,
# and to markup that draws another value: [kept node, kept focus, value, class] each time.
TYPED_FIELD = """async () => {
  const shown = document.createElement("div");
  shown.id = "typed";
  shown.innerHTML = '<p>name</p><input name="name_0" value="">';
  document.querySelector("#app").append(shown);
}"""
PATCHED = """([markup]) => {
  const shown = document.querySelector("#typed");
  const field = shown.querySelector("input");
  globalThis.tmPatch(shown, markup);
  const now = shown.querySelector("input");
  return [now === field, document.activeElement === now, now.value, now.className];
}"""


def test_a_field_typed_into_that_the_new_markup_draws_as_it_is_keeps_its_node_and_focus(
        page: Any, boot: Any) -> None:
    """Python's first drawing of the early form (the names typed before it was up) keeps
    the field being typed in, with its focus and caret (issue 46: replacing it made the
    browser lay the page out twice in that task); markup drawing another value still gets
    its own field."""
    boot(page)
    page.evaluate(TYPED_FIELD)
    page.locator("#typed input").click()
    page.keyboard.type("Ann")
    same = '<p>name</p><input name="name_0" value="Ann" class="drawn">'
    assert page.evaluate(PATCHED, [same]) == [True, True, "Ann", "drawn"]
    other = '<p>name</p><input name="name_0" value="Bob" class="drawn">'
    assert page.evaluate(PATCHED, [other]) == [False, False, "Bob", "drawn"]
