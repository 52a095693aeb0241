import type { ReadOptions } from "./options";
import type { SourceRow } from "./csv";
import { UploadParseError } from "./errors";

// From the file's columns to the table's: columns_read picks (in file order), the index column becomes the
// first column or is dropped (dataframe_index), a plain row number is written as `index` when asked, and
// repeated names get pandas' ".1", ".2" suffixes. Values listed in null_values become NULL.

export interface OutColumn {
  name: string;
  /** the file column it comes from, or the data row's 0-based number */
  source: number | "row_number";
}

export function planColumns(header: string[], opts: ReadOptions): OutColumn[] {
  const names = dedupe(header);
  let picked = names.map((name, source) => ({ name, source }) as OutColumn);
  if (opts.columns_read.length) {
    const missing = opts.columns_read.filter((c) => !names.includes(c));
    if (missing.length) throw new UploadParseError(`Usecols do not match columns, columns expected but not found: [${missing.map((m) => `'${m}'`).join(", ")}]`, null);
    picked = picked.filter((c) => opts.columns_read.includes(c.name));
  }
  if (opts.index_column) {
    const index = picked.find((c) => c.name === opts.index_column);
    if (!index) throw new UploadParseError(`Index ${opts.index_column} invalid`, null);
    picked = picked.filter((c) => c !== index);
    if (opts.dataframe_index) picked.unshift({ name: opts.index_label ?? index.name, source: index.source });
  } else if (opts.dataframe_index) {
    picked.unshift({ name: opts.index_label ?? "index", source: "row_number" });
  }
  for (const d of opts.column_dates) {
    if (!picked.some((c) => c.name === d)) throw new UploadParseError(`Missing column provided to 'parse_dates': '${d}'`, null);
  }
  return picked;
}

/** The row's values for the planned columns, NULL where the text is one of null_values. */
export function project(row: SourceRow, rowNumber: number, columns: OutColumn[], nulls: ReadonlySet<string>): (string | null)[] {
  return columns.map((c) => {
    if (c.source === "row_number") return String(rowNumber);
    const v = row.values[c.source];
    return v === undefined || nulls.has(v) ? null : v;
  });
}

function dedupe(header: string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((name) => {
    const n = seen.get(name) ?? 0;
    seen.set(name, n + 1);
    return n ? `${name}.${n}` : name;
  });
}
