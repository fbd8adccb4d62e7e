// The rules reference (rules.html, written by scripts/build_rules.py): which language shows,
// and the anchor the URL names. Loaded at the end of the page, before its first paint.
//
// Language: ?lang=xx, else the game's choice in localStorage (the key is on <nav class=langs>),
// else the first of the browser's languages the page has, else English. Only the language
// shown carries the anchors as ids (#R-PAY-1, #actions); the others keep them in data-anchor.
// The switch remembers the choice for the game too and keeps the anchor in the URL.
"use strict";

(() => {
  const nav = document.querySelector("nav.langs");
  const key = nav ? nav.dataset.key : "tm:language";
  const articles = Array.from(document.querySelectorAll("article.reference[data-lang]"));
  const langs = articles.map((article) => article.dataset.lang);

  function stored() {
    try {
      return localStorage.getItem(key);
    } catch (blocked) {
      return null;  // storage refused (private mode, a sandbox): the browser's languages decide
    }
  }

  function remember(lang) {
    try {
      localStorage.setItem(key, lang);
    } catch (blocked) {
      // not kept: the page still switches
    }
  }

  function base(tag) {
    return String(tag || "").toLowerCase().replace("_", "-").split("-")[0];
  }

  function chosen() {
    const asked = new URLSearchParams(location.search).get("lang");
    if (langs.includes(asked)) return asked;
    const kept = stored();
    if (langs.includes(kept)) return kept;
    const wanted = (navigator.languages && navigator.languages.length)
      ? navigator.languages : [navigator.language];
    for (const tag of wanted) {
      if (langs.includes(base(tag))) return base(tag);
    }
    return "en";
  }

  function show(lang) {
    for (const article of articles) {
      const active = article.dataset.lang === lang;
      article.hidden = !active;
      for (const element of article.querySelectorAll("[data-anchor]")) {
        if (active) element.id = element.dataset.anchor;
        else element.removeAttribute("id");
      }
      if (active) document.title = `${article.dataset.title} · Terraforming Mars`;
    }
    document.documentElement.lang = lang;
    document.documentElement.dataset.lang = lang;
    // Japanese: the web font's style sheet (scripts/build_fonts.py), for systems without
    // a Japanese font; no other language fetches a font.
    if (lang === "ja" && !document.getElementById("font-ja")) {
      document.head.append(Object.assign(document.createElement("link"),
        { id: "font-ja", rel: "stylesheet", href: "static/fonts-ja.css" }));
    }
    for (const link of document.querySelectorAll("nav.langs a[data-lang]")) {
      if (link.dataset.lang === lang) link.setAttribute("aria-current", "true");
      else link.removeAttribute("aria-current");
    }
  }

  // The element the URL's anchor names, scrolled to and lit (the previous one unlit).
  function reveal() {
    for (const lit of document.querySelectorAll(".lit")) lit.classList.remove("lit");
    const name = decodeURIComponent(location.hash.slice(1));
    const target = name ? document.getElementById(name) : null;
    if (!target) return;
    target.classList.add("lit");
    target.scrollIntoView({ block: "start" });
  }

  function choose(event) {
    const link = event.target.closest("nav.langs a[data-lang]");
    if (!link) return;
    event.preventDefault();
    const lang = link.dataset.lang;
    remember(lang);
    const url = new URL(location.href);
    if (url.searchParams.has("lang")) url.searchParams.set("lang", lang);
    history.replaceState(history.state, "", url);
    show(lang);
    reveal();
  }

  show(chosen());
  reveal();
  window.addEventListener("hashchange", reveal);
  document.addEventListener("click", choose);
  // Another tab (the game) changed the language: follow it unless the URL names one.
  window.addEventListener("storage", (event) => {
    if (event.key === key && langs.includes(event.newValue)
        && !new URLSearchParams(location.search).has("lang")) {
      show(event.newValue);
    }
  });
  // Offline next time: the game's service worker precaches this page with the game.
  const local = location.protocol === "http:"
    && ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname);
  if ("serviceWorker" in navigator && (location.protocol === "https:" || local)) {
    navigator.serviceWorker.register("sw.js").catch(() => {});
  }
})();
