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
// It also locks and unlocks a sealed seat's move file (below).
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

// ---------------------------------------------------------------- a sealed seat's move file
// (tm/web/seatmove.py): the seat's key signs the hand-over, and the file that carries the
// seat's secret to its new device is locked with a passphrase the player types (never in a
// link): PBKDF2-SHA-256 stretches it, AES-GCM locks the text, its header bound as
// additional data (another game's header, a changed byte: the file does not open).

const MOVE_FORMAT = "tm-seat-move-1";
const ITERATIONS = 600000;
const MAX_ITERATIONS = 5000000; // (a file asking more would stall the page)
const MAX_FILE = 12 << 20; // characters

function toBase64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

function fromBase64(text) {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

async function passKey(passphrase, salt, iterations) {
  const typed = new TextEncoder().encode(passphrase.normalize("NFC"));
  const base = await crypto.subtle.importKey("raw", typed, "PBKDF2", false, ["deriveKey"]);
  return crypto.subtle.deriveKey({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, base,
    { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
}

function header(file) {
  return new TextEncoder().encode(
    [MOVE_FORMAT, file.game, file.iterations, file.salt, file.iv].join("|"));
}

/** The move file of a game's seat ("<game id>:<seat>"): the seat's key signs the
 * hand-over `message` (bytes); the payload and that signature are locked with
 * `passphrase`. Resolves to {file: its text, signature: bytes}. */
export async function moveSeat(id, message, passphrase, payload) {
  const signature = await sign(id, message);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const file = { format: MOVE_FORMAT, game: id.slice(0, id.lastIndexOf(":")),
    iterations: ITERATIONS, salt: toBase64(salt), iv: toBase64(iv) };
  const key = await passKey(passphrase, salt, ITERATIONS);
  const inner = new TextEncoder().encode(JSON.stringify({ payload,
    signature: toBase64(signature) }));
  const locked = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: header(file) },
    key, inner);
  file.data = toBase64(new Uint8Array(locked));
  return { file: JSON.stringify(file), signature };
}

/** A move file's inner text, unlocked with `passphrase`. Rejects with Error("damaged")
 * for a text that is not a move file, Error("passphrase") for a wrong passphrase or a
 * file changed on the way (AES-GCM cannot tell them apart). */
export async function unlockMove(text, passphrase) {
  let file;
  try {
    if (text.length > MAX_FILE) throw new Error("too long");
    file = JSON.parse(text);
    if (file.format !== MOVE_FORMAT || typeof file.game !== "string"
        || !Number.isInteger(file.iterations) || file.iterations < 100000
        || file.iterations > MAX_ITERATIONS || typeof file.data !== "string") {
      throw new Error("not a move file");
    }
    file.saltBytes = fromBase64(file.salt);
    file.ivBytes = fromBase64(file.iv);
    file.dataBytes = fromBase64(file.data);
  } catch {
    throw new Error("damaged");
  }
  const key = await passKey(passphrase, file.saltBytes, file.iterations);
  try {
    const inner = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: file.ivBytes, additionalData: header(file) }, key, file.dataBytes);
    return new TextDecoder().decode(inner);
  } catch {
    throw new Error("passphrase");
  }
}

// ---------------------------------------------------------------- a sealed seat's seed in escrow
// (tm/web/seedescrow.py): the seat's secret seed locked with the player's recovery passphrase,
// posted with the seat's first post so that every device keeps it; a new device invited
// again unlocks it. The salt and the additional data bind it to the game and the seat.

const ESCROW_FORMAT = 1;

function escrowSalt(game, seat, salt) {
  const bound = new TextEncoder().encode(`tm-seed-escrow-${ESCROW_FORMAT}|${game}|${seat}|`);
  const joined = new Uint8Array(bound.length + salt.length);
  joined.set(bound);
  joined.set(salt, bound.length);
  return joined;
}

function escrowData(game, seat, escrow) {
  return new TextEncoder().encode(
    [`tm-seed-escrow-${ESCROW_FORMAT}`, game, seat, escrow.i, escrow.s, escrow.n].join("|"));
}

function fromHex(text) {
  return Uint8Array.from(text.match(/../g) || [], (pair) => parseInt(pair, 16));
}

function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The seat's seed (hex) locked with `passphrase`: the escrow's text. */
export async function lockSeed(seedHex, passphrase, game, seat) {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const escrow = { v: ESCROW_FORMAT, i: ITERATIONS, s: toBase64(salt), n: toBase64(iv) };
  const key = await passKey(passphrase, escrowSalt(game, seat, salt), ITERATIONS);
  const locked = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: escrowData(game, seat, escrow) }, key, fromHex(seedHex));
  escrow.d = toBase64(new Uint8Array(locked));
  return JSON.stringify(escrow);
}

/** The seed (hex) an escrow locks, unlocked with `passphrase`. Rejects with
 * Error("passphrase") for a wrong passphrase or an escrow changed (AES-GCM cannot tell). */
export async function unlockSeed(text, passphrase, game, seat) {
  let escrow;
  try {
    escrow = JSON.parse(text);
    if (escrow.v !== ESCROW_FORMAT || !Number.isInteger(escrow.i) || escrow.i < ITERATIONS
        || escrow.i > MAX_ITERATIONS) throw new Error("not an escrow");
  } catch {
    throw new Error("passphrase");
  }
  try {
    const key = await passKey(passphrase, escrowSalt(game, seat, fromBase64(escrow.s)), escrow.i);
    const seed = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64(escrow.n),
      additionalData: escrowData(game, seat, escrow) }, key, fromBase64(escrow.d));
    return toHex(new Uint8Array(seed));
  } catch {
    throw new Error("passphrase");
  }
}

/** Whether this browser can keep keys at all (WebCrypto needs a secure context). */
export const available = Boolean(globalThis.crypto?.subtle && globalThis.indexedDB);

globalThis.tmSeatKeys = { publicKey, sign, moveSeat, unlockMove, lockSeed, unlockSeed,
  available };
