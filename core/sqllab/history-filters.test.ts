import { expect, test } from "vitest";
import {
  durationText, historyFiltersFromParams, historyFiltersToParams, historyListQuery, startTimeBounds, startTimeText, type HistoryFilters,
} from "./history-filters";

const base: HistoryFilters = { database: null, status: null, user: null, range: null, from: null, to: null, search: "", page: 1 };
const NOW = Date.parse("2026-03-10T12:00:00Z");

test("URL parameters are read with bad values dropped, and written back without defaults", () => {
  const f = historyFiltersFromParams(new URLSearchParams("database=3&status=success&user=x&range=week&from=2026-13-45&search=%20select%20&page=2"));
  expect(f).toEqual({ ...base, database: 3, status: "success", range: "week", search: "select", page: 2 });
  expect(historyFiltersFromParams(new URLSearchParams("status=exploded&range=decade&page=-1"))).toEqual(base);
  expect(historyFiltersToParams(f).toString()).toBe("database=3&status=success&range=week&search=select&page=2");
  expect(historyFiltersToParams(base).toString()).toBe("");
});

test("a preset time range counts back from now; custom days win and include the last day", () => {
  expect(startTimeBounds({ ...base, range: "day" }, NOW)).toEqual({ after: NOW - 86_400_000, before: null });
  expect(startTimeBounds({ ...base, range: "day", from: "2026-03-01", to: "2026-03-02" }, NOW)).toEqual({
    after: Date.parse("2026-03-01T00:00:00Z"),
    before: Date.parse("2026-03-03T00:00:00Z"),
  });
  expect(startTimeBounds(base, NOW)).toEqual({ after: null, before: null });
});

test("the list query carries one filter per chosen field, newest first, zero-based page", () => {
  const q = historyListQuery({ ...base, database: 2, status: "failed", user: 5, range: "week", search: "birth", page: 3 }, NOW, 10);
  expect(q).toEqual({
    filters: [
      { col: "database", opr: "rel_o_m", value: 2 },
      { col: "status", opr: "eq", value: "failed" },
      { col: "user", opr: "rel_o_m", value: 5 },
      { col: "start_time", opr: "ge", value: NOW - 7 * 86_400_000 },
      { col: "sql", opr: "ct", value: "birth" },
    ],
    order_column: "start_time",
    order_direction: "desc",
    page: 2,
    page_size: 10,
  });
  expect(historyListQuery(base, NOW).filters).toEqual([]);
});

test("durations read HH:MM:SS.mmm and stay empty until the run has ended", () => {
  expect(durationText(1000, 1000 + 3_723_045)).toBe("01:02:03.045");
  expect(durationText(1000, null)).toBe("");
  expect(durationText(2000, 1000)).toBe("");
  expect(startTimeText(Date.parse("2026-01-02T03:04:05.678Z"))).toBe("2026-01-02 03:04:05");
  expect(startTimeText(null)).toBe("");
});

test("a range named like an inherited property is no range", () => {
  expect(historyFiltersFromParams(new URLSearchParams("range=constructor")).range).toBeNull();
  expect(historyFiltersFromParams(new URLSearchParams("range=toString")).range).toBeNull();
});
