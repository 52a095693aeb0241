import type { ChartModel, ChartPropsInput, TableColumnModel } from "../../contract";
import { emptyModel, GENERIC_TYPE, num, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { getTimeFormatter, getTimeFormatterForGranularity, SMART_DATE } from "../../format/time";
import { ensureArray, getMetricLabel, isDict } from "../../query/labels";
import { verboseLabel } from "../../verbose-map";
import { cellBackgrounds } from "./conditional-formatting";
import { queryMode } from "./control-panel";

// A plain table model: columns in the order the data came, each cell's raw value and its text. Metrics use their
// column's d3 format (Superset's default SMART_NUMBER), percentage metrics '.3%', temporal columns the timestamp
// format (adaptive means "by the time grain"), other values as they are.

export function transformProps(input: ChartPropsInput): ChartModel {
  const { formData } = input;
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const q = input.queriesData[0];
  const names = q.colnames?.length ? q.colnames : Object.keys(rows[0]);
  const aggregate = queryMode(formData) === "aggregate";
  const metricLabels = new Set(aggregate ? ensureArray(formData.metrics).map(getMetricLabel) : []);
  const percentLabels = new Set(aggregate ? ensureArray(formData.percent_metrics).map((m) => `%${getMetricLabel(m)}`) : []);
  const config = isDict(formData.column_config) ? formData.column_config : {};
  const tsFormat = typeof formData.table_timestamp_format === "string" ? formData.table_timestamp_format : SMART_DATE;

  const columns: TableColumnModel[] = names.map((key, i) => {
    const type = q.coltypes?.[i];
    const values = rows.map((r) => r[key]);
    const isNumeric = type === GENERIC_TYPE.NUMERIC || (type === undefined && values.some((v) => typeof v === "number"));
    const col: TableColumnModel = {
      key, label: verboseLabel(input.verboseMap, key), isMetric: metricLabels.has(key), isPercentMetric: percentLabels.has(key), isNumeric, isTemporal: type === GENERIC_TYPE.TEMPORAL,
    };
    if (isNumeric) {
      const nums = values.map(num).filter((v): v is number => v !== null);
      if (nums.length) [col.min, col.max] = [Math.min(...nums), Math.max(...nums)];
    }
    return col;
  });

  const formatters = columns.map((col) => {
    const own = isDict(config[col.key]) ? (config[col.key] as Record<string, unknown>) : {};
    if (col.isTemporal) {
      const fmt = typeof own.d3TimeFormat === "string" && own.d3TimeFormat ? own.d3TimeFormat : tsFormat;
      return fmt === SMART_DATE ? getTimeFormatterForGranularity(formData.time_grain_sqla) : getTimeFormatter(fmt);
    }
    const numberFormat = typeof own.d3NumberFormat === "string" && own.d3NumberFormat ? own.d3NumberFormat : undefined;
    if (col.isPercentMetric) return getNumberFormatter(numberFormat ?? ".3%");
    if (col.isMetric || (col.isNumeric && numberFormat)) return getNumberFormatter(numberFormat);
    return (v: unknown) => (v === null || v === undefined ? "N/A" : String(v));
  });
  const format = (record: Record<string, unknown>) =>
    Object.fromEntries(columns.map((col, i) => [col.key, record[col.key] === null ? "N/A" : formatters[i](record[col.key])]));

  const totalsIndex = formData.server_pagination ? 2 : 1;
  const totalsRow = formData.show_totals && aggregate ? input.queriesData[totalsIndex]?.data?.[0] : undefined;
  return {
    kind: "table",
    columns,
    rows,
    formatted: rows.map(format),
    pageSize: Number(formData.server_pagination ? formData.server_page_length ?? 10 : formData.page_length ?? 0) || 0,
    showCellBars: formData.show_cell_bars !== false,
    colorPositiveNegative: formData.color_pn !== false,
    ...(Array.isArray(formData.conditional_formatting) && formData.conditional_formatting.length ? { cellBackgrounds: cellBackgrounds(formData.conditional_formatting, rows) } : {}),
    ...(totalsRow ? { totals: Object.fromEntries(Object.entries(format(totalsRow)).filter(([k]) => k in totalsRow)) } : {}),
  };
}
