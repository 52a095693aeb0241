import { expect, test } from "vitest";
import { compareIds, formatEventId, isAfter, nextEventId, parseLastId, readFrom, retentionCutoff, ZERO_ID } from "./async-events";

test("ids are '<ms>-<seq>' and parse back", () => {
  expect(formatEventId({ ms: 1700000000000, seq: 3 })).toBe("1700000000000-3");
  expect(parseLastId("1700000000000-3")).toEqual({ ms: 1700000000000, seq: 3 });
  expect(parseLastId("1700000000000")).toEqual({ ms: 1700000000000, seq: 0 });
  expect(parseLastId(undefined)).toEqual(ZERO_ID);
  expect(parseLastId("")).toEqual(ZERO_ID);
  expect(parseLastId("0")).toEqual(ZERO_ID);
});

test("a malformed last_id is a 400, not a silent replay", () => {
  for (const bad of ["abc", "1-2-3", "-1", "1-", "$", "1".repeat(40)]) {
    expect(() => parseLastId(bad)).toThrowError(/Invalid last_id/);
  }
});

test("next ids never go backwards, even when the clock does", () => {
  const a = nextEventId(1000, null);
  const b = nextEventId(900, a); // clock stepped back
  const c = nextEventId(2000, b);
  expect([a, b, c]).toEqual([{ ms: 1000, seq: 1 }, { ms: 1000, seq: 2 }, { ms: 2000, seq: 3 }]);
  expect(compareIds(a, b)).toBeLessThan(0);
  expect(compareIds(c, b)).toBeGreaterThan(0);
});

test("after(lastId) is Redis's (ms, seq) order", () => {
  const ids = [{ ms: 10, seq: 1 }, { ms: 10, seq: 2 }, { ms: 20, seq: 3 }];
  expect(ids.filter((id) => isAfter(id, { ms: 10, seq: 1 }))).toEqual(ids.slice(1));
  expect(ids.filter((id) => isAfter(id, { ms: 10, seq: 0 }))).toEqual(ids);
  expect(ids.filter((id) => isAfter(id, { ms: 20, seq: 3 }))).toEqual([]);
});

test("a last_id ahead of the newest id replays everything kept (the channel was reset)", () => {
  expect(readFrom({ ms: 5, seq: 99 }, { ms: 5, seq: 3 })).toEqual(ZERO_ID);
  expect(readFrom({ ms: 5, seq: 2 }, { ms: 5, seq: 3 })).toEqual({ ms: 5, seq: 2 });
  expect(readFrom({ ms: 5, seq: 2 }, null)).toEqual(ZERO_ID);
});

test("retention keeps the newest 1000 events of the last day", () => {
  const now = 100 * 86_400_000;
  expect(retentionCutoff(now, { ms: now, seq: 1500 })).toEqual({ minSeq: 501, minMs: now - 86_400_000 });
  expect(retentionCutoff(now, { ms: now, seq: 10 }, { maxEvents: 5, maxAgeMs: 1000 })).toEqual({ minSeq: 6, minMs: now - 1000 });
});
