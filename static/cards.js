// The list of every card (cards.html, written by scripts/build_cards.py): its filters. Each
// language's article has its own form; the script only hides, shows and reorders the cards
// the page holds (never writes markup). Searching ignores case and width (NFKC) and the soft
// hyphens of long German words (scripts/i18n_hyphenate.py), and matches every word typed
// anywhere in the card as shown (its name, its English name, its text).
"use strict";

(() => {
  const fold = (text) => String(text || "").normalize("NFKC").replace(/\u00ad/g, "")
    .toLocaleLowerCase();
  const number = (text) => (text === "" ? null : Number(text));

  function setUp(article) {
    const form = article.querySelector("form.filters");
    const list = article.querySelector("ul.cards-all");
    const count = article.querySelector(".count");
    const none = article.querySelector(".none");
    if (!form || !list || !count || !none) return;
    const items = Array.from(list.children);
    const place = new Map(items.map((item, i) => [item, i]));
    const words = new Map(items.map((item) => [item, fold(item.textContent)]));
    const collator = new Intl.Collator(article.dataset.lang);
    const orders = {
      number: (a, b) => place.get(a) - place.get(b),
      name: (a, b) => collator.compare(a.dataset.name, b.dataset.name),
      cost: (a, b) => (number(a.dataset.cost) ?? -1) - (number(b.dataset.cost) ?? -1)
        || place.get(a) - place.get(b),
    };

    function fits(item, wanted) {
      const tags = item.dataset.tags ? item.dataset.tags.split(" ") : [];
      if (wanted.tag === "none" ? tags.length > 0 : wanted.tag && !tags.includes(wanted.tag)) {
        return false;
      }
      if (wanted.type && item.dataset.type !== wanted.type) return false;
      if (wanted.set && item.dataset.set !== wanted.set) return false;
      const cost = number(item.dataset.cost);
      if ((wanted.min !== null || wanted.max !== null) && cost === null) return false;
      if (wanted.min !== null && cost < wanted.min) return false;
      if (wanted.max !== null && cost > wanted.max) return false;
      const text = words.get(item);
      return wanted.words.every((word) => text.includes(word));
    }

    function apply() {
      const field = (name) => String(form.elements[name].value || "").trim();
      const bound = (name) => {
        const value = field(name);
        return value === "" || Number.isNaN(Number(value)) ? null : Number(value);
      };
      const wanted = { words: fold(field("q")).split(/\s+/).filter(Boolean),
        tag: field("tag"), type: field("type"), set: field("set"),
        min: bound("min"), max: bound("max") };
      let shown = 0;
      for (const item of items) {
        const fit = fits(item, wanted);
        item.hidden = !fit;
        shown += fit ? 1 : 0;
      }
      const order = orders[field("sort")] || orders.number;
      const sorted = items.slice().sort(order);
      if (sorted.some((item, i) => list.children[i] !== item)) list.append(...sorted);
      count.textContent = count.dataset.template
        .replace("{n}", String(shown)).replace("{total}", String(items.length));
      none.hidden = shown > 0;
    }

    form.addEventListener("input", apply);
    form.addEventListener("change", apply);
    form.addEventListener("submit", (event) => event.preventDefault());
    form.addEventListener("reset", () => setTimeout(apply, 0));  // (after the fields clear)
    apply();  // (a reload keeps what the fields held)
  }

  document.querySelectorAll("article.card-list[data-lang]").forEach(setUp);
})();
