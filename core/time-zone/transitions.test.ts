import { expect, test } from "vitest";
import { offsetIn, offsetSecondsAt, zoneOffsets } from "./transitions";

// Transition instants worked out by hand from the zones' rules:
// - America/Chicago 2024: clocks go forward at 02:00 CST on Sunday 10 March (08:00 UTC) and back at 02:00 CDT on
//   Sunday 3 November (07:00 UTC); CST is UTC−6 (−21600 s), CDT UTC−5 (−18000 s).
// - Europe/Berlin 2024: the EU changes at 01:00 UTC on the last Sundays of March (31st) and October (27th);
//   CET +3600 s, CEST +7200 s.
// - Asia/Kolkata: UTC+5:30 (19800 s) all year, no daylight saving since 1945.
const s = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h, min) / 1000;

test("offsets at instants either side of a transition", () => {
  expect(offsetSecondsAt(s(2024, 3, 10, 7, 59), "America/Chicago")).toBe(-21600);
  expect(offsetSecondsAt(s(2024, 3, 10, 8, 0), "America/Chicago")).toBe(-18000);
  expect(offsetSecondsAt(s(2024, 6, 1), "Asia/Kolkata")).toBe(19800);
  expect(offsetSecondsAt(s(2024, 6, 1), "Europe/Berlin")).toBe(7200);
  expect(offsetSecondsAt(s(2024, 6, 1), "UTC")).toBe(0);
});

test("America/Chicago 2024: both transitions, to the second", () => {
  const year = zoneOffsets("America/Chicago", s(2024, 1, 1), s(2025, 1, 1));
  expect(year).toEqual({
    initial: -21600,
    transitions: [{ at: s(2024, 3, 10, 8), offset: -18000 }, { at: s(2024, 11, 3, 7), offset: -21600 }],
  });
  // the hour skipped and the hour repeated, read through the window
  expect(offsetIn(year, s(2024, 3, 10, 8) - 1)).toBe(-21600);
  expect(offsetIn(year, s(2024, 3, 10, 8))).toBe(-18000);
  expect(offsetIn(year, s(2024, 11, 3, 6, 30))).toBe(-18000); // 01:30 CDT
  expect(offsetIn(year, s(2024, 11, 3, 7, 30))).toBe(-21600); // 01:30 CST, the same wall reading an hour later
});

test("Europe/Berlin 2024 and a window that holds only part of a year", () => {
  expect(zoneOffsets("Europe/Berlin", s(2024, 1, 1), s(2025, 1, 1)).transitions).toEqual([{ at: s(2024, 3, 31, 1), offset: 7200 }, { at: s(2024, 10, 27, 1), offset: 3600 }]);
  // "Last week" around the spring change: one transition; a summer week: none, the summer offset throughout
  expect(zoneOffsets("Europe/Berlin", s(2024, 3, 28), s(2024, 4, 4))).toEqual({ initial: 3600, transitions: [{ at: s(2024, 3, 31, 1), offset: 7200 }] });
  expect(zoneOffsets("Europe/Berlin", s(2024, 7, 1), s(2024, 7, 8))).toEqual({ initial: 7200, transitions: [] });
});

test("Asia/Kolkata has no transitions over decades; spans over years gather every year's", () => {
  expect(zoneOffsets("Asia/Kolkata", s(1970, 1, 1), s(2030, 1, 1))).toEqual({ initial: 19800, transitions: [] });
  const chicago = zoneOffsets("America/Chicago", s(2020, 1, 1), s(2025, 1, 1));
  expect(chicago.transitions).toHaveLength(10);
  // 2020's spring change under the same rule: second Sunday of March, 8 March 2020 08:00 UTC
  expect(chicago.transitions[0]).toEqual({ at: s(2020, 3, 8, 8), offset: -18000 });
});
