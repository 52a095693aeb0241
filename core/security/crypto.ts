// WebCrypto helpers shared by sessions, tokens, password hashing and at-rest encryption.
// Works the same in workerd, Node and the browser.

const enc = new TextEncoder();
const dec = new TextDecoder();

export function toBase64Url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** Constant-time comparison of two strings of any length. */
export function safeEqual(a: string, b: string): boolean {
  const ab = enc.encode(a);
  const bb = enc.encode(b);
  let diff = ab.length ^ bb.length;
  for (let i = 0; i < Math.max(ab.length, bb.length); i++) diff |= (ab[i] ?? 0) ^ (bb[i] ?? 0);
  return diff === 0;
}

const hmacKeys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string, purpose: string): Promise<CryptoKey> {
  const id = `${purpose}\u0000${secret}`;
  let key = hmacKeys.get(id);
  if (!key) {
    key = crypto.subtle.importKey("raw", enc.encode(`${purpose}:${secret}`), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    hmacKeys.set(id, key);
  }
  return key;
}

const jwtKeys = new Map<string, Promise<CryptoKey>>();

/**
 * The HS256 key for access and refresh tokens (the same bytes hono/jwt imports from the secret string), imported
 * once per isolate: handed to hono's sign/verify, it skips an importKey on every authenticated request.
 */
export function jwtKey(secret: string): Promise<CryptoKey> {
  let key = jwtKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    jwtKeys.set(secret, key);
  }
  return key;
}

export async function hmac(secret: string, purpose: string, message: string): Promise<string> {
  const sig = await crypto.subtle.sign("HMAC", await hmacKey(secret, purpose), enc.encode(message));
  return toBase64Url(new Uint8Array(sig));
}

/** Signs a JSON payload as `base64url(payload).signature`; `purpose` separates keys for different uses. */
export async function signPayload(secret: string, purpose: string, payload: unknown): Promise<string> {
  const body = toBase64Url(enc.encode(JSON.stringify(payload)));
  return `${body}.${await hmac(secret, purpose, body)}`;
}

export async function verifyPayload<T>(secret: string, purpose: string, token: string | undefined | null): Promise<T | null> {
  if (!token || token.length > 4096) return null;
  const dot = token.indexOf(".");
  if (dot <= 0) return null;
  const body = token.slice(0, dot);
  const expected = await hmac(secret, purpose, body);
  if (!safeEqual(expected, token.slice(dot + 1))) return null;
  try {
    return JSON.parse(dec.decode(fromBase64Url(body))) as T;
  } catch {
    return null;
  }
}

// AES-GCM for secrets at rest (database passwords). The key is derived from SECRET_KEY, once per isolate:
// every query on a database with a password decrypts it.
const aesKeys = new Map<string, Promise<CryptoKey>>();

function aesKey(secret: string): Promise<CryptoKey> {
  let key = aesKeys.get(secret);
  if (!key) {
    key = crypto.subtle
      .digest("SHA-256", enc.encode(`at-rest:${secret}`))
      .then((digest) => crypto.subtle.importKey("raw", digest, "AES-GCM", false, ["encrypt", "decrypt"]));
    aesKeys.set(secret, key);
  }
  return key;
}

export async function encryptSecret(secret: string, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await aesKey(secret), enc.encode(plaintext));
  return `${toBase64Url(iv)}.${toBase64Url(new Uint8Array(ct))}`;
}

export async function decryptSecret(secret: string, sealed: string): Promise<string> {
  const [iv, ct] = sealed.split(".");
  const pt = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64Url(iv) }, await aesKey(secret), fromBase64Url(ct));
  return dec.decode(pt);
}
