import type { UploadOptions } from "./options";
import { csvBatches, csvStreamBatches, type CsvBatch } from "./csv";
import { excelBatches } from "./excel";
import { columnarBatches } from "./columnar";

// The rows of an uploaded file, whatever its type, as CSV-like batches of text, read once: a CSV straight from
// the request body as it arrives (or from its buffered bytes), an Excel sheet or a Parquet file from their bytes
// (both need the whole file: an .xlsx is a ZIP, a Parquet file starts at its footer).

export type Batches = Iterable<CsvBatch> | AsyncIterable<CsvBatch>;

/** The file as the form reader hands it over: its bytes, or its chunks as they arrive (CSV only). */
export type FileInput = { bytes: Uint8Array } | { chunks: AsyncIterable<Uint8Array>; size: number | null };

export async function uploadBatches(file: FileInput, opts: UploadOptions): Promise<Batches> {
  if ("chunks" in file) {
    if (opts.type !== "csv") throw new Error("only a CSV file is read as it arrives");
    return csvStreamBatches(file.chunks, opts, file.size);
  }
  switch (opts.type) {
    case "csv":
      return csvBatches(file.bytes, opts);
    case "columnar":
      return columnarBatches(file.bytes, opts);
    case "excel":
      return excelBatches(file.bytes, opts);
  }
}
