import type { UploadOptions } from "./options";
import { csvBatches, type CsvBatch } from "./csv";
import { excelBatches } from "./excel";
import { columnarBatches } from "./columnar";

// The rows of an uploaded file, whatever its type, as CSV-like batches of text: the upload reads them twice (once to
// choose the column types and find a bad row, once to write), so a source can be opened again. An Excel sheet is
// parsed once and its grid kept for the second pass; CSV and Parquet are read again from the file's bytes.

export type Batches = Iterable<CsvBatch> | AsyncIterable<CsvBatch>;
export type BatchSource = () => Promise<Batches>;

export function batchSource(bytes: Uint8Array, opts: UploadOptions): BatchSource {
  switch (opts.type) {
    case "csv":
      return async () => csvBatches(bytes, opts);
    case "columnar":
      return async () => columnarBatches(bytes, opts);
    case "excel": {
      let batches: CsvBatch[] | null = null;
      return async () => (batches ??= [...(await excelBatches(bytes, opts))]);
    }
  }
}
