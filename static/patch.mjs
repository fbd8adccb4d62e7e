// Redraws a part of the game screen by changing only the nodes that differ (Python calls
// globalThis.tmPatch, tm/web/browser.py). Setting innerHTML throws a whole part away and
// builds it anew, so the browser restyles and lays out every node in it: a move that
// changes one number in a player's tableau or one line of the milestones made Chromium lay
// out a thousand boxes. Here the new HTML is parsed off the page (a <template>) and the
// shown nodes are walked beside the new ones: text and attributes are set where they
// differ, a node of another kind (or naming another card, player or space) is replaced,
// extra nodes are removed and missing ones appended. The result is the same tree as
// innerHTML would give. Form controls and <details> are compared whole and replaced when
// they differ, so what they show is what the HTML says, as with innerHTML.

const WHOLE = new Set(["input", "select", "textarea", "details", "dialog", "option"]);
const KEYS = ["id", "data-card", "data-player", "data-space", "data-save", "data-generation"];

/** Make `target`'s children those of `html`, keeping every node that stays the same. */
export function patch(target, html) {
  const fresh = document.createElement("template");
  fresh.innerHTML = html;
  patchChildren(target, fresh.content);
}

function key(node) {
  if (!node.hasAttributes()) return "";
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

function patchChildren(shown, fresh) {
  let old = shown.firstChild;
  let next = fresh.firstChild;
  while (next !== null) {
    const following = next.nextSibling; // (next leaves the template when it is used)
    if (old === null) {
      shown.appendChild(next);
    } else if (sameKind(old, next)) {
      const after = old.nextSibling; // (old itself may be replaced)
      if (!old.isEqualNode(next)) patchNode(old, next); // (compared natively, at once)
      old = after;
    } else {
      const after = old.nextSibling;
      shown.replaceChild(next, old);
      old = after;
    }
    next = following;
  }
  while (old !== null) {
    const after = old.nextSibling;
    shown.removeChild(old);
    old = after;
  }
}

function patchNode(shown, fresh) {
  if (shown.nodeType !== Node.ELEMENT_NODE) {
    if (shown.nodeValue !== fresh.nodeValue) shown.nodeValue = fresh.nodeValue;
    return;
  }
  if (WHOLE.has(shown.localName)) {
    if (!shown.isEqualNode(fresh)) shown.replaceWith(fresh);
    return;
  }
  patchAttributes(shown, fresh);
  patchChildren(shown, fresh);
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
