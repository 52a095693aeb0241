import { expect, test } from "vitest";
import type { PivotTableModel } from "../charts/contract";
import { pivotedTable, postProcessedResult } from "./pivoted-csv";

const model: PivotTableModel = {
  kind: "pivot_table", rowDims: ["gender"], colDims: ["state"], metrics: ["sum", "avg"], metricsLayout: "COLUMNS",
  labels: { rowDims: ["gender"], colDims: ["state"], metrics: ["sum", "avg"] },
  rowKeys: [["boy"], ["girl"]], colKeys: [["CA"], ["NY"]],
  values: [[[1, 10], [2, 20]], [[3, 30], [null, 40]]], formatted: [],
  totalValues: { rows: [[3, 30], [3, 70]], cols: [[4, 40], [2, 60]], grand: [6, 100], label: "Total (Sum)" },
};

test("metrics across the columns: '<metric> <column key>' columns, a totals column per metric and a totals row", () => {
  expect(pivotedTable(model, { rows: true, cols: true })).toEqual({
    header: ["", "sum CA", "sum NY", "sum Total (Sum)", "avg CA", "avg NY", "avg Total (Sum)"],
    rows: [["boy", 1, 2, 3, 10, 20, 30], ["girl", 3, null, 3, 30, 40, 70], ["Total (Sum)", 4, 2, 6, 40, 60, 100]],
  });
  expect(pivotedTable(model, { rows: false, cols: false }).rows).toEqual([["boy", 1, 2, 10, 20], ["girl", 3, null, 30, 40]]);
});

test("metrics down the rows: a row per row key and metric", () => {
  expect(pivotedTable({ ...model, metricsLayout: "ROWS" }, { rows: true, cols: true })).toEqual({
    header: ["", "CA", "NY", "Total (Sum)"],
    rows: [["boy sum", 1, 2, 3], ["boy avg", 10, 20, 30], ["girl sum", 3, null, 3], ["girl avg", 30, 40, 70], ["Total (Sum) sum", 4, 2, 6], ["Total (Sum) avg", 40, 60, 100]],
  });
});

test("post_processed pivots a pivot table's rows by its form data and leaves other charts' rows alone", () => {
  const result = { colnames: ["gender", "state", "n"], coltypes: [1, 1, 0], data: [{ gender: "boy", state: "CA", n: 5 }, { gender: "girl", state: "CA", n: 7 }, { gender: "boy", state: "NY", n: 1 }] };
  const pivoted = postProcessedResult({ viz_type: "pivot_table_v2", groupbyRows: ["gender"], groupbyColumns: ["state"], metrics: ["n"], colTotals: true }, result);
  expect(pivoted.colnames).toEqual(["", "n CA", "n NY"]);
  expect(pivoted.data).toEqual([{ "": "boy", "n CA": 5, "n NY": 1 }, { "": "girl", "n CA": 7, "n NY": null }, { "": "Total (Sum)", "n CA": 12, "n NY": 1 }]);
  expect(postProcessedResult({ viz_type: "table" }, result)).toBe(result);
});
