// The time-series table's cells (Superset's TimeTable column collection): every row is a series (a metric, or a
// group of the one metric), its entries the values per period, newest first. A column reads them one way:
//  - "" (plain): the newest value;
//  - time: the value `timeLag` periods back (a negative lag counts from the oldest), or the newest against it as
//    a difference (diff), a ratio (perc) or a change (perc_change);
//  - contrib: the newest value's share of all the series' newest values;
//  - avg: the mean of the newest `timeLag` values (all when no lag), nulls left out;
//  - spark: the values oldest first, or each over the one `timeRatio` periods before it.

export interface ColumnConfig {
  key?: string;
  label?: string;
  tooltip?: string;
  colType?: "" | "spark" | "time" | "contrib" | "avg";
  width?: string | number;
  height?: string | number;
  timeLag?: number | string;
  timeRatio?: number | string;
  comparisonType?: "" | "value" | "diff" | "perc" | "perc_change";
  d3format?: string;
}

/** One period's values, by series field. */
export type Entry = Record<string, number | null>;

const int = (v: unknown) => (Number.isInteger(Number(v)) && v !== "" && v !== null ? Number(v) : 0);

/** A value column's number (null when there is none), with Superset's message when the lag is too long. */
export function cellValue(field: string, column: ColumnConfig, newestFirst: Entry[]): { value: number | null; error?: string } {
  if (!newestFirst.length) return { value: null };
  const recent = newestFirst[0][field] ?? null;
  if (column.colType === "time") {
    const lag = int(column.timeLag);
    if (Math.abs(lag) >= newestFirst.length) {
      return { value: null, error: `The time lag set at ${lag} is too large for the length of data at ${newestFirst.length}. No data available.` };
    }
    const lagged = newestFirst[lag < 0 ? newestFirst.length + lag : lag][field] ?? null;
    if (lagged === null || recent === null) return { value: null };
    if (column.comparisonType === "diff") return { value: recent - lagged };
    if (column.comparisonType === "perc") return { value: recent / lagged };
    if (column.comparisonType === "perc_change") return { value: recent / lagged - 1 };
    return { value: lagged };
  }
  if (column.colType === "contrib") {
    if (recent === null) return { value: null };
    const total = Object.values(newestFirst[0]).reduce<number>((a, b) => a + (b ?? 0), 0);
    return { value: total === 0 ? null : recent / total };
  }
  if (column.colType === "avg") {
    const lag = int(column.timeLag);
    const values = (lag > 0 ? newestFirst.slice(0, lag) : newestFirst).map((e) => e[field]).filter((v): v is number => v !== null && v !== undefined);
    return { value: values.length ? values.reduce((a, b) => a + b, 0) / values.length : null };
  }
  return { value: recent };
}

/** A sparkline's points, oldest first. */
export function sparklineValues(field: string, column: ColumnConfig, oldestFirst: Entry[]): (number | null)[] {
  const ratio = int(column.timeRatio);
  if (ratio <= 0) return oldestFirst.map((e) => e[field] ?? null);
  const out: (number | null)[] = [];
  for (let i = ratio; i < oldestFirst.length; i++) {
    const before = oldestFirst[i - ratio][field];
    const now = oldestFirst[i][field];
    out.push(before && now !== null && now !== undefined ? now / before : null);
  }
  return out;
}
