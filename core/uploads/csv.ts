import { CsvError, Parser as CsvParser } from "csv-parse";
import type { ReadOptions } from "./options";
import { UploadParseError } from "./errors";

// Reads a CSV file with csv-parse as pandas' read_csv would for Superset's options: skip_rows lines dropped,
// then the header_row'th record names the columns (no header: columns 0, 1, …), blank lines skipped, spaces
// after the delimiter trimmed on request, at most rows_to_read data rows. Bytes are fed to the parser a chunk
// at a time (a slice of a buffered file, or a piece of the request body as it arrives) and records come out in
// batches, so a caller writes one batch before the next is parsed and never holds the parsed file. Every row
// keeps its line number for error messages.

export interface SourceRow {
  /** 1-based line of the file where the record ends */
  line: number;
  values: string[];
}

export interface CsvBatch {
  header: string[];
  rows: SourceRow[];
  /** how much of the file has been read once this batch is written, 0–1 (for the progress bar) */
  fraction?: number;
}

const SLICE_BYTES = 1 << 20;
/** Rows a streamed batch gathers before it is handed out (a network chunk holds far fewer). */
const STREAM_BATCH_ROWS = 2000;

type Parser = { parse(buf: Uint8Array, end: boolean, push: (r: unknown) => void, close: () => void): Error | undefined };

/** A push parser: feed(chunk) returns the data rows the chunk completed. */
export function csvReader(opts: ReadOptions) {
  // the Parser's own push-style core (its `api`): fed chunk by chunk without going through a Node stream
  const parser = (new CsvParser({
    delimiter: opts.delimiter,
    from_line: opts.skip_rows + 1,
    skip_empty_lines: opts.skip_blank_lines,
    ltrim: opts.skip_initial_space,
    relax_column_count: true,
    relax_quotes: false,
    bom: true,
    info: true,
  }) as unknown as { api: Parser }).api;
  let header: string[] | null | undefined = opts.header_row === null ? null : undefined;
  let seen = 0;
  let dataRows = 0;
  let pending: SourceRow[] = [];
  const push = (r: unknown) => {
    const { record, info } = r as { record: string[]; info: { lines: number } };
    const index = seen++;
    if (opts.header_row !== null && index < opts.header_row) return;
    if (opts.header_row !== null && index === opts.header_row) {
      header = record.map((name, i) => name.trim() || `Unnamed: ${i}`);
      return;
    }
    if (header === null) header = record.map((_, i) => String(i));
    if (opts.rows_to_read !== null && dataRows >= opts.rows_to_read) return;
    if (record.length !== header!.length) {
      throw new UploadParseError(`Expected ${header!.length} fields in line ${info.lines}, saw ${record.length}`, info.lines);
    }
    dataRows++;
    pending.push({ line: info.lines, values: record });
  };
  return {
    feed(chunk: Uint8Array, end: boolean): SourceRow[] {
      let err: Error | undefined;
      try {
        err = parser.parse(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength), end, push, () => {});
      } catch (e) {
        err = e as Error;
      }
      if (err) throw err instanceof UploadParseError ? err : parseError(err);
      const rows = pending;
      pending = [];
      return rows;
    },
    /** the column names; throws when the file ended without any */
    header(): string[] {
      if (header === undefined || header === null) throw new UploadParseError("No columns to parse from file", null);
      return header;
    },
    hasHeader: () => header !== undefined && header !== null,
    /** rows_to_read reached: the rest of the file need not be parsed */
    full: () => opts.rows_to_read !== null && dataRows >= opts.rows_to_read,
  };
}

export function* csvBatches(bytes: Uint8Array, opts: ReadOptions, sliceBytes = SLICE_BYTES): Generator<CsvBatch> {
  const reader = csvReader(opts);
  for (let at = 0; at < bytes.length || at === 0; at += sliceBytes) {
    const end = at + sliceBytes >= bytes.length;
    const rows = reader.feed(bytes.subarray(at, Math.min(bytes.length, at + sliceBytes)), end);
    if (rows.length || end) yield { header: reader.header(), rows, fraction: bytes.length ? Math.min(1, (at + sliceBytes) / bytes.length) : 1 };
    if (end) break;
  }
}

/**
 * The same batches from chunks as they arrive (the request body): `size` (the body's length, when known) turns
 * the bytes read into the batch's fraction. Once rows_to_read rows are read the rest is drained unparsed.
 */
export async function* csvStreamBatches(chunks: AsyncIterable<Uint8Array>, opts: ReadOptions, size: number | null): AsyncGenerator<CsvBatch> {
  const reader = csvReader(opts);
  let read = 0;
  let rows: SourceRow[] = [];
  const fraction = () => (size ? Math.min(1, read / size) : 0);
  for await (const chunk of chunks) {
    read += chunk.byteLength;
    if (reader.full()) continue;
    for (const row of reader.feed(chunk, false)) rows.push(row);
    if (rows.length >= STREAM_BATCH_ROWS) {
      yield { header: reader.header(), rows, fraction: fraction() };
      rows = [];
    }
  }
  if (!reader.full()) for (const row of reader.feed(new Uint8Array(0), true)) rows.push(row);
  yield { header: reader.header(), rows, fraction: 1 };
}

function parseError(e: Error): UploadParseError {
  const line = e instanceof CsvError ? ((e as unknown as { lines?: number }).lines ?? null) : null;
  const message = e.message.replace(/^(Invalid|Quote|Malformed)[^:]*:\s*/, "");
  return new UploadParseError(line !== null && !/line \d+/.test(message) ? `${message} (line ${line})` : message, line);
}
