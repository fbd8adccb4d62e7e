// The site's Trusted Types default policy. netlify.toml's Content-Security-Policy says
// require-trusted-types-for 'script', so every string handed to an HTML sink (innerHTML,
// insertAdjacentHTML, a <template>'s innerHTML in static/screen.mjs...) or used as a
// script's URL passes through here first. index.html loads this script before anything else
// runs (deferred, ahead of static/boot.mjs), rules.html before static/rules.js.
//
// Why: PyScript runs any <script type="py"> or <py-script> that appears in the document,
// whoever put it there. The page escapes every value it shows (tm/web/html.py esc), so its
// own markup never holds such a tag; markup that does is an injection, and refused here
// (the sink throws, the browser reports the violation): an HTML-injection bug cannot become
// code, Python or JavaScript, whatever script-src allows.
// Refused: a tag opening a script element (any type, in HTML or SVG), PyScript's elements
// (py-*, mpy-*: py-script, py-config...) and the frames and plugins that would hold a
// document of their own. A tag opens only as "<" + its name (no space, no entity), in
// any letter case, so this check on the text is exact, and costs microseconds where
// parsing the markup twice would cost as much as drawing it.
// Never compiled from a string (createScript: none; the CSP has no 'unsafe-eval' anyway).
// Script URLs (the service worker's registration) only of our own origin.
(() => {
  if (!globalThis.trustedTypes || globalThis.trustedTypes.defaultPolicy) return;
  const MAKES_CODE = /<(?:script|m?py-|i?frame|object|embed)/i;
  globalThis.trustedTypes.createPolicy("default", {
    createHTML: (markup) => (MAKES_CODE.test(markup) ? null : markup),
    createScriptURL: (url) => (new URL(url, document.baseURI).origin === location.origin
      ? url : null),
  });
})();
