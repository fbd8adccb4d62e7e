// This device's keys for the seats it plays in games played by link (tm/web/page_keys.py
// asks for them; tm/web/linkseals.py puts them on the links it sends; tm/persist/sigs.py
// checks them on the other devices).
//
// One ECDSA P-256 key pair per game and seat, made by WebCrypto the first time the seat
// sends a link. Its private key is made non-extractable and kept in IndexedDB, which stores
// a CryptoKey as such (structured clone) without ever exposing its bytes: the key signs on
// this device and never leaves it, not even to Python. The public key is exported "raw"
// (0x04 | x | y) and the signature is WebCrypto's r | s, the forms sigs.py verifies.
//
// static/boot.mjs imports this module; Python reaches it as globalThis.tmSeatKeys.

const DB_NAME = "tm-keys";
const STORE = "seats";
const ALGORITHM = { name: "ECDSA", namedCurve: "P-256" };
const SIGNING = { name: "ECDSA", hash: "SHA-256" };

const pairs = new Map(); // seat id -> Promise<CryptoKeyPair>: one IndexedDB read per tab

function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function openStore() {
  const opening = indexedDB.open(DB_NAME, 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
  return done(opening);
}

async function readOrMake(id) {
  const db = await openStore();
  try {
    const kept = await done(db.transaction(STORE).objectStore(STORE).get(id));
    if (kept) return kept;
    const made = await crypto.subtle.generateKey(ALGORITHM, false, ["sign", "verify"]);
    try {
      // add, not put: when two tabs make a seat's key at once, the first one stays
      await done(db.transaction(STORE, "readwrite").objectStore(STORE).add(made, id));
      return made;
    } catch {
      const first = await done(db.transaction(STORE).objectStore(STORE).get(id));
      if (first) return first;
      throw new Error("the seat's key could not be kept");
    }
  } finally {
    db.close();
  }
}

function pair(id) {
  if (!pairs.has(id)) {
    const asked = readOrMake(id);
    asked.catch(() => pairs.delete(id)); // a failure is asked again next time
    pairs.set(id, asked);
  }
  return pairs.get(id);
}

/** The public key of a game's seat on this device ("<game id>:<seat>"), made if new. */
export async function publicKey(id) {
  const keys = await pair(id);
  return new Uint8Array(await crypto.subtle.exportKey("raw", keys.publicKey));
}

/** This device's signature of `message` (bytes) by the key of a game's seat. */
export async function sign(id, message) {
  const keys = await pair(id);
  return new Uint8Array(await crypto.subtle.sign(SIGNING, keys.privateKey, message));
}

/** Whether this browser can keep keys at all (WebCrypto needs a secure context). */
export const available = Boolean(globalThis.crypto?.subtle && globalThis.indexedDB);

globalThis.tmSeatKeys = { publicKey, sign, available };
