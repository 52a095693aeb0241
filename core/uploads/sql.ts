import { engineSpec, type EngineName } from "../engines/registry";
import type { EngineSpec, UploadRowFormat } from "../engines/spec";
import type { ColumnKind } from "./options";
import type { Cell } from "./infer";

// The statements of an upload, per engine. Rows go to a staging table first and reach the target in one last
// step (rename, or INSERT … SELECT for append), so a failure at any point leaves the target as it was.
// Values are bound parameters, SQLite literals (D1, below) or the lines of an engine's data format (EngineUpload.rowFormat);
// only quoted identifiers are spliced into the text.

/** An engine an upload writes to: every engine's spec says how (core/engines/<name>/index.ts, `upload`). */
export type UploadEngine = EngineName;

export interface Statement {
  sql: string;
  params: Cell[];
}

const MAX_ROWS = 1000;
/**
 * D1 takes 100 bound parameters but 100 KB of SQL a statement: binding every value would write 100 values a
 * statement (12 rows of 8 columns), so D1's rows are written as SQL literals instead, up to 90 KB a statement
 * (a few hundred rows). A string too long to be worth inlining, or holding a NUL, is still bound.
 */
export const D1_MAX_SQL_BYTES = 90_000;
const INLINE_STRING_CHARS = 4096;

export interface TableSpec {
  /** a built-in engine's name, or an engine's spec */
  engine: UploadEngine | EngineSpec;
  schema: string | null;
  /** nullable: the column may hold empties (only engines whose types take none by default read it; absent: true) */
  columns: { name: string; kind: ColumnKind; nullable?: boolean }[];
  /** the columns (by name, in order) the table is sorted by, on engines with tableOptions */
  sortKey?: string[];
}

export function uploadSql(spec: TableSpec) {
  const engine = typeof spec.engine === "string" ? engineSpec(spec.engine) : spec.engine;
  const d = engine.dialect;
  const { upload } = engine;
  // bound parameters a statement may carry: D1 allows 100; the others far more, kept moderate for memory
  const maxParams = engine.limits.maxBoundParameters;
  const q = (name: string) => d.quoteIdentifier(name);
  const table = (name: string) => d.qualifiedTable(name, spec.schema);
  const columnList = spec.columns.map((c) => q(c.name)).join(", ");
  const columnType = (c: TableSpec["columns"][number]) => {
    const type = upload.columnTypes[c.kind];
    return upload.nullable && c.nullable !== false ? upload.nullable(type) : type;
  };
  const placeholders = (rows: number) => {
    let n = 0;
    const one = () => (upload.numberedParameters ? `$${++n}` : "?");
    return Array.from({ length: rows }, () => `(${spec.columns.map(one).join(", ")})`).join(", ");
  };
  return {
    rowsPerInsert: Math.max(1, Math.min(MAX_ROWS, Math.floor(maxParams / Math.max(1, spec.columns.length)))),
    create(name: string): Statement {
      const cols = spec.columns.map((c) => `${q(c.name)} ${columnType(c)}`).join(", ");
      const options = upload.tableOptions ? ` ${upload.tableOptions((spec.sortKey ?? []).map(q))}` : "";
      return { sql: `CREATE TABLE ${table(name)} (${cols})${options}`, params: [] };
    },
    /** the column (by position) made to take empties, on engines whose types take none by default */
    makeNullable(name: string, column: number): Statement {
      const c = spec.columns[column];
      return { sql: `ALTER TABLE ${table(name)} MODIFY COLUMN ${q(c.name)} ${columnType({ ...c, nullable: true })}`, params: [] };
    },
    insert(name: string, rows: Cell[][]): Statement {
      const params = rows.flat().map((v) => (typeof v === "boolean" && upload.integerBooleans ? (v ? 1 : 0) : v));
      return { sql: `INSERT INTO ${table(name)} (${columnList}) VALUES ${placeholders(rows.length)}`, params };
    },
    /**
     * Packs rows into INSERTs within the engine's limits: push() hands back a full statement when the row did not
     * fit in the one being built (the row then starts the next), end() the last one.
     */
    packer(name: string) {
      const head = `INSERT INTO ${table(name)} (${columnList}) VALUES `;
      const rowsPer = this.rowsPerInsert;
      if (upload.rowFormat) return formatPacker(`INSERT INTO ${table(name)} (${columnList}) FORMAT ${upload.rowFormat.name}\n`, upload.rowFormat, spec.columns.map((c) => c.kind));
      if (!upload.inlineRows) {
        let rows: Cell[][] = [];
        return {
          push: (row: Cell[]): Statement | null => {
            rows.push(row);
            if (rows.length < rowsPer) return null;
            const st = this.insert(name, rows);
            rows = [];
            return st;
          },
          end: (): Statement | null => (rows.length ? this.insert(name, rows.splice(0)) : null),
          held: () => rows.length,
        };
      }
      let parts: string[] = [];
      let params: Cell[] = [];
      let bytes = head.length;
      const take = (): Statement | null => {
        if (!parts.length) return null;
        const st = { sql: head + parts.join(", "), params };
        [parts, params, bytes] = [[], [], head.length];
        return st;
      };
      return {
        push(row: Cell[]): Statement | null {
          const bound: Cell[] = [];
          const text = `(${row.map((v) => d1Literal(v, bound)).join(", ")})`;
          const size = utf8Length(text) + 2;
          const full = parts.length >= MAX_ROWS || bytes + size > D1_MAX_SQL_BYTES || params.length + bound.length > maxParams;
          const done = full ? take() : null;
          parts.push(text);
          params.push(...bound);
          bytes += size;
          return done;
        },
        end: take,
        held: () => parts.length,
      };
    },
    drop(name: string): Statement {
      return { sql: `DROP TABLE IF EXISTS ${table(name)}`, params: [] };
    },
    /** renames staging to target; in MySQL a list of pairs swaps atomically */
    rename(from: string, to: string, also?: [string, string]): Statement {
      if (upload.renameSwap) {
        const pairs = [...(also ? [also] : []), [from, to]].map(([a, b]) => `${table(a)} TO ${table(b)}`);
        return { sql: `RENAME TABLE ${pairs.join(", ")}`, params: [] };
      }
      return { sql: `ALTER TABLE ${table(from)} RENAME TO ${q(to)}`, params: [] };
    },
    appendFrom(staging: string, target: string): Statement {
      return { sql: `INSERT INTO ${table(target)} (${columnList}) SELECT ${columnList} FROM ${table(staging)}`, params: [] };
    },
  };
}

