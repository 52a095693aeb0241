import type { EngineUpload, UploadRowFormat } from "../spec";
import type { Cell } from "../../uploads/infer";
import type { ColumnKind } from "../../uploads/options";
import { CellRefused } from "../../uploads/errors";

// Uploads into ClickHouse: MergeTree tables sorted by the columns the user names (the form's sort_key; without
// one, no sorting key: an upload's rows have none we could know, and a guessed one costs a sort on every insert
// for reads it may not help), columns
// Nullable(…) only where the rows hold empties (Nullable costs a second column on disk and slows every read),
// DateTime in UTC (the upload's times are UTC: core/uploads/infer.ts parseDate), and rows sent as TabSeparated
// data after `INSERT … FORMAT TabSeparated` in a few large INSERTs: each INSERT makes a part the server merges
// later, and a table with too many parts refuses writes.

/** Date and DateTime (UInt16 days, UInt32 seconds) hold 1970 to 2105 on 18.16; a date outside wraps silently. */
const FIRST_DAY = "1970-01-01";
const LAST_DAY = "2105-12-31";

/** TabSeparated's escapes: a value can never end its field or its row. */
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r", "\0": "\\0" };
const NEEDS_ESCAPE = /[\\\t\n\r\0]/g;
const HAS_ESCAPE = /[\\\t\n\r\0]/;

function field(v: Cell, kind: ColumnKind, column: number): string {
  if (v === null) return "\\N";
  if (typeof v === "boolean") return v ? "1" : "0";
  if (typeof v === "number") {
    // the conversion never yields NaN or ±Infinity (core/uploads/infer.ts)
    if (!Number.isFinite(v)) throw new CellRefused(String(v), "not a number ClickHouse stores", column);
    return String(v);
  }
  if (kind === "date" || kind === "datetime") {
    // written by the upload's date parsing (digits, dashes, colons): nothing to escape
    const day = v.slice(0, 10);
    if (day < FIRST_DAY || day > LAST_DAY) throw new CellRefused(v, `ClickHouse stores dates from ${FIRST_DAY} to ${LAST_DAY}`, column);
    return v;
  }
  return HAS_ESCAPE.test(v) ? v.replace(NEEDS_ESCAPE, (c) => ESCAPES[c]) : v;
}

export const tabSeparated: UploadRowFormat = {
  name: "TabSeparated",
  line: (row, kinds) => row.map((v, i) => field(v, kinds[i], i)).join("\t"),
  maxBytes: 4 * 1024 * 1024,
};

export const clickhouseUpload: EngineUpload = {
  columnTypes: {
    integer: "Int64",
    real: "Float64",
    boolean: "UInt8",
    date: "Date",
    datetime: "DateTime('UTC')",
    text: "String",
  },
  nullable: (type) => `Nullable(${type})`,
  // 18.16 refuses a Nullable column in a sorting key: the key's columns are made without Nullable (spec.ts)
  tableOptions: (sortKey) => `ENGINE = MergeTree ORDER BY ${sortKey.length ? `(${sortKey.join(", ")})` : "tuple()"}`,
  rowFormat: tabSeparated,
  statementsPerWrite: 1,
  numberedParameters: false,
  integerBooleans: true,
  inlineRows: false,
  // ClickHouse renames each pair in turn (not atomically): the old table is moved aside, then the new one in
  renameSwap: true,
};
