import type { ReadOptions } from "./options";
import type { CsvBatch, SourceRow } from "./csv";
import { UploadParseError } from "./errors";

// Excel and columnar files hold typed cells (numbers, booleans, dates, big integers) where a CSV holds text. They
// are written as the text a CSV would carry, so one inference and one conversion serve every file type: a whole
// number stays an integer, a date becomes 'YYYY-MM-DD HH:MM:SS' (a datetime column, as pandas reads them), an
// empty cell is '' (a null under pandas' default null values).

/** The text a typed cell is read as. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  if (typeof v === "boolean") return v ? "true" : "false";
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? "" : v.toISOString().slice(0, 19).replace("T", " ");
  if (v instanceof Uint8Array) return new TextDecoder().decode(v);
  return JSON.stringify(v, (_, x: unknown) => (typeof x === "bigint" ? String(x) : x));
}

/** Rows handed out per batch: a batch is converted and written before the next is made. */
export const GRID_BATCH_ROWS = 5000;

/**
 * A sheet's rows as CSV batches, with the CSV reader's skip_rows, header_row (null: columns 0, 1, …), blank rows
 * skipped and rows_to_read; a row's line is its 1-based row in the sheet.
 */
export function* gridBatches(grid: readonly (readonly unknown[])[], opts: ReadOptions, batchRows = GRID_BATCH_ROWS): Generator<CsvBatch> {
  let start = opts.skip_rows;
  let header: string[];
  if (opts.header_row === null) {
    header = Array.from({ length: Math.max(0, ...grid.slice(start).map((r) => r.length)) }, (_, i) => String(i));
  } else {
    start += opts.header_row;
    if (start >= grid.length) throw new UploadParseError("No columns to parse from file", null);
    header = grid[start].map((name, i) => cellText(name).trim() || `Unnamed: ${i}`);
    start++;
  }
  let rows: SourceRow[] = [];
  let read = 0;
  for (let i = start; i < grid.length && (opts.rows_to_read === null || read < opts.rows_to_read); i++) {
    const values = header.map((_, c) => cellText(grid[i][c]));
    if (opts.skip_blank_lines && values.every((v) => v === "")) continue;
    rows.push({ line: i + 1, values });
    read++;
    if (rows.length >= batchRows) {
      yield { header, rows };
      rows = [];
    }
  }
  yield { header, rows };
}
