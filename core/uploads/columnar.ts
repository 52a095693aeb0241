import { unzipSync } from "fflate";
import type { ReadOptions } from "./options";
import type { CsvBatch, SourceRow } from "./csv";
import { UploadParseError } from "./errors";
import { cellText, GRID_BATCH_ROWS } from "./cells";

// Superset's type=columnar: a Parquet file, or a ZIP of Parquet files read one after the other as one table (as
// Superset concatenates them), read with hyparquet (pure JavaScript, snappy built in: pandas' and pyarrow's
// default codec) a range of rows at a time, so only one batch of decoded rows is held besides the file. Loaded
// only when a columnar file is uploaded. A row's "line" is its 1-based row number across the files.

const reader = () => import("hyparquet");

/** What a ZIP may inflate to: the upload's own size limit, whatever its entries' headers claim. */
export const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;

/** The Parquet files in the upload: itself, or the .parquet entries of a ZIP in name order. */
export function columnarFiles(bytes: Uint8Array, maxBytes = MAX_UNZIPPED_BYTES): Uint8Array[] {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) return [bytes];
  let declared = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (f) => {
        if (f.name.endsWith("/") || f.name.startsWith("__MACOSX/") || !/\.parquet$/i.test(f.name)) return false;
        declared += f.originalSize;
        if (declared > maxBytes) throw new UploadParseError(`The ZIP's Parquet files are larger than ${maxBytes / 1024 / 1024} MB once uncompressed`, null);
        return true;
      },
    });
  } catch (e) {
    if (e instanceof UploadParseError) throw e;
    throw new UploadParseError(`Could not read the ZIP file: ${(e as Error).message}`, null);
  }
  const names = Object.keys(entries).sort();
  // the declared sizes are the archive's word: the inflated ones are checked again
  if (names.reduce((n, name) => n + entries[name].length, 0) > maxBytes) throw new UploadParseError(`The ZIP's Parquet files are larger than ${maxBytes / 1024 / 1024} MB once uncompressed`, null);
  if (!names.length) throw new UploadParseError("The ZIP file holds no .parquet file", null);
  return names.map((n) => entries[n]);
}

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

/** The file's column names (a ZIP's: its first file's). */
export async function columnarHeader(bytes: Uint8Array): Promise<string[]> {
  return (await opened(columnarFiles(bytes)[0])).header;
}

export async function* columnarBatches(bytes: Uint8Array, opts: Pick<ReadOptions, "rows_to_read">, batchRows = GRID_BATCH_ROWS): AsyncGenerator<CsvBatch> {
  const files = columnarFiles(bytes);
  let header: string[] | null = null;
  let before = 0;
  for (let f = 0; f < files.length; f++) {
    const one = await opened(files[f]);
    header ??= one.header;
    if (one.header.join("\u0000") !== header.join("\u0000")) {
      throw new UploadParseError(`Parquet file ${f + 1} of the ZIP has the columns [${one.header.join(", ")}], the first has [${header.join(", ")}]`, before + 1);
    }
    const left = opts.rows_to_read === null ? one.rows : Math.max(0, Math.min(one.rows, opts.rows_to_read - before));
    for (let start = 0; start < left || (start === 0 && f === files.length - 1); start += batchRows) {
      const end = Math.min(left, start + batchRows);
      let grid: unknown[][] = [];
      if (end > start) {
        try {
          await one.hp.parquetRead({ file: one.file, metadata: one.metadata, rowStart: start, rowEnd: end, onComplete: (r: unknown[][]) => (grid = r) });
        } catch (e) {
          throw new UploadParseError(`Could not read the Parquet file at rows ${before + start + 1}–${before + end}: ${(e as Error).message}`, before + start + 1);
        }
      }
      const fraction = (f + (one.rows ? end / one.rows : 1)) / files.length;
      yield { header, rows: grid.map((r, i): SourceRow => ({ line: before + start + i + 1, values: r.map(cellText) })), fraction };
      if (end >= left) break;
    }
    before += left;
    files[f] = new Uint8Array(0); // this file's bytes are no longer needed
  }
}
