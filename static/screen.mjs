// The game screen's own DOM work, done in JavaScript because it needs nothing of Python's
// (static/boot.mjs imports this module before Python starts):
//
// tmPatch redraws a part of the game screen by changing only the nodes that differ (Python
// calls globalThis.tmPatch, tm/web/browser.py). Setting innerHTML throws a whole part away and
// builds it anew, so the browser restyles and lays out every node in it: a move that
// changes one number in a player's tableau or one line of the milestones made Chromium lay
// out a thousand boxes. Here the new HTML is parsed off the page (a <template>) and the
// shown nodes are walked beside the new ones: text and attributes are set where they
// differ, a node naming a card, player or space found further on is moved into place
// (patchChildren), another node of another kind is replaced, extra nodes are removed and
// missing ones appended. The result is the same tree as
// innerHTML would give. Form controls and <details> are compared whole and replaced when
// they differ, so what they show is what the HTML says, as with innerHTML.

const WHOLE = new Set(["input", "select", "textarea", "details", "dialog", "option"]);
const KEYS = ["id", "data-key", "data-card", "data-player", "data-space", "data-save", "data-generation"];

/** Make `target`'s children those of `html`, keeping every node that stays the same.
 * The focused control is blurred first when the patch would remove it (a focused node
 * removed makes Chromium lay the page out at once, in the middle of the redraw); one the
 * patch keeps (the hand's sort button, a choice redrawn in place) keeps the focus, as
 * blurring costs a few milliseconds on a slow phone. (tm/web/page_dom.py Settle puts the
 * focus back after the frame where it was let go.) */
export function patch(target, html) {
  const fresh = document.createElement("template");
  fresh.innerHTML = html;
  const active = document.activeElement;
  if (active !== null && active !== document.body && target.contains(active)
      && !survives(target, fresh.content, active)) {
    active.blur();
  }
  patchChildren(target, fresh.content);
}

/** Whether `node` (inside `target`) stays in the document when `target`'s children are
 * patched to `fresh`'s: patchChildren pairs children by position, so it stays when at
 * every level down to it the new child in its place is of its kind (and a control
 * compared whole is equal). */
function survives(target, fresh, node) {
  const path = [];
  for (let at = node; at !== target; at = at.parentNode) path.push(at);
  let place = fresh;
  for (let i = path.length - 1; i >= 0; i -= 1) {
    const shown = path[i];
    const index = Array.prototype.indexOf.call(shown.parentNode.childNodes, shown);
    const next = place.childNodes[index];
    if (next === undefined || !sameKind(shown, next)) return false;
    if (WHOLE.has(shown.localName) && !shown.isEqualNode(next) && !asDrawn(shown, next)) {
      return false;
    }
    place = next;
  }
  return true;
}

/** The name of the part of the game screen holding the focused control ("" if none):
 * tm/web/browser.py patches it first, so a blur comes before any other change. */
export function focusedPart() {
  const active = document.activeElement;
  const found = active instanceof Element ? active.closest(".part") : null;
  return found === null ? "" : found.id.replace(/^part-/, "");
}

function key(node) {
  if (node.nodeType !== Node.ELEMENT_NODE || !node.hasAttributes()) return "";
  for (const name of KEYS) {
    const value = node.getAttribute(name);
    if (value !== null) return `${name}=${value}`;
  }
  return "";
}

function sameKind(shown, fresh) {
  if (shown.nodeType !== fresh.nodeType) return false;
  if (shown.nodeType !== Node.ELEMENT_NODE) return true;
  return shown.namespaceURI === fresh.namespaceURI && shown.localName === fresh.localName
    && key(shown) === key(fresh);
}

