import { FLAT_COLUMN_SEPARATOR } from "../post-processing/frame";

// Superset's `label_map` of a chart-data result: each column label mapped to its parts, the levels a pivot
// and flatten joined with ", " (e.g. "SUM(num), boy" → ["SUM(num)", "boy"]). A separator escaped as "\, " is
// part of a value, not a join; the parts are given unescaped, as Superset's unescape_separator does.

const ESCAPED = `\\${FLAT_COLUMN_SEPARATOR}`;
const unescape = (text: string) => text.split(ESCAPED).join(FLAT_COLUMN_SEPARATOR);

export function labelMap(colnames: readonly string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const name of colnames) out[unescape(name)] = name.split(/(?<!\\), /).map(unescape);
  return out;
}
