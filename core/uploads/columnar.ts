import type { ReadOptions } from "./options";
import type { CsvBatch, SourceRow } from "./csv";
import { UploadParseError } from "./errors";
import { cellText, GRID_BATCH_ROWS } from "./cells";

// Superset's type=columnar: a Parquet file, read with hyparquet (pure JavaScript, snappy built in: pandas' and
// pyarrow's default codec) a range of rows at a time, so only one batch of decoded rows is held besides the file.
// Loaded only when a columnar file is uploaded. A row's "line" is its 1-based row number in the file.

const reader = () => import("hyparquet");

async function opened(bytes: Uint8Array) {
  const hp = await reader();
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  try {
    const metadata = hp.parquetMetadata(file);
    const header = hp.parquetSchema(metadata).children.map((c) => c.element.name);
    return { hp, file, metadata, header, rows: Number(metadata.num_rows) };
  } catch (e) {
    throw new UploadParseError(`Could not read the Parquet file: ${(e as Error).message}`, null);
  }
}

/** The file's column names. */
export async function columnarHeader(bytes: Uint8Array): Promise<string[]> {
  return (await opened(bytes)).header;
}

export async function* columnarBatches(bytes: Uint8Array, opts: Pick<ReadOptions, "rows_to_read">, batchRows = GRID_BATCH_ROWS): AsyncGenerator<CsvBatch> {
  const { hp, file, metadata, header, rows } = await opened(bytes);
  const total = opts.rows_to_read === null ? rows : Math.min(rows, opts.rows_to_read);
  for (let start = 0; start < total || start === 0; start += batchRows) {
    const end = Math.min(total, start + batchRows);
    let grid: unknown[][] = [];
    if (end > start) {
      try {
        await hp.parquetRead({ file, metadata, rowStart: start, rowEnd: end, onComplete: (r: unknown[][]) => (grid = r) });
      } catch (e) {
        throw new UploadParseError(`Could not read the Parquet file at rows ${start + 1}–${end}: ${(e as Error).message}`, start + 1);
      }
    }
    yield { header, rows: grid.map((r, i): SourceRow => ({ line: start + i + 1, values: r.map(cellText) })) };
    if (end >= total) break;
  }
}
