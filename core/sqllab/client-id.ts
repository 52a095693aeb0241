import { badRequest } from "../http/errors";

// Query ids are the browser's random 11-character strings; the query table keeps them unique.
const CLIENT_ID = /^[A-Za-z0-9_-]{1,11}$/;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

export function isClientId(value: unknown): value is string {
  return typeof value === "string" && CLIENT_ID.test(value);
}

/** The given id when valid; a fresh one when absent (as Superset does for API callers); 400 when malformed. */
export function clientIdOrNew(value: unknown, random: (n: number) => Uint8Array): string {
  if (value === null || value === undefined || value === "") return newClientId(random);
  if (!isClientId(value)) throw badRequest("client_id must be 1 to 11 letters, digits, '_' or '-'");
  return value;
}

export function newClientId(random: (n: number) => Uint8Array): string {
  return [...random(11)].map((b) => ALPHABET[b % ALPHABET.length]).join("");
}
