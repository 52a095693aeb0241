import { expect, test } from "vitest";
import { FRONT_MAX_AGE_MS, FRONT_MAX_BODY_CHARS, asCachedResults, frontExpiry, frontFresh, frontKey, frontRequest, rangesHold, type RangeUse, type ResolveRange } from "./front-cache";
import { resolveTimeRange } from "../time-range/resolve";

const resolve: ResolveRange = (use, now) => resolveTimeRange(use.range, { now, relativeStart: use.relativeStart, relativeEnd: use.relativeEnd, timeShift: use.timeShift });
const used = (range: string, at: Date, extra: Partial<RangeUse> = {}): RangeUse => {
  const b = resolve({ range, since: null, until: null, ...extra }, at);
  return { range, ...extra, since: b.since?.getTime() ?? null, until: b.until?.getTime() ?? null };
};

test("the key tells callers, roles, query strings and bodies apart; role order does not matter", () => {
  const body = '{"datasource":{"id":1,"type":"table"}}';
  const alice = frontKey(body, "", { id: 1, roles: ["Gamma", "sales"] });
  expect(frontKey(body, "", { id: 1, roles: ["sales", "Gamma"] })).toBe(alice);
  expect(frontKey(body, "", { id: 2, roles: ["Gamma", "sales"] })).not.toBe(alice);
  expect(frontKey(body, "", { id: 1, roles: ["Gamma"] })).not.toBe(alice);
  expect(frontKey(body, "dashboard_id=3", { id: 1, roles: ["Gamma", "sales"] })).not.toBe(alice);
  expect(frontKey(`${body} `, "", { id: 1, roles: ["Gamma", "sales"] })).not.toBe(alice);
  // an anonymous viewer (id 0) never shares a key with a user whose id is 0 in a made-up principal
  expect(frontKey(body, "", { id: 0, roles: ["Public"], anonymous: true })).not.toBe(frontKey(body, "", { id: 0, roles: ["Public"] }));
  // a separator inside a role name cannot make two callers' keys meet
  expect(frontKey(body, "", { id: 1, roles: ["a", "b"] })).not.toBe(frontKey(body, "", { id: 1, roles: ["a\u0001b"] }));
  expect(frontKey(body, "", { id: 1, roles: ["a", "b"] })).not.toBe(frontKey(body, "", { id: 1, roles: ['a","b'] }));
  expect(frontKey("x".repeat(FRONT_MAX_BODY_CHARS + 1), "", { id: 1, roles: [] })).toBeNull();
});

test("a forced request names the same answer as the plain one, so its fresh answer replaces the kept one", () => {
  const alice = { id: 1, roles: ["Gamma"] };
  const plain = frontRequest('{"datasource":{"id":1},"force":false,"queries":[{}]}', "dashboard_id=2", alice)!;
  expect(plain.forced).toBe(false);
  const forcedInBody = frontRequest('{"datasource":{"id":1},"force":true,"queries":[{}]}', "dashboard_id=2", alice)!;
  const forcedInSearch = frontRequest('{"datasource":{"id":1},"force":false,"queries":[{}]}', "force=true&dashboard_id=2", alice)!;
  expect([forcedInBody, forcedInSearch]).toEqual([{ key: plain.key, forced: true }, { key: plain.key, forced: true }]);
  // nothing else is left out: another query string, another body, another caller is another answer
  expect(frontRequest('{"datasource":{"id":1},"force":false,"queries":[{}]}', "dashboard_id=3", alice)!.key).not.toBe(plain.key);
  expect(frontRequest('{"datasource":{"id":2},"force":false,"queries":[{}]}', "dashboard_id=2", alice)!.key).not.toBe(plain.key);
  expect(frontRequest('{"datasource":{"id":1},"force":false,"queries":[{}]}', "dashboard_id=2", { id: 2, roles: ["Gamma"] })!.key).not.toBe(plain.key);
  // a body that is no JSON object is not kept (the route refuses it)
  expect(frontRequest("[1]", "", alice)).toBeNull();
  expect(frontRequest("{", "", alice)).toBeNull();
  expect(frontRequest(`{"a":"${"x".repeat(FRONT_MAX_BODY_CHARS)}"}`, "", alice)).toBeNull();
});

