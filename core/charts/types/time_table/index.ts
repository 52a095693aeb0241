import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, TableColumnModel } from "../../contract";
import * as c from "../../controls/shared";
import { emptyModel, num, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { ensureArray, getColumnLabel } from "../../query/labels";
import { buildHorizonQuery } from "../horizon/build-query";
import { seriesRows } from "../horizon";
import { cellValue, sparklineValues, type ColumnConfig, type Entry } from "./cells";

// Superset's time-series table (legacy TimeTable): one row per metric, or per group of the one metric, and the
// columns of its column collection, each reading the row's values over time one way (./cells.ts): the newest
// value, a value some periods back or the change against it, a share of the newest period, an average, or a
// sparkline drawn in the cell.

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        { name: "granularity_sqla", type: "ColumnControl", label: "Time Column", validators: [{ kind: "nonEmpty" }], description: "The time column the values are read over." },
        c.timeGrain(), c.metrics(), c.adhocFilters(), c.groupby({ label: "Dimensions", description: "With dimensions, one metric: a row per group." }),
        c.seriesLimit(), c.seriesLimitMetric(), c.orderDesc(), c.rowLimit({ default: 10000 }),
      ],
    },
    {
      label: "Options",
      expanded: true,
      controls: [
        {
          name: "column_collection", type: "JsonListControl", label: "Time series columns", default: [], renderTrigger: true,
          description: 'One object per column: {"label", "colType": "" | "spark" | "time" | "contrib" | "avg", "timeLag", "comparisonType": "value" | "diff" | "perc" | "perc_change", "timeRatio", "width", "height", "d3format"}.',
        },
      ],
    },
  ],
};

const GROUPED_NEEDS_ONE_METRIC = "When using 'Group By' you are limited to use a single metric";

function transformProps(input: ChartPropsInput): ChartModel {
  const { formData } = input;
  if (!rowsOf(input).length) return emptyModel();
  const groups = ensureArray(formData.groupby).map(getColumnLabel);
  if (groups.length && ensureArray(formData.metrics).length > 1) return emptyModel(GROUPED_NEEDS_ONE_METRIC);
  const series = seriesRows(input, { ...formData, x_axis: formData.x_axis || formData.granularity_sqla });
  // groups in name order as Superset's pivot leaves them; metrics in the order chosen
  const order = series.names.map((_, k) => k);
  if (groups.length) order.sort((a, b) => series.names[a].localeCompare(series.names[b]));
  const oldestFirst: Entry[] = series.times.map((_, t) => Object.fromEntries(series.names.map((n, k) => [n, series.values[k][t]])));
  const newestFirst = [...oldestFirst].reverse();
  const configs = (Array.isArray(formData.column_collection) ? formData.column_collection : []).filter((x): x is ColumnConfig => !!x && typeof x === "object");
  const keys = configs.map((cfg, i) => (typeof cfg.key === "string" && cfg.key && cfg.key !== "__series" ? cfg.key : `c${i}`));
  const columns: TableColumnModel[] = [
    { key: "__series", label: groups.length ? groups.join(", ") : "Metric", isMetric: false, isNumeric: false, isTemporal: false },
    ...configs.map((cfg, i): TableColumnModel => ({
      key: keys[i], label: cfg.label || keys[i], isMetric: true, isNumeric: true, isTemporal: false,
      ...(cfg.colType === "spark" ? { sparkline: { width: num(cfg.width) ?? 300, height: num(cfg.height) ?? 50 } } : {}),
    })),
  ];
  const rows: Record<string, unknown>[] = [];
  const formatted: Record<string, string>[] = [];
  const sparklines: Record<string, (number | null)[]>[] = [];
  for (const k of order) {
    const field = series.names[k];
    const row: Record<string, unknown> = { __series: field };
    const text: Record<string, string> = { __series: field };
    const spark: Record<string, (number | null)[]> = {};
    configs.forEach((cfg, i) => {
      if (cfg.colType === "spark") {
        spark[keys[i]] = sparklineValues(field, cfg, oldestFirst);
        row[keys[i]] = null;
        text[keys[i]] = "";
        return;
      }
      const { value, error } = cellValue(field, cfg, newestFirst);
      row[keys[i]] = value;
      text[keys[i]] = error ?? (value === null ? "" : getNumberFormatter(cfg.d3format || undefined)(value));
    });
    rows.push(row);
    formatted.push(text);
    sparklines.push(spark);
  }
  return { kind: "table", columns, rows, formatted, pageSize: 0, showCellBars: false, colorPositiveNegative: false, sparklines };
}

export const timeTable: ChartType = {
  metadata: {
    name: "Time-series Table",
    category: "Table",
    description: "Compare multiple time series charts (as sparklines) and related metrics quickly.",
    tags: ["Multi-Variables", "Comparison", "Legacy", "Percentages", "Tabular", "Text", "Trend"],
  },
  controlPanel,
  buildQuery: buildHorizonQuery,
  transformProps,
};
