import { lineChanges, record, said, same, type DiffLine } from "./words";

// What changed between two saved states of a dataset or a saved query, in words: the dataset's properties, its
// SQL (by lines), each column and metric added, removed, renamed or edited (by the editor's labels), and a saved
// query's name, SQL, database and schedule. States are as a revision keeps them (core/revisions/revisions.ts).

type State = Record<string, unknown>;
type Item = Record<string, unknown>;

export interface DataDiffOptions {
  /** database names by id, to say "Database: examples → warehouse" instead of ids */
  databaseNames?: ReadonlyMap<number, string>;
}

const DATASET_FIELDS: [string, string][] = [
  ["table_name", "Name"], ["catalog", "Catalog"], ["schema", "Schema"], ["description", "Description"], ["main_dttm_col", "Default datetime column"],
  ["default_endpoint", "Default URL"], ["offset", "Hours offset"], ["cache_timeout", "Cache timeout"], ["template_params", "Template parameters"],
  ["extra", "Extra"], ["external_url", "External URL"],
];
const DATASET_FLAGS: [string, string][] = [
  ["filter_select_enabled", "Autocomplete filter values"], ["normalize_columns", "Normalize column names"],
  ["always_filter_main_dttm", "Always filter the main datetime column"], ["is_sqllab_view", "SQL Lab view"],
];
const COLUMN_FIELDS: [string, string][] = [
  ["verbose_name", "label"], ["type", "type"], ["expression", "SQL expression"], ["description", "description"], ["python_date_format", "datetime format"],
  ["advanced_data_type", "advanced data type"], ["extra", "extra"],
];
const COLUMN_FLAGS: [string, string][] = [["is_dttm", "temporal"], ["is_active", "active"], ["groupby", "groupable"], ["filterable", "filterable"]];
const METRIC_FIELDS: [string, string][] = [
  ["verbose_name", "label"], ["expression", "SQL expression"], ["metric_type", "type"], ["description", "description"], ["d3format", "D3 format"],
  ["currency", "currency"], ["warning_text", "warning"], ["extra", "extra"],
];