/**
 * Rows as the lines of an INSERT's data, up to the format's byte budget a statement. The head is the engine's
 * fixed text around the gated INSERT's table and columns; a line escapes whatever would end its field or row, so
 * the data is read as data.
 */
function formatPacker(head: string, format: UploadRowFormat, kinds: ColumnKind[]) {
  let lines: string[] = [];
  let bytes = 0;
  const take = (): Statement | null => {
    if (!lines.length) return null;
    const st = { sql: `${head}${lines.join("\n")}\n`, params: [] };
    [lines, bytes] = [[], 0];
    return st;
  };
  return {
    push(row: Cell[]): Statement | null {
      const text = format.line(row, kinds);
      const size = utf8Length(text) + 1;
      const done = bytes + size > format.maxBytes ? take() : null;
      lines.push(text);
      bytes += size;
      return done;
    },
    end: take,
    held: () => lines.length,
  };
}

/**
 * A value as a SQLite literal: numbers as written (finite: the conversion never yields NaN or ±Infinity), booleans
 * as 1/0, strings quoted with their quotes doubled (SQLite strings have no other escape). A long string or one
 * holding a NUL (which would end the statement's text) is bound instead: `?`, its value pushed onto `bound`.
 */
export function d1Literal(v: Cell, bound: Cell[]): string {
  if (v === null) return "NULL";
  if (typeof v === "boolean") return v ? "1" : "0";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
    return String(v);
  }
  if (v.length > INLINE_STRING_CHARS || v.includes("\0")) {
    bound.push(v);
    return "?";
  }
  return `'${v.replaceAll("'", "''")}'`;
}

function utf8Length(s: string): number {
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(s)) return s.length;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? (i++, 4) : 3;
  }
  return n;
}

// Staging tables carry the time they were made: one left by an upload that never finished (the Worker stopped
// mid-write, so its clean-up never ran) is dropped by the next upload into that schema once it is older than any
// upload still running could be; a younger one may be another upload's, and is left alone.
const STAGING = /^_upload_([0-9a-z]{1,10})_[0-9a-f]{12}(_old)?$/;
export const STALE_STAGING_MS = 60 * 60 * 1000;

export function stagingName(now = Date.now()): string {
  return `_upload_${Math.floor(now / 1000).toString(36)}_${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
}

export function isStaleStaging(table: string, now = Date.now()): boolean {
  const m = STAGING.exec(table);
  return !!m && now - parseInt(m[1], 36) * 1000 > STALE_STAGING_MS;
}
