// Draws the screen the last visit left, before the first paint: scripts/build_site.py puts
// this script inline right after #app in dist/index.html (netlify.toml's Content-Security-
// Policy allows it by its hash), so it runs as the page is parsed, with no download. The
// copies are made by static/boot.mjs: the start screen (tm:last-screen), or the saved game
// being played (tm:last-game: {save, screen, tree}) when this tab showed it (a reload, the
// browser restoring its tabs: sessionStorage tm:open, which Python reads to reopen it,
// tm/web/browser.py; a new tab starts on the start screen). A game's copy stays inert, with
// the line saying the game is starting, until Python takes over (static/boot.mjs); a start
// screen's new-game form is usable at once (usable() below). Nothing is
// drawn when a link is opened or when the game was deleted since. The page's language
// (tm:language, tm/web/app_lang.py) goes on <html lang> at once: the copy is in it, and
// the browser hyphenates and picks fonts by it.
// A copy is data, never HTML: a tree of [tag, {attribute: value}, ...children] and strings
// (text), built here element by element with textContent, so whatever storage holds (another
// script on this origin, a hostile extension, an old copy as HTML) shows as text or not at
// all: only the tags and attributes a screen uses are made, never a handler (on...), a
// script or a URL of another scheme than http(s).
// Until this script has run, static/app.css hides the prerendered screen, so that the
// first paint is never the start form when a kept game is drawn over it here: html gets
// data-drawn on every way out.
(() => { try { (() => {
  const app = document.getElementById("app");
  try {
    const lang = localStorage.getItem("tm:language");
    if (["en", "de", "ja", "be"].includes(lang)) document.documentElement.lang = lang;
  } catch {
    // no storage: English until Python reads the browser's languages
  }
  if (location.hash || !app || !app.classList.contains("prerendered")) return;
  const SVG = "http://www.w3.org/2000/svg";
  const TAGS = new Set(("a abbr b br button caption code del details dd div dl dt em fieldset "
    + "footer form h1 h2 h3 h4 h5 h6 header hr i input kbd label legend li main mark meter nav "
    + "ol optgroup option output p pre progress s section select small span strong sub summary "
    + "sup table tbody td textarea tfoot th thead time tr u ul").split(" "));
  const SVG_TAGS = new Set(("svg g path circle ellipse rect line polyline polygon text tspan "
    + "title desc defs symbol use").split(" "));
  const URLS = new Set(["href", "xlink:href", "src", "action", "formaction"]);
  const NAME = /^[a-z][a-z0-9_.:-]*$/i;
  const SCHEME = /^\s*[a-z][a-z0-9+.-]*:/i;
  const safe = (name, value) => NAME.test(name) && !/^on/i.test(name) && name !== "style"
    && (!URLS.has(name.toLowerCase()) || !SCHEME.test(value) || /^\s*https?:/i.test(value));
  let count = 0;
  const draw = (node, svg, into) => {
    count += 1;
    if (count > 200000) throw new Error("too large");
    if (typeof node === "string") {
      into.append(document.createTextNode(node));
      return;
    }
    if (!Array.isArray(node) || typeof node[0] !== "string") return;
    const tag = node[0].toLowerCase();
    const inSvg = svg || tag === "svg";
    if (!(inSvg ? SVG_TAGS : TAGS).has(tag)) return;
    const made = inSvg ? document.createElementNS(SVG, tag) : document.createElement(tag);
    const attributes = node[1] && typeof node[1] === "object" ? node[1] : {};
    for (const [name, value] of Object.entries(attributes)) {
      if (typeof value === "string" && safe(name, value)) made.setAttribute(name, value);
    }
    for (const child of node.slice(2)) draw(child, inSvg, made);
    into.append(made);
  };
  // The copy drawn off the page first: one that does not parse leaves the prerendered one.
  const drawn = (tree) => {
    if (!Array.isArray(tree)) return null;
    const part = document.createDocumentFragment();
    for (const node of tree) draw(node, false, part);
    return part;
  };
  try {
    const game = JSON.parse(localStorage.getItem("tm:last-game") || "null");
    const open = sessionStorage.getItem("tm:open");
    if (game && typeof game.save === "string" && typeof game.screen === "string"
        && game.save === open && localStorage.getItem(`tm:save:${game.save}`) !== null) {
      const part = drawn(game.tree);
      if (part) {
        app.replaceChildren(part);
        document.documentElement.dataset.kept = game.screen === "handoff" ? "handoff" : "game";
        performance.mark("tm:last-game");
        return;
      }
    }
    const part = drawn(JSON.parse(localStorage.getItem("tm:last-screen") || "null"));
    if (part) {
      app.replaceChildren(part);
      document.documentElement.dataset.kept = "start";
      performance.mark("tm:last-screen");
    }
  } catch {
    // no storage, or a copy that does not parse: the prerendered screen stays
  }
  usable(app);

  // The start screen's new-game form made usable before Python is up (a first visit on a
  // phone waits seconds for it): the player types names, picks options, ticks boxes and
  // presses Start (or Enter in a field); the rest of the screen (saved games, the daily
  // game) stays inert. A Start pressed now is kept: the form says the game starts as soon as
  // the engine is loaded, and stays as it was. When Python starts, tm/web/page_boot.py asks
  // tmEarlyForm() what the player did (the form's values, whether Start was pressed, the
  // field being typed in): it draws the form with those values, or starts that game at once,
  // with no second click. From that moment this script leaves the form alone. The words are
  // the page's language's, from #boot-status (scripts/build_site.py writes them there).
  function usable(app) {
    const form = app.querySelector('form.new-game[data-action="new_game"]');
    const status = document.getElementById("boot-status");
    if (!form || !status) return;
    let words = {};
    try {
      const all = JSON.parse(status.dataset.words || "{}");
      words = all[document.documentElement.lang] || all.en || {};
    } catch {
      // no words: the English line built into the page stays
    }
    const line = status.querySelector(".boot-line");
    if (line && typeof words.starting === "string") line.textContent = words.starting;
    for (const part of form.parentElement ? form.parentElement.children : []) {
      if (part !== form && part.querySelector("button, input, select, textarea, [data-action]")) {
        part.inert = true;
      }
    }
    app.removeAttribute("inert");
    app.removeAttribute("aria-busy");
    let touched = false;
    let started = null; // the form's values when Start was pressed
    let over = false; // Python has taken the form over
    const values = () => Object.fromEntries([...new FormData(form)]
      .filter(([, value]) => typeof value === "string"));
    // The players select shows as many player rows as it says (Python also shows the notes
    // that go with a count once it is up).
    const rows = () => {
      const count = Number(form.elements.players ? form.elements.players.value : 2);
      for (const row of form.querySelectorAll("fieldset.player-row[data-row]")) {
        row.hidden = Number(row.dataset.row) >= count;
      }
    };
    form.addEventListener("input", () => { touched = true; });
    form.addEventListener("change", (event) => {
      touched = true;
      if (!over && event.target.name === "players") rows();
    });
    form.addEventListener("submit", (event) => {
      if (over) return;
      event.preventDefault(); // (never the browser's own submission: the page would reload)
      if (started) return;
      started = values();
      form.inert = true;
      form.setAttribute("aria-busy", "true");
      const button = form.querySelector('button[type="submit"]');
      if (typeof words.queued === "string") {
        if (button) button.textContent = words.queued;
        if (line) line.textContent = words.queued;
      }
      performance.mark("tm:early-start");
    });
    globalThis.tmEarlyForm = () => {
      over = true;
      if (!started && !touched) return null;
      const focused = document.activeElement;
      const focus = focused && form.contains(focused) && focused.name ? focused.name : null;
      return { started: Boolean(started), fields: started || values(), focus };
    };
    performance.mark("tm:form-usable");
  }
})(); } finally { document.documentElement.dataset.drawn = ""; } })();
