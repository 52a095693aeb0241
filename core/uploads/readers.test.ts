import { expect, test } from "vitest";
import writeXlsxFile, { type SheetData } from "write-excel-file/universal";
import { parquetWriteBuffer } from "hyparquet-writer";
import { readUploadOptions, type FormFields } from "./options";
import { uploadBatches } from "./source";
import { excelSheets } from "./excel";
import { columnarHeader } from "./columnar";
import { cellText, gridBatches } from "./cells";
import { UploadParseError } from "./errors";

// Excel and Parquet files made here with real writers (write-excel-file, hyparquet-writer), read back as the
// upload reads them: the same batches of text rows a CSV gives, with their lines.

const form = (fields: Record<string, string>): FormFields => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]]));
const opts = (type: string, fields: Record<string, string> = {}) => readUploadOptions(form({ type, table_name: "t", ...fields }));

async function rowsOf(bytes: Uint8Array, type: string, fields: Record<string, string> = {}) {
  const out: { header: string[]; rows: { line: number; values: string[] }[] } = { header: [], rows: [] };
  for await (const b of await uploadBatches({ bytes }, opts(type, fields))) {
    out.header = b.header;
    out.rows.push(...b.rows);
  }
  return out;
}

async function xlsx(sheets: { sheet: string; data: SheetData }[]): Promise<Uint8Array> {
  return new Uint8Array(await (await writeXlsxFile(sheets).toBlob()).arrayBuffer());
}

const day = new Date(Date.UTC(2024, 0, 2, 13, 45, 0));

test("cells: numbers, big integers, booleans, dates and empties as the text a CSV carries", () => {
  expect([1, 1.5, 12345678901234567890n, true, false, day, null, undefined, "x"].map(cellText))
    .toEqual(["1", "1.5", "12345678901234567890", "true", "false", "2024-01-02 13:45:00", "", "", "x"]);
  const grid = [["title"], ["id", "name"], [1, "a"], [null, null], [2, "b"], [3, "c"]];
  const [batch] = [...gridBatches(grid, opts("excel", { skip_rows: "1", rows_to_read: "2" }))];
  expect(batch).toEqual({ header: ["id", "name"], rows: [{ line: 3, values: ["1", "a"] }, { line: 5, values: ["2", "b"] }] });
  expect([...gridBatches([[1, 2]], opts("excel", { header_row: "" }))][0].header).toEqual(["0", "1"]);
});

test("excel: the asked sheet (else the first), typed cells, sheet names for upload_metadata, a missing sheet", async () => {
  const bytes = await xlsx([
    { sheet: "First", data: [[{ value: "id" }, { value: "price" }, { value: "ok" }, { value: "day" }], [{ value: 1 }, { value: 2.5 }, { value: true }, { value: day, type: Date, format: "yyyy-mm-dd hh:mm" }], [{ value: 2 }, null, { value: false }, null]] },
    { sheet: "Second", data: [[{ value: "city" }], [{ value: "Oslo" }]] },
  ]);
  expect(await rowsOf(bytes, "excel")).toEqual({ header: ["id", "price", "ok", "day"], rows: [{ line: 2, values: ["1", "2.5", "true", "2024-01-02 13:45:00"] }, { line: 3, values: ["2", "", "false", ""] }] });
  expect(await rowsOf(bytes, "excel", { sheet_name: "Second" })).toEqual({ header: ["city"], rows: [{ line: 2, values: ["Oslo"] }] });
  expect((await excelSheets(bytes)).map((s) => s.sheet)).toEqual(["First", "Second"]);
  await expect(rowsOf(bytes, "excel", { sheet_name: "Nope" })).rejects.toThrow(new UploadParseError("Worksheet named 'Nope' not found", null));
  await expect(rowsOf(new TextEncoder().encode("id,name\n1,a\n"), "excel")).rejects.toBeInstanceOf(UploadParseError);
});

test("columnar: a Parquet file read a range of rows at a time, in file order, with its column names", async () => {
  const n = 12_001;
  const bytes = new Uint8Array(parquetWriteBuffer({
    columnData: [
      { name: "id", data: Array.from({ length: n }, (_, i) => BigInt(i + 1)), type: "INT64" },
      { name: "ratio", data: Array.from({ length: n }, (_, i) => (i % 7 === 0 ? null : i / 4)), type: "DOUBLE" },
      { name: "label", data: Array.from({ length: n }, (_, i) => `row ${i + 1}`), type: "STRING" },
      { name: "flag", data: Array.from({ length: n }, (_, i) => i % 2 === 0), type: "BOOLEAN" },
    ],
    rowGroupSize: 5000,
  }));
  expect(await columnarHeader(bytes)).toEqual(["id", "ratio", "label", "flag"]);
  const { header, rows } = await rowsOf(bytes, "columnar");
  expect(header).toEqual(["id", "ratio", "label", "flag"]);
  expect(rows).toHaveLength(n);
  expect(rows[0]).toEqual({ line: 1, values: ["1", "", "row 1", "true"] });
  expect(rows[n - 1]).toEqual({ line: n, values: [String(n), String((n - 1) / 4), `row ${n}`, "true"] });
  expect(rows.every((r, i) => r.line === i + 1)).toBe(true);
  expect((await rowsOf(bytes, "columnar", { rows_to_read: "3" })).rows.map((r) => r.values[0])).toEqual(["1", "2", "3"]);
  await expect(rowsOf(new TextEncoder().encode("not parquet at all"), "columnar")).rejects.toBeInstanceOf(UploadParseError);
});
