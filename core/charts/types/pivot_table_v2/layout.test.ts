import { expect, test } from "vitest";
import type { PivotTableModel } from "../../contract";
import { headerCells, pivotCellText, pivotLayout } from "./layout";

const texts = (cells: { text: string; span: number; depth: number }[]) => cells.map((c) => `${c.text}/${c.span}x${c.depth}`);

test("neighbouring headers merge only under the same parent; a null is covered by the cell above", () => {
  const levels = headerCells([["boy", "CA"], ["boy", "NY"], ["girl", "NY"], ["girl", "TX"], ["Total", null]], 2);
  expect(texts(levels[0])).toEqual(["boy/2x1", "girl/2x1", "Total/1x2"]);
  expect(texts(levels[1])).toEqual(["CA/1x1", "NY/1x1", "NY/1x1", "TX/1x1"]);
  // the same value under different parents stays two cells
  expect(headerCells([["a", "x"], ["b", "x"]], 2)[1].map((c) => c.span)).toEqual([1, 1]);
});

function model(over: Partial<PivotTableModel>): PivotTableModel {
  return {
    kind: "pivot_table", rowDims: ["gender", "state"], colDims: ["year"], metrics: ["count", "sum__num"], metricsLayout: "COLUMNS",
    labels: { rowDims: ["Gender", "State"], colDims: ["Year"], metrics: ["COUNT(*)", "Births"] },
    rowKeys: [["boy", "CA"], ["boy", "NY"], ["girl", "CA"]], colKeys: [["2000"], ["2001"]],
    values: [], formatted: [[["1", "10"], ["2", "20"]], [["3", "30"], ["4", "40"]], [["5", "50"], ["6", "60"]]],
    totalValues: { rows: [], cols: [], grand: [], label: "Total (Sum)" },
    ...over,
  };
}

test("metrics across the columns: a header row per column dimension, then the metrics; a row header column per row dimension", () => {
  const m = model({ rowTotals: [["3", "30"], ["7", "70"], ["11", "110"]], colTotals: [["9", "90"], ["12", "120"]], grandTotals: ["21", "210"] });
  const { rows, columns } = pivotLayout(m);
  expect(columns.levelNames).toEqual(["Year", "Metric"]);
  expect(texts(columns.levels[0])).toEqual(["2000/2x1", "2001/2x1", "Total (Sum)/2x1"]);
  expect(texts(columns.levels[1])).toEqual(["COUNT(*)/1x1", "Births/1x1", "COUNT(*)/1x1", "Births/1x1", "COUNT(*)/1x1", "Births/1x1"]);
  expect(rows.levelNames).toEqual(["Gender", "State"]);
  expect(texts(rows.levels[0])).toEqual(["boy/2x1", "girl/1x1", "Total (Sum)/1x2"]);
  expect(rows.headsAt.map((cells) => cells.map((c) => c.text))).toEqual([["boy", "CA"], ["NY"], ["girl", "CA"], ["Total (Sum)"]]);
  // a click on "boy" filters by gender only; on "NY" by gender and state
  expect(rows.levels[0][0].dims).toEqual(["boy"]);
  expect(rows.levels[1][1].dims).toEqual(["boy", "NY"]);
  expect(rows.levels[0][2].dims).toBeUndefined();
  // values, row totals, column totals and the grand total where the leaves meet
  const cell = (r: number, c: number) => pivotCellText(m, rows.leaves[r], columns.leaves[c]);
  expect([cell(1, 3), cell(1, 5), cell(3, 1), cell(3, 5)]).toEqual(["40", "70", "90", "210"]);
});

test("metrics down the rows: the metric is the innermost row level; an axis without dimensions has one key and no total", () => {
  const m = model({ metricsLayout: "ROWS", colDims: [], rowTotals: [["1", "10"], ["3", "30"], ["5", "50"]], labels: { rowDims: ["Gender", "State"], colDims: [], metrics: ["COUNT(*)", "Births"] }, colKeys: [[]], formatted: [[["1", "10"]], [["3", "30"]], [["5", "50"]]] });
  const { rows, columns } = pivotLayout(m);
  expect(rows.levelNames).toEqual(["Gender", "State", "Metric"]);
  expect(texts(rows.levels[0])).toEqual(["boy/4x1", "girl/2x1"]);
  expect(texts(rows.levels[2])).toEqual(["COUNT(*)/1x1", "Births/1x1", "COUNT(*)/1x1", "Births/1x1", "COUNT(*)/1x1", "Births/1x1"]);
  expect(columns.levelNames).toEqual([""]);
  expect(texts(columns.levels[0])).toEqual(["Total (Sum)/1x1"]);
  expect(columns.totals).toBe(0);
  expect(pivotCellText(m, rows.leaves[3], columns.leaves[0])).toBe("30");
});

test("metrics across the columns without column dimensions: one header row of metric names", () => {
  const { columns } = pivotLayout(model({ colDims: [], labels: { rowDims: ["Gender", "State"], colDims: [], metrics: ["COUNT(*)", "Births"] }, colKeys: [[]] }));
  expect(columns.levelNames).toEqual(["Metric"]);
  expect(texts(columns.levels[0])).toEqual(["COUNT(*)/1x1", "Births/1x1"]);
});
