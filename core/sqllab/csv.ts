// CSV export of a SQL Lab result (Superset's CSV_EXPORT: UTF-8 with BOM, comma, RFC 4180 quoting).

export const UTF8_BOM = "\uFEFF";

/**
 * Spreadsheet apps run cells that start with = + - @ (or tab / CR) as formulas. Like Superset's
 * utils/csv.escape_value, such text cells get a leading single quote. Numbers stay numbers.
 */
function escapeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === "object") text = JSON.stringify(value);
  else text = escapeFormula(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header line and one line per row, CRLF-separated, with the BOM in front. */
export function toCsv(columns: string[], rows: unknown[][]): string {
  const lines = [columns.map((c) => cell(String(c))).join(",")];
  for (const row of rows) lines.push(row.map(cell).join(","));
  return UTF8_BOM + lines.join("\r\n") + "\r\n";
}

/** Superset names the file after the tab: sqllab_<tab>_<yyyymmddThhmmss>.csv */
export function csvFileName(tabName: string | null | undefined, now: Date): string {
  const tab = (tabName ?? "notab").replace(/ /g, "_").toLowerCase().replace(/\W+/g, "") || "notab";
  const ts = now.toISOString().replace(/[-:]/g, "").split(".")[0];
  return `sqllab_${tab}_${ts}.csv`;
}
