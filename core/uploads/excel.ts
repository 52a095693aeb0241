import type { ReadOptions } from "./options";
import type { CsvBatch } from "./csv";
import { UploadParseError } from "./errors";
import { gridBatches } from "./cells";

// Superset's type=excel: one sheet of an .xlsx workbook (sheet_name, else the first), read with read-excel-file's
// universal build (fflate and a SAX parser, no Node API: it runs in the Worker). Loaded only when an Excel file
// is uploaded, so no other request pays for its code.

const reader = () => import("read-excel-file/universal");

function asParseError(e: unknown, sheet: string | null): never {
  const name = (e as { name?: string })?.name ?? "";
  if (name === "SheetNotFoundError" || /sheet.*not found/i.test(String((e as Error)?.message))) throw new UploadParseError(`Worksheet named '${sheet}' not found`, null);
  if (name === "InvalidInputError" || name === "InvalidSpreadsheetError" || e instanceof Error) {
    throw new UploadParseError(`Excel file format cannot be determined, you must specify an engine manually. (${(e as Error).message})`, null);
  }
  throw e;
}

const view = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** The asked sheet's rows, in batches. */
export async function excelBatches(bytes: Uint8Array, opts: ReadOptions & { sheet_name: string | null }): Promise<Iterable<CsvBatch>> {
  const { readSheet } = await reader();
  let grid: unknown[][];
  try {
    grid = (await readSheet(view(bytes), opts.sheet_name ?? 1)) as unknown[][];
  } catch (e) {
    asParseError(e, opts.sheet_name);
  }
  return gridBatches(grid, opts);
}

/** Every sheet's name with its grid (upload_metadata lists each sheet's columns). */
export async function excelSheets(bytes: Uint8Array): Promise<{ sheet: string; grid: unknown[][] }[]> {
  const { default: readXlsxFile } = await reader();
  try {
    return (await readXlsxFile(view(bytes))).map((s) => ({ sheet: s.sheet, grid: s.data as unknown[][] }));
  } catch (e) {
    asParseError(e, null);
  }
}
