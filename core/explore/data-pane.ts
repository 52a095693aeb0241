import type { QueryContextBody } from "../charts/contract";

// The pure half of Explore's data pane (Superset's DataTablesPane): the request bodies for the chart's results,
// its SQL and its downloads (the chart's own query context with another result_type / result_format), the
// search over the rows shown, and the text "Copy" puts on the clipboard.

export type Row = Record<string, unknown>;

/** The chart's query context asking for another kind of answer; only the first query (the chart's main one). */
export function withResult(body: QueryContextBody, resultType: "results" | "samples" | "query" | "full" | "post_processed", resultFormat: "json" | "csv" | "xlsx" = "json"): QueryContextBody {
  return { ...body, queries: body.queries.slice(0, 1), result_type: resultType, result_format: resultFormat };
}

/** A cell as the pane shows and copies it: null as "N/A" is Superset's table; dates the server sends as epoch ms. */
export function cellText(value: unknown, isTemporal = false): string {
  if (value === null || value === undefined) return "N/A";
  if (isTemporal && typeof value === "number") return new Date(value).toISOString().replace("T", " ").replace(/\.000Z$/, "").replace(/ 00:00:00$/, "");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Rows any of whose cells contains the search text, case-insensitively (the pane's search box). */
export function searchRows(rows: Row[], columns: string[], search: string, temporal: ReadonlySet<string> = new Set()): Row[] {
  const q = search.trim().toLowerCase();
  if (!q) return rows;
  return rows.filter((row) => columns.some((c) => cellText(row[c], temporal.has(c)).toLowerCase().includes(q)));
}

/** Tab-separated text with a header line, as Superset's "Copy" puts rows on the clipboard. */
export function rowsAsText(rows: Row[], columns: string[], temporal: ReadonlySet<string> = new Set()): string {
  const clean = (s: string) => s.replace(/[\t\n\r]+/g, " ");
  return [columns.map(clean).join("\t"), ...rows.map((r) => columns.map((c) => clean(cellText(r[c], temporal.has(c)))).join("\t"))].join("\n") + "\n";
}

/** The column names of an answer: its colnames, else the keys of its first row. */
export function columnsOf(answer: { colnames?: string[]; data: Row[] }): string[] {
  return answer.colnames?.length ? answer.colnames : Object.keys(answer.data[0] ?? {});
}

/** Superset's GenericDataType: 2 is temporal. */
export function temporalColumns(answer: { colnames?: string[]; coltypes?: number[] }): Set<string> {
  return new Set((answer.colnames ?? []).filter((_, i) => answer.coltypes?.[i] === 2));
}
