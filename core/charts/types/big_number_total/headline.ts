import type { FormData } from "../../contract";
import { num } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { getTimeFormatter } from "../../format/time";

// The number both big-number charts print: the metric in y_axis_format, "No data" when the value is null, and a
// temporal metric (MAX(ds)) as a date in time_format, as Superset's BigNumber does.

export function headlineText(value: unknown, formData: FormData, temporal = false): string {
  if (value === null || value === undefined) return "No data";
  if (temporal) return getTimeFormatter(typeof formData.time_format === "string" ? formData.time_format : "smart_date")(value);
  return getNumberFormatter(typeof formData.y_axis_format === "string" ? formData.y_axis_format : undefined)(num(value));
}

export const fontSize = (v: unknown, fallback: number) => (typeof v === "number" && v > 0 ? v : fallback);
