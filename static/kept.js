// Draws the screen the last visit left, before the first paint: scripts/build_site.py puts
// this script inline right after #app in dist/index.html (netlify.toml's Content-Security-
// Policy allows it by its hash), so it runs as the page is parsed, with no download. The
// copies are made by static/boot.mjs: the start screen (tm:last-screen), or the saved game
// being played (tm:last-game: {save, screen, html}), which Python then reopens (it reads
// sessionStorage tm:open, tm/web/browser.py). The copy stays inert, with the line saying
// the game is starting, until Python takes over (static/boot.mjs). Nothing is drawn when a
// link is opened, or when the game was deleted since, or this tab showed another game.
(() => {
  const app = document.getElementById("app");
  if (location.hash || !app || !app.classList.contains("prerendered")) return;
  try {
    const game = JSON.parse(localStorage.getItem("tm:last-game") || "null");
    const open = sessionStorage.getItem("tm:open");
    if (game && typeof game.save === "string" && typeof game.html === "string"
        && localStorage.getItem(`tm:save:${game.save}`) !== null
        && (open === null || open === game.save)) {
      sessionStorage.setItem("tm:open", game.save);
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