// Children are paired in order; a keyed child (KEYS: a card, a player, a space ...) that is
// found further on among the shown ones is moved into place, with its styles and layout,
// instead of being built again: sorting the hand or a tableau growing by one card in the
// middle moves boxes rather than parsing and laying out every card after it. A keyed
// shown child that does not pair is kept aside (the new child goes before it) until the
// end, where whatever was not paired is removed.
function patchChildren(shown, fresh) {
  let old = shown.firstChild;
  let next = fresh.firstChild;
  let later = null; // key -> shown children not yet paired (built at the first mismatch)
  while (next !== null) {
    const following = next.nextSibling; // (next leaves the template when it is used)
    if (old === null) {
      shown.appendChild(next);
    } else if (sameKind(old, next)) {
      const after = old.nextSibling; // (old itself may be replaced)
      if (later !== null) later.delete(key(old));
      if (!old.isEqualNode(next)) patchNode(old, next); // (compared natively, at once)
      old = after;
    } else {
      if (later === null) later = keyedFrom(old);
      const wanted = key(next);
      const found = wanted === "" ? undefined : later.get(wanted);
      if (found !== undefined && sameKind(found, next)) {
        later.delete(wanted);
        shown.insertBefore(found, old);
        if (!found.isEqualNode(next)) patchNode(found, next);
      } else if (key(old) !== "") {
        shown.insertBefore(next, old); // (old may pair further on)
      } else {
        const after = old.nextSibling;
        shown.replaceChild(next, old);
        old = after;
      }
    }
    next = following;
  }
  while (old !== null) {
    const after = old.nextSibling;
    shown.removeChild(old);
    old = after;
  }
}

/** The keyed elements from `node` on among its siblings, by key (the first of each). */
function keyedFrom(node) {
  const found = new Map();
  for (let at = node; at !== null; at = at.nextSibling) {
    if (at.nodeType !== Node.ELEMENT_NODE) continue;
    const name = key(at);
    if (name !== "" && !found.has(name)) found.set(name, at);
  }
  return found;
}

function patchNode(shown, fresh) {
  if (shown.nodeType !== Node.ELEMENT_NODE) {
    if (shown.nodeValue !== fresh.nodeValue) shown.nodeValue = fresh.nodeValue;
    return;
  }
  if (WHOLE.has(shown.localName)) {
    if (asDrawn(shown, fresh)) patchAttributes(shown, fresh);
    else if (!shown.isEqualNode(fresh)) shown.replaceWith(fresh);
    return;
  }
  patchAttributes(shown, fresh);
  patchChildren(shown, fresh);
}

/** Whether `shown` is an input field whose live state (what the player typed or ticked) is
 * already what `fresh` draws: it is patched in place then, keeping its node, the focus and
 * the caret. The early form's fields are so when Python first draws the form with what was
 * typed into it (static/kept.js); replacing them blurred the field being typed in and put
 * the focus back, each time making Chromium lay the page out at once (issue 46). */
function asDrawn(shown, fresh) {
  if (shown.localName !== "input" || fresh.localName !== "input"
      || shown.getAttribute("type") !== fresh.getAttribute("type")) return false;
  if (shown.type === "checkbox" || shown.type === "radio") {
    return shown.checked === fresh.hasAttribute("checked");
  }
  return shown.type !== "file" && shown.value === (fresh.getAttribute("value") ?? "");
}

function patchAttributes(shown, fresh) {
  for (const attr of fresh.attributes) {
    if (shown.getAttributeNS(attr.namespaceURI, attr.localName) !== attr.value) {
      shown.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
    }
  }
  for (const attr of Array.from(shown.attributes)) {
    if (!fresh.hasAttributeNS(attr.namespaceURI, attr.localName)) {
      shown.removeAttributeNS(attr.namespaceURI, attr.localName);
    }
  }
}


globalThis.tmPatch = patch;

// What a redraw reads of the document before it draws (tm/web/page_dom.py focused_key and
// off_screen), each in one call: from Python every property read and method call crosses
// into JavaScript on its own, and the dozen or two of these reads cost more than the
// work itself (a few milliseconds on a slow phone, in every click).
const FOCUS_KEYS = ["action", "index", "card", "save", "space", "delta", "pos"];

