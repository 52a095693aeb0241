import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData, PivotTableModel } from "../../contract";
import { crossFilter } from "./cross-filter";
import * as c from "../../controls/shared";
import { emptyModel, num, rowsOf, temporalColumns } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { getTimeFormatter } from "../../format/time";
import { buildQueryContext } from "../../query/build-query-context";
import { ensureArray, getColumnLabel, getMetricLabel, isDict } from "../../query/labels";
import { aggregate, AGGREGATE_FUNCTIONS, fractionOf } from "./aggregate";
import { verboseLabel } from "../../verbose-map";

// Superset's pivot_table_v2: the query groups by row and column dimensions; the pivot happens here, so changing
// aggregation, order or totals redraws without a new query.

const ORDERS: [string, string][] = [["key_a_to_z", "key a-z"], ["key_z_to_a", "key z-a"], ["value_a_to_z", "value ascending"], ["value_z_to_a", "value descending"]];

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        { name: "groupbyRows", type: "GroupByControl", label: "Rows", multi: true, default: [] },
        { name: "groupbyColumns", type: "GroupByControl", label: "Columns", multi: true, default: [] },
        c.timeGrain(),
        c.metrics(),
        { name: "metricsLayout", type: "SelectControl", label: "Apply metrics on", default: "COLUMNS", renderTrigger: true, choices: [["COLUMNS", "COLUMNS"], ["ROWS", "ROWS"]] },
        c.adhocFilters(),
        c.rowLimit(),
        { name: "series_limit_metric", type: "MetricControl", label: "Sort by" },
        c.orderDesc(),
      ],
    },
    {
      label: "Options",
      expanded: true,
      controls: [
        { name: "aggregateFunction", type: "SelectControl", label: "Aggregation function", default: "Sum", renderTrigger: true, choices: AGGREGATE_FUNCTIONS.map((f) => [f, f]) },
        c.checkbox("rowTotals", "Show rows total", false),
        c.checkbox("colTotals", "Show columns total", false),
        c.checkbox("transposePivot", "Transpose pivot", false),
        c.numberFormat("valueFormat", "Value format"),
        c.timeFormat("date_format", "Date format"),
        { name: "rowOrder", type: "SelectControl", label: "Rows sort by", default: "key_a_to_z", renderTrigger: true, choices: ORDERS },
        { name: "colOrder", type: "SelectControl", label: "Cols sort by", default: "key_a_to_z", renderTrigger: true, choices: ORDERS },
      ],
    },
  ],
};

function buildQuery(formData: FormData) {
  const extra = isDict(formData.extra_form_data) ? formData.extra_form_data : {};
  const grain = extra.time_grain_sqla || formData.time_grain_sqla;
  const lookup = isDict(formData.temporal_columns_lookup) ? formData.temporal_columns_lookup : {};
  const all = [...ensureArray(formData.groupbyColumns), ...ensureArray(formData.groupbyRows)];
  const columns = all.filter((col, i) => all.indexOf(col) === i).map((col) =>
    typeof col === "string" && grain && (lookup[col] || formData.granularity_sqla === col)
      ? { timeGrain: grain, columnType: "BASE_AXIS", sqlExpression: col, label: col, expressionType: "SQL" }
      : col);
  return buildQueryContext(formData, (base) => {
    const sortBy = base.series_limit_metric;
    const first = Array.isArray(base.metrics) ? base.metrics[0] : undefined;
    const orderby = sortBy ? [[sortBy, !base.order_desc]] : first ? [[first, !base.order_desc]] : undefined;
    return [{ ...base, columns, ...(orderby ? { orderby: orderby as [unknown, boolean][] } : {}) }];
  });
}

