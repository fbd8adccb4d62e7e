// Draws the screen the last visit left, before the first paint: scripts/build_site.py puts
// this script inline right after #app in dist/index.html (netlify.toml's Content-Security-
// Policy allows it by its hash), so it runs as the page is parsed, with no download. The
// copies are made by static/boot.mjs: the start screen (tm:last-screen), or the saved game
// being played (tm:last-game: {save, screen, html}) when this tab showed it (a reload, the
// browser restoring its tabs: sessionStorage tm:open, which Python reads to reopen it,
// tm/web/browser.py; a new tab starts on the start screen). The copy stays inert, with the
// line saying the game is starting, until Python takes over (static/boot.mjs). Nothing is
// drawn when a link is opened or when the game was deleted since. The page's language
// (tm:language, tm/web/app_lang.py) goes on <html lang> at once: the copy is in it, and
// the browser hyphenates and picks fonts by it.
(() => {
  const app = document.getElementById("app");
  try {
    const lang = localStorage.getItem("tm:language");
    if (["en", "de", "ja", "be"].includes(lang)) document.documentElement.lang = lang;
  } catch {
    // no storage: English until Python reads the browser's languages
  }
  if (location.hash || !app || !app.classList.contains("prerendered")) return;
  try {
    const game = JSON.parse(localStorage.getItem("tm:last-game") || "null");
    const open = sessionStorage.getItem("tm:open");
    if (game && typeof game.save === "string" && typeof game.html === "string"
        && game.save === open && localStorage.getItem(`tm:save:${game.save}`) !== null) {
      app.innerHTML = game.html;
      document.documentElement.dataset.kept = game.screen;
      performance.mark("tm:last-game");
      return;
    }
    const html = localStorage.getItem("tm:last-screen");
    if (html) {
      app.innerHTML = html;
      document.documentElement.dataset.kept = "start";
      performance.mark("tm:last-screen");
    }
  } catch {
    // no storage, or a copy that does not parse: the prerendered screen stays
  }
})();
