import writeXlsxFile, { type Row, type SheetData } from "write-excel-file/node";
import { zipSync } from "fflate";
import { GenericType } from "../connectors/types";

// Chart data as files (Superset's result_format csv and xlsx): one query answers one file; several queries
// answer a ZIP of query_1.csv, query_2.csv … as Superset's ChartDataRestApi does. Spreadsheet files come from
// write-excel-file (a small, well-kept XLSX writer), ZIPs from fflate. Its Node build, not the universal one: the
// universal build zips with fflate's asynchronous zip(), which hands any file over 160 KB (a sheet of ~1,000 rows)
// to a Web Worker, and workerd has none ("Worker is not defined"). The Node build streams through fflate's
// synchronous ZipDeflate and node:stream, which workerd's nodejs_compat provides.

export interface TabularResult {
  colnames?: unknown;
  coltypes?: unknown;
  data?: unknown;
}

const columnsOf = (r: TabularResult) => (Array.isArray(r.colnames) ? (r.colnames as string[]) : []);
const rowsOf = (r: TabularResult) => (Array.isArray(r.data) ? (r.data as Record<string, unknown>[]) : []);

/** CSV of one result: a header of column names, then the rows; a BOM for Excel. */
export function resultCsv(result: TabularResult): string {
  const names = columnsOf(result);
  const cell = (v: unknown) => {
    if (v === null || v === undefined) return "";
    const text = typeof v === "object" ? JSON.stringify(v) : String(v);
    // quote when needed; a leading = + - @ is prefixed so a spreadsheet does not run it as a formula
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [names.map(cell).join(","), ...rowsOf(result).map((r) => names.map((n) => cell(r[n])).join(","))];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** One result as an .xlsx sheet: a header row, then typed cells (temporal columns as dates, as Superset's apply_column_types). */
export async function resultXlsx(result: TabularResult): Promise<Uint8Array<ArrayBuffer>> {
  const names = columnsOf(result);
  const types = Array.isArray(result.coltypes) ? (result.coltypes as number[]) : [];
  const header: Row = names.map((n) => ({ value: n, fontWeight: "bold" as const }));
  const body: Row[] = rowsOf(result).map((r) => names.map((n, i) => xlsxCell(r[n], types[i])));
  const sheet: SheetData = [header, ...body];
  const buffer = await writeXlsxFile(sheet, { sheet: "Sheet1" }).toBuffer();
  return new Uint8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer);
}

function xlsxCell(v: unknown, type: number | undefined) {
  if (v === null || v === undefined) return null;
  if (type === GenericType.TEMPORAL && typeof v === "number") return { value: new Date(v), type: Date, format: "yyyy-mm-dd hh:mm:ss" };
  if (typeof v === "number") return Number.isFinite(v) ? { value: v, type: Number } : { value: String(v), type: String };
  if (typeof v === "boolean") return { value: v, type: Boolean };
  // text is written as text (never a formula), whatever it starts with
  return { value: typeof v === "object" ? JSON.stringify(v) : String(v), type: String };
}

/** Several results as one ZIP: query_1.<ext>, query_2.<ext> … */
export function zipFiles(files: Record<string, Uint8Array>): Uint8Array<ArrayBuffer> {
  return new Uint8Array(zipSync(files, { level: 6 }));
}
