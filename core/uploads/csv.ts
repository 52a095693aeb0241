import { CsvError, Parser as CsvParser } from "csv-parse";
import type { ReadOptions } from "./options";
import { UploadParseError } from "./errors";

// Reads a CSV file with csv-parse as pandas' read_csv would for Superset's options: skip_rows lines dropped,
// then the header_row'th record names the columns (no header: columns 0, 1, …), blank lines skipped, spaces
// after the delimiter trimmed on request, at most rows_to_read data rows. The bytes are fed to the parser a
// slice at a time and records come out in batches, so a caller can write one batch before parsing the next and
// a second pass never holds the parsed file. Every row keeps its line number for error messages.

export interface SourceRow {
  /** 1-based line of the file where the record ends */
  line: number;
  values: string[];
}

export interface CsvBatch {
  header: string[];
  rows: SourceRow[];
}

const SLICE_BYTES = 1 << 20;

type Parser = { parse(buf: Uint8Array, end: boolean, push: (r: unknown) => void, close: () => void): Error | undefined };

export function* csvBatches(bytes: Uint8Array, opts: ReadOptions, sliceBytes = SLICE_BYTES): Generator<CsvBatch> {
  // the Parser's own push-style core (its `api`): fed slice by slice without going through a Node stream
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
  let header: string[] | null = opts.header_row === null ? null : undefined!;
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
  for (let at = 0; at < bytes.length || at === 0; at += sliceBytes) {
    const end = at + sliceBytes >= bytes.length;
    let err: Error | undefined;
    try {
      err = parser.parse(Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.min(sliceBytes, bytes.length - at)), end, push, () => {});
    } catch (e) {
      err = e as Error;
    }
    if (err) throw err instanceof UploadParseError ? err : parseError(err);
    if (pending.length || end) {
      if (header === undefined || header === null) throw new UploadParseError("No columns to parse from file", null);
      yield { header, rows: pending };
      pending = [];
    }
    if (end) break;
  }
}

function parseError(e: Error): UploadParseError {
  const line = e instanceof CsvError ? ((e as unknown as { lines?: number }).lines ?? null) : null;
  const message = e.message.replace(/^(Invalid|Quote|Malformed)[^:]*:\s*/, "");
  return new UploadParseError(line !== null && !/line \d+/.test(message) ? `${message} (line ${line})` : message, line);
}
