import { seededRandom } from "./prng";
import type { CellValue, ExampleDataset, ExampleTable } from "./types";

// The same instants written in every format a warehouse throws at a BI tool: SQL date and datetime,
// epoch seconds and milliseconds, and four text layouts (Superset's `multiformat_time_series`).
// Each text column records its layout in python_date_format so time grains can parse it.

export const TIME_SERIES_ROWS = 2000;
export const TIME_SERIES_RANGE = { first: Date.UTC(2010, 0, 1), last: Date.UTC(2019, 11, 31, 23, 59, 59) } as const;

export const multiformatTimeSeriesTable: ExampleTable = {
  tableName: "multiformat_time_series",
  description: "One instant per row written in eight time formats (generated example data).",
  mainDttmCol: "ds",
  columns: [
    { name: "ds", sqlType: "DATE", generic: "temporal", isDttm: true },
    { name: "ds2", sqlType: "DATETIME", generic: "temporal", isDttm: true },
    { name: "epoch_ms", sqlType: "BIGINT", generic: "numeric", isDttm: true, pythonDateFormat: "epoch_ms" },
    { name: "epoch_s", sqlType: "BIGINT", generic: "numeric", isDttm: true, pythonDateFormat: "epoch_s" },
    { name: "string0", sqlType: "TEXT", generic: "string", isDttm: true, pythonDateFormat: "%Y-%m-%d %H:%M:%S.%f" },
    { name: "string1", sqlType: "TEXT", generic: "string", isDttm: true, pythonDateFormat: "%Y-%m-%d^%H:%M:%S" },
    { name: "string2", sqlType: "TEXT", generic: "string", isDttm: true, pythonDateFormat: "%Y%m%d-%H%M%S" },
    { name: "string3", sqlType: "TEXT", generic: "string", isDttm: true, pythonDateFormat: "%Y/%m/%d%H:%M:%S.%f" },
  ],
  metrics: [{ name: "count", expression: "COUNT(*)", verboseName: "COUNT(*)", metricType: "count", d3format: ",d" }],
};

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The eight renderings of one instant, in column order. */
export function formatsOf(epochMs: number): CellValue[] {
  const d = new Date(epochMs);
  const [Y, m, day, H, M, S] = [d.getUTCFullYear(), pad(d.getUTCMonth() + 1), pad(d.getUTCDate()), pad(d.getUTCHours()), pad(d.getUTCMinutes()), pad(d.getUTCSeconds())];
  return [
    `${Y}-${m}-${day}`,
    `${Y}-${m}-${day} ${H}:${M}:${S}`,
    epochMs,
    Math.floor(epochMs / 1000),
    `${Y}-${m}-${day} ${H}:${M}:${S}.000000`,
    `${Y}-${m}-${day}^${H}:${M}:${S}`,
    `${Y}${m}${day}-${H}${M}${S}`,
    `${Y}/${m}/${day}${H}:${M}:${S}.000000`,
  ];
}

function* timeSeriesRows(): Generator<CellValue[]> {
  const r = seededRandom(1500470613);
  const seconds = (TIME_SERIES_RANGE.last - TIME_SERIES_RANGE.first) / 1000;
  const instants = Array.from({ length: TIME_SERIES_ROWS }, () => TIME_SERIES_RANGE.first + Math.floor(r.next() * seconds) * 1000);
  instants.sort((a, b) => a - b);
  for (const instant of instants) yield formatsOf(instant);
}

export const multiformatTimeSeries: ExampleDataset = { table: multiformatTimeSeriesTable, rows: timeSeriesRows };
