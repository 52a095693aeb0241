import { expect, test } from "vitest";
import { queryFingerprint, withinCap } from "./embedded-data";

test("a query fingerprint is stable for the same body and differs when any part of it differs", () => {
  const body = { datasource: { id: 1, type: "table" }, queries: [{ metrics: ["count"], filters: [] }], force: false };
  expect(queryFingerprint(body)).toBe(queryFingerprint(JSON.parse(JSON.stringify(body))));
  expect(queryFingerprint(body)).not.toBe(queryFingerprint({ ...body, force: true }));
  expect(queryFingerprint(body)).not.toBe(queryFingerprint({ ...body, queries: [{ metrics: ["count"], filters: [{ col: "a", op: "==", val: 1 }] }] }));
  expect(queryFingerprint({ a: "ab" })).not.toBe(queryFingerprint({ a: "ba" }));
});

test("entries are embedded in order while they fit the cap; one too big is skipped, later small ones still fit", () => {
  const entries = [{ id: 1, bytes: 400 }, { id: 2, bytes: 700 }, { id: 3, bytes: 300 }, { id: 4, bytes: 200 }];
  expect(withinCap(entries, 1000).map((e) => e.id)).toEqual([1, 3, 4]);
  expect(withinCap(entries, 1100).map((e) => e.id)).toEqual([1, 2]);
  expect(withinCap(entries, 0)).toEqual([]);
});
