// Service worker for offline play. scripts/gen_sw.py writes /sw.js from this template,
// filling in VERSION (a hash of everything the site serves) and PRECACHE (the files a
// page load needs). Each deployment therefore gets its own cache; the new worker deletes
// the older caches of ours when it activates.
//
// Fetches: same-origin GETs only. Everything this version precached (the runtime, the
// snapshot, the engine archive, styles) comes from the cache first: the version hashes those
// very files, so a changed file means a new worker and a new cache (scripts/serve.py
// regenerates sw.js as files change, so developers see an edit after one extra reload).
// Other requests and page navigations go to the network first, with the cache as the
// fallback offline; a navigation that fails offline gets the cached index.html.
// The Japanese web font is never precached (only a page in Japanese fetches it, and only
// the slices of the characters it shows): its files are stored as they are fetched, and
// carried over to the next version's cache, so Japanese keeps its glyphs offline.
"use strict";

const VERSION = "__VERSION__";
const PREFIX = "tm-offline-";
const CACHE = PREFIX + VERSION;
const PRECACHE = ["__PRECACHE__"];
const CACHE_FIRST = ["static/vendor/", "static/build/"];
// (scripts/gen_sw.py ON_DEMAND: the font's style sheet, asked of the network first, and
// its files, in a folder named by the font's version: the same bytes in every version.)
const ON_DEMAND = ["static/fonts-ja.css", "static/vendor/noto-sans-jp-"];
const BASE = new URL("./", self.location.href);
const PRECACHED = new Set(PRECACHE.map((path) => new URL(path, BASE).href));

function cacheable(response) {
  return response.status === 200 && response.type === "basic";
}

// A cached redirect cannot answer a navigation: keep the body and headers only.
async function keepable(response) {
  if (!response.redirected) return response;
  return new Response(await response.blob(), {
    status: response.status, statusText: response.statusText, headers: response.headers });
}

async function store(request, response) {
  if (!cacheable(response)) return;
  try {
    const cache = await caches.open(CACHE);
    await cache.put(request, await keepable(response));
  } catch (full) {
    // Out of storage: this copy is not kept; the network still answered.
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(PRECACHE.map(async (path) => {
      // Revalidated (a 304 when unchanged): the runtime's names carry no version, and
      // an HTTP cache must not hand a new deployment the previous runtime.
      const url = new URL(path, BASE);
      const response = await fetch(url, { cache: "no-cache" });
      if (!cacheable(response)) throw new Error(`precache ${path}: ${response.status}`);
      await cache.put(url, await keepable(response));
    }));
    await self.skipWaiting();
  })());
});

// What an older version of ours fetched on demand, copied into this version's cache.
async function carryOver(older) {
  const cache = await caches.open(CACHE);
  for (const name of older) {
    const old = await caches.open(name);
    for (const request of await old.keys()) {
      if (!ON_DEMAND.some((prefix) => request.url.startsWith(BASE.href + prefix))) continue;
      if (await cache.match(request)) continue;
      const response = await old.match(request);
      if (response) await cache.put(request, response);
    }
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    const older = names.filter((name) => name.startsWith(PREFIX) && name !== CACHE);
    try {
      await carryOver(older);
    } catch (full) {
      // Out of storage: the font is fetched again when next shown online.
    }
    await Promise.all(older.map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

// The page gets the response at once; the copy is stored while it reads.
async function cacheFirst(event) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  event.waitUntil(store(request, response.clone()));
  return response;
}

async function networkFirst(event, fallback) {
  const request = event.request;
  let response;
  try {
    response = await fetch(request);
  } catch (offline) {
    const cache = await caches.open(CACHE);
    const hit = (await cache.match(request)) || (fallback && (await fallback(cache, request)));
    if (hit) return hit;
    throw offline;
  }
  event.waitUntil(store(request, response.clone()));
  return response;
}

// Offline, a page of ours with a query is that page (rules.html?lang=de); any other page is
// the game: index.html for a page beside it (a query or a #g= link changes nothing here), a
// redirect to it from deeper paths, where the page's relative links would miss.
async function gamePage(cache, request) {
  if (new URL(request.url).pathname.slice(BASE.pathname.length).includes("/")) {
    return Response.redirect(BASE.href, 302);
  }
  return (await cache.match(request, { ignoreSearch: true }))
    || (await cache.match(BASE.href)) || (await cache.match(new URL("index.html", BASE)));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(BASE.href)) return;
  if (request.mode === "navigate") {
    event.respondWith(networkFirst(event, gamePage));
  } else if (PRECACHED.has(request.url.split("#")[0])
             || CACHE_FIRST.some((prefix) => request.url.startsWith(BASE.href + prefix))) {
    event.respondWith(cacheFirst(event));
  } else {
    event.respondWith(networkFirst(event));
  }
});