const flag = (v: unknown) => v === true || v === 1 || v === "1" || v === "true";
const yesNo = (v: unknown) => (flag(v) ? "yes" : "no");
const text = (v: unknown) => (typeof v === "string" ? v : "");
const items = (v: unknown): Item[] => (Array.isArray(v) ? v : typeof v === "string" ? (() => {
  try {
    const parsed: unknown = JSON.parse(v);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
})() : []).filter((x): x is Item => Boolean(x) && typeof x === "object" && !Array.isArray(x));

function dbName(id: unknown, names: ReadonlyMap<number, string> | undefined): string {
  if (id === null || id === undefined) return "(none)";
  return (typeof id === "number" && names?.get(id)) || `#${String(id)}`;
}

function sqlLine(before: unknown, after: unknown, what = "SQL"): DiffLine[] {
  const a = text(before);
  const b = text(after);
  if (a === b) return [];
  if (!a.trim()) return [{ area: "sql", text: `${what} added (${b.split("\n").length} line${b.split("\n").length === 1 ? "" : "s"})` }];
  if (!b.trim()) return [{ area: "sql", text: `${what} removed` }];
  const { added, removed } = lineChanges(a, b);
  return [{ area: "sql", text: `${what} changed (${added} line${added === 1 ? "" : "s"} added, ${removed} removed)` }];
}

/**
 * Pairs the items of two lists: by id when both have it, then by name for the rest, so a column re-created by
 * a restore (new id, same name) is the same column, and a renamed one (same id) says it was renamed.
 */
function paired(before: Item[], after: Item[], nameKey: string): { pairs: [Item, Item][]; added: Item[]; removed: Item[] } {
  const left = new Set(before);
  const pairs: [Item, Item][] = [];
  const added: Item[] = [];
  const byId = new Map(before.filter((x) => typeof x.id === "number").map((x) => [x.id as number, x]));
  const unmatched: Item[] = [];
  for (const b of after) {
    const a = typeof b.id === "number" ? byId.get(b.id) : undefined;
    if (a && left.has(a)) {
      left.delete(a);
      pairs.push([a, b]);
    } else unmatched.push(b);
  }
  for (const b of unmatched) {
    const a = [...left].find((x) => x[nameKey] === b[nameKey]);
    if (a) {
      left.delete(a);
      pairs.push([a, b]);
    } else added.push(b);
  }
  return { pairs, added, removed: [...left] };
}

function listLines(kind: "Column" | "Metric", nameKey: string, before: unknown, after: unknown, fields: [string, string][], flags: [string, string][]): DiffLine[] {
  const area = kind === "Column" ? "columns" : "metrics";
  const { pairs, added, removed } = paired(items(before), items(after), nameKey);
  const lines: DiffLine[] = [];
  for (const b of added) lines.push({ area, text: `${kind} added: ${said(b[nameKey])}` });
  for (const a of removed) lines.push({ area, text: `${kind} removed: ${said(a[nameKey])}` });
  for (const [a, b] of pairs) {
    if (a[nameKey] !== b[nameKey]) lines.push({ area, text: `${kind} renamed: ${said(a[nameKey])} → ${said(b[nameKey])}` });
    const parts: string[] = [];
    for (const [key, label] of fields) if (!same(a[key] ?? null, b[key] ?? null)) parts.push(`${label} ${said(a[key])} → ${said(b[key])}`);
    for (const [key, label] of flags) if (flag(a[key]) !== flag(b[key])) parts.push(`${label} ${yesNo(a[key])} → ${yesNo(b[key])}`);
    if (parts.length) lines.push({ area, text: `${kind} ${said(b[nameKey])}: ${parts.join("; ")}` });
  }
  return lines;
}

export function diffDatasetStates(before: State, after: State, options: DataDiffOptions = {}): DiffLine[] {
  const lines: DiffLine[] = [];
  if (!same(before.database_id ?? null, after.database_id ?? null))
    lines.push({ area: "properties", text: `Database: ${dbName(before.database_id, options.databaseNames)} → ${dbName(after.database_id, options.databaseNames)}` });
  for (const [key, label] of DATASET_FIELDS)
    if (!same(before[key] ?? null, after[key] ?? null)) lines.push({ area: "properties", text: `${label}: ${said(before[key])} → ${said(after[key])}` });
  for (const [key, label] of DATASET_FLAGS)
    if (key in before && key in after && flag(before[key]) !== flag(after[key])) lines.push({ area: "properties", text: `${label}: ${yesNo(before[key])} → ${yesNo(after[key])}` });
  lines.push(...sqlLine(before.sql, after.sql));
  lines.push(...listLines("Column", "column_name", before.columns, after.columns, COLUMN_FIELDS, COLUMN_FLAGS));
  lines.push(...listLines("Metric", "metric_name", before.metrics, after.metrics, METRIC_FIELDS, []));
  return lines;
}

export function diffSavedQueryStates(before: State, after: State, options: DataDiffOptions = {}): DiffLine[] {
  const lines: DiffLine[] = [];
  if (!same(before.label ?? "", after.label ?? "")) lines.push({ area: "properties", text: `Name: ${said(before.label)} → ${said(after.label)}` });
  if (!same(before.description ?? "", after.description ?? "")) lines.push({ area: "properties", text: `Description: ${said(before.description)} → ${said(after.description)}` });
  if (!same(before.db_id ?? null, after.db_id ?? null))
    lines.push({ area: "properties", text: `Database: ${dbName(before.db_id, options.databaseNames)} → ${dbName(after.db_id, options.databaseNames)}` });
  for (const [key, label] of [["catalog", "Catalog"], ["schema", "Schema"], ["template_parameters", "Template parameters"]] as const)
    if (!same(before[key] ?? null, after[key] ?? null)) lines.push({ area: "properties", text: `${label}: ${said(before[key])} → ${said(after[key])}` });
  lines.push(...sqlLine(before.sql, after.sql));
  const scheduleA = record(before.extra_json).schedule_info ?? null;
  const scheduleB = record(after.extra_json).schedule_info ?? null;
  if (!same(scheduleA, scheduleB)) {
    const cron = (s: unknown) => said(record(s).crontab ?? (s === null ? null : s));
    lines.push({ area: "schedule", text: scheduleB === null ? "Schedule removed" : scheduleA === null ? `Schedule added: ${cron(scheduleB)}` : `Schedule: ${cron(scheduleA)} → ${cron(scheduleB)}` });
  }
  return lines;
}