function cssString(value) {
  return String(value).replace(/\\/g, "\\\\").replace(/"/g, '\\"');
}

/** A selector for the focused control inside #app (null when focus is elsewhere). */
export function focusKey(element = document.activeElement) {
  if (!(element instanceof Element) || element.closest("#app") === null) return null;
  if (element.hasAttribute("data-focus")) {
    return `[data-focus="${cssString(element.getAttribute("data-focus"))}"]`;
  }
  const parts = FOCUS_KEYS.filter((k) => element.hasAttribute(`data-${k}`))
    .map((k) => `[data-${k}="${cssString(element.getAttribute(`data-${k}`))}"]`);
  return parts.join("") || "#app";
}

/** The names of `below` (a JSON object: name -> selector of its box in #app) whose box
 * the window does not show now, separated by spaces. */
export function offScreen(below) {
  const height = window.innerHeight;
  const found = [];
  for (const [name, selector] of Object.entries(JSON.parse(below))) {
    const box = document.querySelector(`#app ${selector}`);
    if (box === null) continue;
    const rect = box.getBoundingClientRect();
    if (rect.top >= height || rect.bottom <= 0) found.push(name);
  }
  return found.join(" ");
}

/** After a redraw, in one call (tm/web/page_dom.py mark_body): the body's marks (`marks`:
 * lines "name=value" set data-name, a line "name" removes it), the game hidden from
 * screen readers under a cover (`covered`); answers two flags, "1" or "0" each: whether a
 * question asks for the focus ([data-autofocus]), whether a tile is being placed. */
let sending = false;  // whether the last marking found a link to send (#send-title)

export function markBody(marks, covered) {
  const body = document.body;
  for (const line of marks.split("\n")) {
    const at = line.indexOf("=");
    const name = `data-${at < 0 ? line : line.slice(0, at)}`;
    if (at < 0) body.removeAttribute(name);
    else if (body.getAttribute(name) !== line.slice(at + 1)) body.setAttribute(name, line.slice(at + 1));
  }
  const game = document.querySelector("#app .screen-body");
  if (game !== null && covered) game.setAttribute("aria-hidden", "true");
  else if (game !== null) game.removeAttribute("aria-hidden");
  const asking = document.querySelector("#app [data-autofocus]") !== null;
  const placing = document.querySelector('#app .prompt[data-kind="space"]') !== null;
  const send = document.getElementById("send-title") !== null;  // (a link appeared: "1")
  const appeared = send && !sending;
  sending = send;
  return `${asking ? 1 : 0}${placing ? 1 : 0}${appeared ? 1 : 0}`;
}

globalThis.tmMarkBody = markBody;
globalThis.tmFocusKey = focusKey;
globalThis.tmOffScreen = offScreen;
globalThis.tmFocusedPart = focusedPart;

// A space on the board and the log's steps naming it light up together (app.css .lit)
// while either is hovered or focused. Listening here rather than in Python: every
// movement of the pointer across the screen fires these, and after a redraw the browser
// fires them again for whatever now lies under the pointer, before the next frame.
const LIGHTS = "[data-space-ref], .board [data-space]";

function light(event) {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const found = target.closest(LIGHTS);
  if (found === null) return;
  const space = found.getAttribute("data-space-ref") || found.getAttribute("data-space");
  if (!space) return;
  const on = event.type === "mouseover" || event.type === "focusin";
  const id = CSS.escape(space);
  for (const lit of document.querySelectorAll(
    `.board [data-space="${id}"], .log [data-space-ref="${id}"]`)) {
    lit.classList.toggle("lit", on);
  }
}

for (const name of ["mouseover", "focusin", "mouseout", "focusout"]) {
  document.addEventListener(name, light);
}

// The recap of the others' moves (tm/web/recap_html.py): its "show on the board" button and
// the dock's steps ([data-recap-go]) bring the spaces the board now lights for the shown
// action into the middle of the window (on a phone the board lies below the recap, often
// off-screen, and may scroll sideways in its frame); "back to the list" ([data-recap-back])
// brings the recap back. Python handles the click itself (the same listener phase, after
// this one) and redraws at once, so the scroll waits for the task after the click.
function recapScroll(event) {
  const target = event.target instanceof Element ? event.target.closest("button") : null;
  if (target === null || target.disabled) return;
  const go = target.hasAttribute("data-recap-go");
  if (!go && !target.hasAttribute("data-recap-back")) return;
  setTimeout(() => (go ? showLit() : showRecap()), 0);
}

function smooth() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

function showLit() {
  const lit = document.querySelector("#app .board .space.recap-space");
  if (lit !== null) lit.scrollIntoView({ block: "center", inline: "center", behavior: smooth() });
}

function showRecap() {
  const line = document.querySelector("#app .recap .recap-line.current")
    || document.querySelector("#app .recap");
  if (line !== null) line.scrollIntoView({ block: "center", behavior: smooth() });
}

document.addEventListener("click", recapScroll);
