import { expect, test } from "vitest";
import { VerifiedCache } from "./verified-cache";

const counted = () => {
  let calls = 0;
  const verify = (value: string | null, expiresAt: number | null = null) => async () => {
    calls++;
    return value === null ? null : { value, expiresAt };
  };
  return { verify, calls: () => calls };
};

test("a token is verified once, then served until its own expiry", async () => {
  const cache = new VerifiedCache<string>(10, 60_000);
  const v = counted();
  expect(await cache.get("t", "s", 1_000, v.verify("alice", 5_000))).toBe("alice");
  expect(await cache.get("t", "s", 4_999, v.verify("alice", 5_000))).toBe("alice");
  expect(v.calls()).toBe(1);
  // at its expiry it is checked again (and the check decides: an expired token no longer verifies)
  expect(await cache.get("t", "s", 5_000, v.verify(null))).toBeNull();
  expect(v.calls()).toBe(2);
});

test("at most maxAge without an expiry; another secret checks again; failures are never kept", async () => {
  const cache = new VerifiedCache<string>(10, 60_000);
  const v = counted();
  await cache.get("t", "s", 0, v.verify("alice"));
  await cache.get("t", "s", 59_999, v.verify("alice"));
  expect(v.calls()).toBe(1);
  await cache.get("t", "s", 60_000, v.verify("alice"));
  expect(v.calls()).toBe(2);
  expect(await cache.get("t", "rotated", 60_001, v.verify(null))).toBeNull();
  expect(v.calls()).toBe(3);
  await cache.get("forged", "s", 0, v.verify(null));
  await cache.get("forged", "s", 0, v.verify(null));
  expect(v.calls()).toBe(5);
  expect(cache.size).toBe(0);
});

test("past maxEntries the oldest token goes", async () => {
  const cache = new VerifiedCache<string>(2, 60_000);
  const v = counted();
  for (const t of ["a", "b", "c"]) await cache.get(t, "s", 0, v.verify(t));
  expect(cache.size).toBe(2);
  await cache.get("a", "s", 0, v.verify("a"));
  expect(v.calls()).toBe(4);
});
