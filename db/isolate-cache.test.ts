import { expect, test } from "vitest";
import { IsolateCache } from "./isolate-cache";

test("a settled read is shared until it expires; a failed one is not remembered", async () => {
  const cache = new IsolateCache<string, number>(60_000, 10);
  let reads = 0;
  const load = async () => ++reads;
  expect(await cache.get("a", load)).toBe(1);
  expect(await cache.get("a", load)).toBe(1);
  await expect(cache.get("b", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
  expect(await cache.get("b", load)).toBe(2);
  await expect(new IsolateCache<string, number>(0, 10).get("a", load)).resolves.toBe(3);
});

test("concurrent misses each read (no promise is shared between requests); the entry then serves both", async () => {
  const cache = new IsolateCache<string, string>(60_000, 10);
  let reads = 0;
  const load = async () => `v${++reads}`;
  const [x, y] = await Promise.all([cache.get("k", load), cache.get("k", load)]);
  expect([x, y]).toEqual(["v1", "v2"]);
  expect(await cache.get("k", load)).toMatch(/^v[12]$/);
  expect(reads).toBe(2);
});

test("a read that started before a forget does not store what it read", async () => {
  const cache = new IsolateCache<string, string>(60_000, 10);
  let release!: (v: string) => void;
  const slow = cache.get("k", () => new Promise<string>((r) => (release = r)));
  cache.forget((key) => key === "k");
  release("stale");
  expect(await slow).toBe("stale");
  expect(await cache.get("k", async () => "fresh")).toBe("fresh");
});

test("past the cap the oldest entry goes", async () => {
  const cache = new IsolateCache<number, number>(60_000, 2);
  for (const k of [1, 2, 3]) await cache.get(k, async () => k);
  let reread = false;
  await cache.get(1, async () => ((reread = true), 1));
  expect(reread).toBe(true);
});