test("expiry: the shortest cache timeout, at most the front bound; failed or uncached results are not kept", () => {
  const ok = (cache_timeout: number) => ({ status: "success", cache_timeout });
  expect(frontExpiry([ok(30), ok(86_400)], 1_000)).toBe(31_000);
  expect(frontExpiry([ok(86_400)], 1_000)).toBe(1_000 + FRONT_MAX_AGE_MS);
  expect(frontExpiry([ok(30), ok(0)], 1_000)).toBeNull();
  expect(frontExpiry([ok(-1)], 1_000)).toBeNull();
  expect(frontExpiry([{ status: "failed", cache_timeout: 30 }], 1_000)).toBeNull();
  expect(frontExpiry([], 1_000)).toBeNull();
});

test("a fresh result is kept as a cached read answers it; a cached one is kept as it was", () => {
  const fresh = { status: "success", cache_timeout: 60, is_cached: false, cached_dttm: null, data: [1] };
  const hit = { status: "success", cache_timeout: 60, is_cached: true, cached_dttm: "2026-01-01T00:00:00" };
  expect(asCachedResults([fresh, hit], "2026-11-27T08:00:00")).toEqual([{ ...fresh, is_cached: true, cached_dttm: "2026-11-27T08:00:00" }, hit]);
});

test("'Last week' holds until midnight UTC and rolls over after it; 'No filter' and fixed ranges always hold", () => {
  const evening = new Date("2026-11-24T23:59:59Z");
  const uses = [used("Last week", evening), used("No filter", evening), used("2024-01-01 : 2024-02-01", evening)];
  expect(rangesHold(uses, new Date("2026-11-24T00:00:00Z"), resolve)).toBe(true);
  expect(rangesHold(uses, evening, resolve)).toBe(true);
  expect(rangesHold(uses, new Date("2026-11-25T00:00:00Z"), resolve)).toBe(false);
  expect(rangesHold(uses.slice(1), new Date("2030-01-01T00:00:00Z"), resolve)).toBe(true);
});

test("ranges relative to now roll over with the clock; a shifted range is re-resolved with its shift", () => {
  const at = new Date("2026-11-24T10:00:00Z");
  const nowRange = used("DATEADD(DATETIME(\"now\"), -1, hour) : now", at);
  expect(rangesHold([nowRange], at, resolve)).toBe(true);
  expect(rangesHold([nowRange], new Date(at.getTime() + 1000), resolve)).toBe(false);
  const shifted = used("Last week", at, { timeShift: "1 week ago" });
  expect(shifted.since).toBe(Date.parse("2026-11-10T00:00:00Z"));
  expect(rangesHold([shifted], new Date("2026-11-24T23:00:00Z"), resolve)).toBe(true);
  expect(rangesHold([{ ...shifted, timeShift: null }], at, resolve)).toBe(false);
  // a range that no longer resolves (it threw) never holds
  expect(rangesHold([{ range: "garbage :: ::", since: null, until: null }], at, resolve)).toBe(false);
});

test("fresh only while unexpired, with the same dataset stamp and unmoved ranges", () => {
  const at = new Date("2026-11-24T10:00:00Z");
  const entry = { expires: at.getTime() + 60_000, stamp: "v1", ranges: [used("Last week", at)] };
  expect(frontFresh(entry, at, "v1", resolve)).toBe(true);
  expect(frontFresh(entry, at, "v2", resolve)).toBe(false);
  expect(frontFresh(entry, new Date(at.getTime() + 60_000), "v1", resolve)).toBe(false);
  expect(frontFresh({ ...entry, expires: Date.parse("2026-11-26T00:00:00Z") }, new Date("2026-11-25T00:00:01Z"), "v1", resolve)).toBe(false);
});
