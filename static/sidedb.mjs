// PyScript's side databases (IDBMap: its folder mounts, polyscript's package cache), opened
// at every start though this page uses neither: answered from memory, the real database
// opened only for a write or when an earlier visit wrote one (README, "The page").

const SIDE_DATABASE = /^IDBMap\//;
const STORE = "entries"; // IDBMap's one object store

// A request that succeeds once IDBMap has set its handlers (right after the call).
function answered(result) {
  const request = Object.assign(new EventTarget(), {
    result, error: null, readyState: "pending", onsuccess: null, onerror: null });
  queueMicrotask(() => {
    request.readyState = "done";
    if (request.onsuccess) request.onsuccess({ type: "success", target: request });
  });
  return request;
}

// The real database, opened at the first write and written through from then on.
function writeThrough(open, name) {
  let database = null;
  return (change) => {
    database ??= new Promise((resolve, reject) => {
      const request = open(name);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    database.then((opened) => change(opened.transaction(STORE, "readwrite").objectStore(STORE)))
      .catch((error) => console.warn(`${name}: not stored`, error));
  };
}

// What IDBMap asks of a database: one transaction kind, one store, these requests.
function memoryDatabase(open, name) {
  const entries = new Map();
  const write = writeThrough(open, name);
  const store = {
    count: () => answered(entries.size),
    get: (key) => answered(entries.get(key)),
    getKey: (key) => answered(entries.has(key) ? key : undefined),
    getAllKeys: () => answered([...entries.keys()]),
    put(value, key) {
      entries.set(key, value);
      write((real) => real.put(value, key));
      return answered(key);
    },
    delete(key) {
      if (entries.delete(key)) write((real) => real.delete(key));
      return answered(undefined);
    },
    clear() {
      if (entries.size) write((real) => real.clear());
      entries.clear();
      return answered(undefined);
    },
  };
  return {
    name,
    objectStoreNames: { length: 1, contains: (wanted) => wanted === STORE },
    transaction: () => ({ objectStore: () => store }),
    close() {},
  };
}

// Whether ``name`` was stored on an earlier visit (when the browser cannot tell: yes).
function stored(name) {
  if (typeof indexedDB.databases !== "function") return Promise.resolve(true);
  return indexedDB.databases().then((known) => known.some((db) => db.name === name), () => true);
}

function openedWhenUsed(open) {
  return function sideOpen(name, ...rest) {
    if (typeof name !== "string" || !SIDE_DATABASE.test(name)) return open(name, ...rest);
    const request = Object.assign(new EventTarget(), {
      result: undefined, error: null, readyState: "pending",
      onsuccess: null, onerror: null, onupgradeneeded: null, onblocked: null });
    stored(name).then((found) => {
      if (found) { // written on an earlier visit: the real one, its events passed on
        const real = open(name, ...rest);
        for (const type of ["success", "error", "upgradeneeded", "blocked"]) {
          real[`on${type}`] = (event) => {
            Object.assign(request, { result: real.result, error: real.error, readyState: "done" });
            const handler = request[`on${type}`];
            if (handler) handler.call(real, event);
          };
        }
        return;
      }
      Object.assign(request, { result: memoryDatabase(open, name), readyState: "done" });
      if (request.onsuccess) request.onsuccess({ type: "success", target: request });
    });
    return request;
  };
}

if (typeof indexedDB !== "undefined") {
  indexedDB.open = openedWhenUsed(IDBFactory.prototype.open.bind(indexedDB));
}