function order(keys: string[][], how: unknown, totalOf: (k: string[]) => number): string[][] {
  const byKey = (a: string[], b: string[]) => a.join("\u0000").localeCompare(b.join("\u0000"), undefined, { numeric: true });
  const sorted = [...keys];
  if (how === "key_z_to_a") return sorted.sort((a, b) => byKey(b, a));
  if (how === "value_a_to_z") return sorted.sort((a, b) => totalOf(a) - totalOf(b) || byKey(a, b));
  if (how === "value_z_to_a") return sorted.sort((a, b) => totalOf(b) - totalOf(a) || byKey(a, b));
  return sorted.sort(byKey);
}

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData } = input;
  const transpose = formData.transposePivot === true;
  let rowDims = ensureArray(formData.groupbyRows).map(getColumnLabel);
  let colDims = ensureArray(formData.groupbyColumns).map(getColumnLabel);
  if (transpose) [rowDims, colDims] = [colDims, rowDims];
  const metrics = ensureArray(formData.metrics).map(getMetricLabel);
  const fn = String(formData.aggregateFunction ?? "Sum");
  const dateText = getTimeFormatter(String(formData.date_format ?? "smart_date"));
  const temporal = temporalColumns(input.queriesData[0]);
  const keyOf = (r: Record<string, unknown>, dims: string[]) => dims.map((d) => (temporal.has(d) ? dateText(r[d]) : String(r[d] ?? "NULL")));

  // cell → metric → the values falling in it (several when a dimension is left out of rows and columns)
  const cells = new Map<string, (number | null)[][]>();
  const rowSeen = new Map<string, string[]>();
  const colSeen = new Map<string, string[]>();
  for (const r of rows) {
    const rk = keyOf(r, rowDims), ck = keyOf(r, colDims);
    rowSeen.set(JSON.stringify(rk), rk);
    colSeen.set(JSON.stringify(ck), ck);
    const id = JSON.stringify([rk, ck]);
    const cell = cells.get(id) ?? metrics.map(() => []);
    metrics.forEach((m, i) => cell[i].push(num(r[m])));
    cells.set(id, cell);
  }
  const cellValue = (rk: string[], ck: string[], m: number) => {
    const cell = cells.get(JSON.stringify([rk, ck]));
    return cell ? aggregate(fn, cell[m]) : null;
  };
  const rowsTotal = (rk: string[], m: number) => aggregate(fn, [...colSeen.values()].flatMap((ck) => cells.get(JSON.stringify([rk, ck]))?.[m] ?? []));
  const colsTotal = (ck: string[], m: number) => aggregate(fn, [...rowSeen.values()].flatMap((rk) => cells.get(JSON.stringify([rk, ck]))?.[m] ?? []));
  const grand = (m: number) => aggregate(fn, [...cells.values()].flatMap((cell) => cell[m]));
  const rowKeys = order([...rowSeen.values()], formData.rowOrder, (k) => rowsTotal(k, 0) ?? 0);
  const colKeys = order([...colSeen.values()], formData.colOrder, (k) => colsTotal(k, 0) ?? 0);

  const fraction = fractionOf(fn);
  const scale = (v: number | null, rk: string[] | null, ck: string[] | null, m: number) => {
    if (v === null || !fraction) return v;
    const base = fraction === "total" ? grand(m) : fraction === "row" ? (rk ? rowsTotal(rk, m) : grand(m)) : ck ? colsTotal(ck, m) : grand(m);
    return base ? v / base : null;
  };
  const fmt = getNumberFormatter(fraction ? ".1%" : (formData.valueFormat as string | undefined));
  const text = (v: number | null) => (v === null ? "" : fmt(v));
  const values = rowKeys.map((rk) => colKeys.map((ck) => metrics.map((_, m) => scale(cellValue(rk, ck, m), rk, ck, m))));
  // headers name columns and saved metrics by the dataset's verbose names, as Superset's pivot table; the model
  // keeps the names too, which cross-filters and the CSV export need
  const shown = (names: string[]) => names.map((n) => verboseLabel(input.verboseMap, n));
  const model: PivotTableModel = {
    kind: "pivot_table", rowDims, colDims, metrics, metricsLayout: formData.metricsLayout === "ROWS" ? "ROWS" : "COLUMNS",
    labels: { rowDims: shown(rowDims), colDims: shown(colDims), metrics: shown(metrics) },
    rowKeys, colKeys, values, formatted: values.map((r) => r.map((cell) => cell.map(text))),
  };
  if (formData.rowTotals) model.rowTotals = rowKeys.map((rk) => metrics.map((_, m) => text(scale(rowsTotal(rk, m), rk, null, m))));
  if (formData.colTotals) model.colTotals = colKeys.map((ck) => metrics.map((_, m) => text(scale(colsTotal(ck, m), null, ck, m))));
  if (formData.rowTotals || formData.colTotals) model.grandTotals = metrics.map((_, m) => text(scale(grand(m), null, null, m)));
  // the totals' numbers too, for the pivoted CSV export (core/chart-data/pivoted-csv.ts)
  model.totalValues = {
    rows: rowKeys.map((rk) => metrics.map((_, m) => scale(rowsTotal(rk, m), rk, null, m))),
    cols: colKeys.map((ck) => metrics.map((_, m) => scale(colsTotal(ck, m), null, ck, m))),
    grand: metrics.map((_, m) => scale(grand(m), null, null, m)),
    label: `Total (${fn})`,
  };
  return model;
}

export const pivotTableV2: ChartType = {
  crossFilter,
  metadata: {
    name: "Pivot Table",
    category: "Table",
    description: "Used to summarize a set of data by grouping together multiple statistics along two axes. Examples: Sales numbers by region and month, tasks by status and assignee, active users by age and location.",
    tags: ["Additive", "Report", "Tabular", "Featured"],
  },
  controlPanel,
  buildQuery,
  transformProps,
};
