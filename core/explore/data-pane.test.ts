import { expect, test } from "vitest";
import type { QueryContextBody } from "../charts/contract";
import { cellText, columnsOf, rowsAsText, searchRows, temporalColumns, withResult } from "./data-pane";

const body: QueryContextBody = {
  datasource: { id: 3, type: "table" }, force: false, form_data: { viz_type: "pie" }, result_format: "json", result_type: "full",
  queries: [{ columns: ["gender"], metrics: ["count"] }, { columns: [], metrics: ["count"] }],
};
const rows = [
  { ds: Date.UTC(2000, 0, 1), state: "CA", num: 12, name: null },
  { ds: Date.UTC(2001, 5, 2, 10, 30), state: "NY", num: 7, name: "Amy\tB" },
];

test("the chart's own query asks for results, SQL or a file", () => {
  expect(withResult(body, "query")).toEqual({ ...body, queries: [body.queries[0]], result_type: "query", result_format: "json" });
  expect(withResult(body, "full", "csv")).toMatchObject({ result_type: "full", result_format: "csv", queries: [{ columns: ["gender"] }] });
});

test("cells: N/A for null, dates from epoch milliseconds, objects as JSON", () => {
  expect(cellText(null)).toBe("N/A");
  expect(cellText(Date.UTC(2000, 0, 1), true)).toBe("2000-01-01");
  expect(cellText(Date.UTC(2001, 5, 2, 10, 30), true)).toBe("2001-06-02 10:30:00");
  expect(cellText(Date.UTC(2000, 0, 1))).toBe("946684800000");
  expect(cellText({ a: 1 })).toBe('{"a":1}');
});

test("search keeps rows with a matching cell, as shown", () => {
  const temporal = new Set(["ds"]);
  expect(searchRows(rows, ["ds", "state", "num", "name"], "ny", temporal)).toEqual([rows[1]]);
  expect(searchRows(rows, ["ds", "state", "num", "name"], "2000-01", temporal)).toEqual([rows[0]]);
  expect(searchRows(rows, ["ds", "state"], "  ", temporal)).toBe(rows);
  expect(searchRows(rows, ["state"], "n/a")).toEqual([]);
});

test("copy: a header line and tab-separated rows, tabs inside cells flattened", () => {
  expect(rowsAsText(rows, ["ds", "state", "name"], new Set(["ds"]))).toBe("ds\tstate\tname\n2000-01-01\tCA\tN/A\n2001-06-02 10:30:00\tNY\tAmy B\n");
});

test("columns and temporal columns of an answer", () => {
  expect(columnsOf({ data: rows })).toEqual(["ds", "state", "num", "name"]);
  expect(columnsOf({ colnames: ["state"], data: rows })).toEqual(["state"]);
  expect([...temporalColumns({ colnames: ["ds", "state"], coltypes: [2, 1] })]).toEqual(["ds"]);
});
