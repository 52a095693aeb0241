import { expect, test } from "vitest";
import { csvBatches, csvStreamBatches } from "./csv";
import { planColumns, project } from "./frame";
import { convert, createInference, parseDate, strictConverter } from "./infer";
import { addFormField, newFormFields, readUploadOptions, type FormFields } from "./options";
import { d1Literal, D1_MAX_SQL_BYTES, isStaleStaging, STALE_STAGING_MS, stagingName, uploadSql } from "./sql";
import { UploadParseError } from "./errors";
import { uploadAllowed } from "./access";

const form = (fields: Record<string, string>): FormFields => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]]));
const opts = (fields: Record<string, string> = {}) => readUploadOptions(form({ type: "csv", table_name: "t", ...fields }));
const bytes = (text: string) => new TextEncoder().encode(text);
const rowsOf = (text: string, fields: Record<string, string> = {}, slice?: number) => [...csvBatches(bytes(text), opts(fields), slice)];

test("options: Superset's defaults, comma lists and Marshmallow's messages", () => {
  const o = opts({ columns_read: "a, b", null_values: "-,x" });
  expect(o).toMatchObject({ delimiter: ",", header_row: 0, skip_rows: 0, rows_to_read: null, already_exists: "fail", columns_read: ["a", "b"], null_values: ["-", "x"], decimal_character: "." });
  expect(opts().null_values).toContain("NA");
  expect(opts({ header_row: "" }).header_row).toBeNull();
  expect(() => readUploadOptions(form({ type: "xls", already_exists: "merge", skip_rows: "-1" }))).toThrow(
    expect.objectContaining({ status: 400, fieldErrors: { table_name: ["Missing data for required field."], type: ["Must be one of: csv, excel, columnar."], already_exists: ["Must be one of: fail, replace, append."], skip_rows: ["Must be greater than or equal to 0."] } }),
  );
  expect(opts({ column_data_types: '{"a":"int","b":"float64"}' }).column_data_types).toEqual({ a: "integer", b: "real" });
});

test("csv: header row after skipped lines, quoted fields across lines, line numbers, slices of any size", () => {
  const text = 'skip me\nid,txt\n1,"a\nb"\n2,plain\n';
  for (const slice of [3, 1 << 20]) {
    const batches = rowsOf(text, { skip_rows: "1" }, slice);
    expect(batches[0].header).toEqual(["id", "txt"]);
    expect(batches.flatMap((b) => b.rows)).toEqual([{ line: 4, values: ["1", "a\nb"] }, { line: 5, values: ["2", "plain"] }]);
  }
  expect(rowsOf("1,2\n3,4\n", { header_row: "" })[0]).toMatchObject({ header: ["0", "1"], rows: [{ line: 1, values: ["1", "2"] }, { line: 2, values: ["3", "4"] }] });
  expect(rowsOf("a\n1\n2\n3\n", { rows_to_read: "2" }).flatMap((b) => b.rows)).toHaveLength(2);
  // a slice boundary inside a multi-byte character
  expect(rowsOf("\uFEFFname\nÄé😀\n", {}, 1).flatMap((b) => b.rows)).toEqual([{ line: 2, values: ["Äé😀"] }]);
});

test("csv: a row with too many fields names its line; unclosed quotes fail", () => {
  expect(() => rowsOf("a,b\n1,2\n\n3,4,5\n")).toThrow(new UploadParseError("Expected 2 fields in line 4, saw 3", 4));
  expect(() => rowsOf('a,b\n1,"2\n')).toThrow(UploadParseError);
});

test("frame: columns_read, index column, dataframe index and repeated names", () => {
  expect(planColumns(["a", "b", "a"], opts())).toEqual([{ name: "a", source: 0 }, { name: "b", source: 1 }, { name: "a.1", source: 2 }]);
  expect(planColumns(["a", "b", "c"], opts({ columns_read: "c,a" })).map((c) => c.name)).toEqual(["a", "c"]);
  expect(planColumns(["a", "b"], opts({ index_column: "b", dataframe_index: "true", index_label: "key" }))).toEqual([{ name: "key", source: 1 }, { name: "a", source: 0 }]);
  expect(planColumns(["a", "b"], opts({ dataframe_index: "true" }))[0]).toEqual({ name: "index", source: "row_number" });
  expect(() => planColumns(["a"], opts({ columns_read: "z" }))).toThrow("Usecols do not match columns, columns expected but not found: ['z']");
  expect(project({ line: 2, values: ["1", "NA"] }, 7, [{ name: "i", source: "row_number" }, { name: "a", source: 0 }, { name: "b", source: 1 }], new Set(["NA"]))).toEqual(["7", "1", null]);
});

test("options: names every object inherits are fields and columns like any other, never Object.prototype's", () => {
  // a multipart field named __proto__ or constructor is a field; type=__proto__ is a type that is not one of the three
  const fields = newFormFields();
  for (const [name, value] of [["__proto__", "x"], ["constructor", "y"], ["type", "__proto__"], ["table_name", "t"], ["constructor", "z"]]) addFormField(fields, name, value);
  expect(fields.constructor).toEqual(["y", "z"]);
  expect(Object.keys(fields)).toEqual(["__proto__", "constructor", "type", "table_name"]);
  for (const type of ["__proto__", "constructor", "toString"]) {
    expect(() => readUploadOptions({ ...form({ table_name: "t" }), type: [type] })).toThrow(expect.objectContaining({ status: 400, fieldErrors: { type: ["Must be one of: csv, excel, columnar."] } }));
  }
  // a dtype named like an inherited property is no dtype; a column named constructor takes the kind given to it
  expect(() => opts({ column_data_types: '{"a":"constructor","b":"__proto__","c":"toString"}' })).toThrow(
    expect.objectContaining({ status: 400, fieldErrors: { column_data_types: ['Unsupported data type "constructor" for column "a".', 'Unsupported data type "__proto__" for column "b".', 'Unsupported data type "toString" for column "c".'] } }),
  );
  const o = opts({ column_data_types: '{"__proto__":"int","constructor":"float"}' });
  expect(createInference(["__proto__", "constructor", "toString", "hasOwnProperty"], o).kinds()).toEqual(["integer", "real", "text", "text"]);
});

test("inference: integer, real, boolean, date, datetime, text; declared kinds checked with their line", () => {
  const inf = createInference(["i", "r", "b", "d", "t", "s", "empty"], opts());
  inf.observe(["1", "1.5", "true", "2024-01-02", "2024-01-02 10:00", "x", null], 2);
  inf.observe(["-3", "2", "False", "2024-12-31", "2024-01-03T11:30:00Z", "2", null], 3);
  expect(inf.kinds()).toEqual(["integer", "real", "boolean", "date", "datetime", "text", "text"]);
  const declared = createInference(["when"], opts({ column_dates: "when", day_first: "true" }));
  declared.observe(["31/01/2024"], 2);
  expect(() => declared.observe(["soon"], 3)).toThrow('line 3: could not convert "soon" in column "when" to datetime');
  expect(declared.kinds()).toEqual(["datetime"]);
});

test("convert: decimal character, dates with offsets and day-first, impossible dates", () => {
  expect(convert("2,5", "real", { decimal_character: ",", day_first: false })).toBe(2.5);
  expect(convert("2.5", "real", { decimal_character: ",", day_first: false })).toBeUndefined();
  expect(convert("9007199254740993", "integer", { decimal_character: ".", day_first: false })).toBeUndefined();
  expect(parseDate("2024-01-02T10:00:00+02:00", false)).toBe("2024-01-02 08:00:00");
  expect(parseDate("02/03/2024", true)).toBe("2024-03-02 00:00:00");
  expect(parseDate("02/03/2024", false)).toBe("2024-02-03 00:00:00");
  expect(parseDate("2024-02-30", false)).toBeNull();
  // without an offset a date is checked and written without a Date object: the answers of one, edges included
  const viaDate = (y: number, mo: number, d: number, h: number, mi: number, s: number) => {
    const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
    const same = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
    return same ? date.toISOString().slice(0, 19).replace("T", " ") : null;
  };
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  for (const y of [0, 99, 100, 999, 1900, 2000, 2023, 2024, 2100, 9999]) {
    for (let mo = 0; mo <= 13; mo++) {
      for (const d of [0, 1, 28, 29, 30, 31, 32]) {
        for (const [h, mi, s] of [[0, 0, 0], [23, 59, 59], [24, 0, 0], [12, 60, 0], [12, 0, 60]]) {
          expect([y, mo, d, h, mi, s, parseDate(`${pad(y, 4)}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}`, false)]).toEqual([y, mo, d, h, mi, s, viaDate(y, mo, d, h, mi, s)]);
        }
      }
    }
  }
});

test("sql: engine types, bound placeholders sized to the engine, quoted names", () => {
  const columns = [{ name: 'we"ird', kind: "integer" as const }, { name: "ok", kind: "boolean" as const }];
  const pg = uploadSql({ engine: "postgresql", schema: "s", columns });
  expect(pg.create("t").sql).toBe('CREATE TABLE "s"."t" ("we""ird" BIGINT, "ok" BOOLEAN)');
  expect(pg.insert("t", [[1, true], [2, null]])).toEqual({ sql: 'INSERT INTO "s"."t" ("we""ird", "ok") VALUES ($1, $2), ($3, $4)', params: [1, true, 2, null] });
  const d1 = uploadSql({ engine: "d1", schema: null, columns });
  expect(d1.rowsPerInsert).toBe(50);
  expect(d1.insert("t", [[1, true]]).params).toEqual([1, 1]);
  expect(uploadSql({ engine: "mysql", schema: null, columns }).rename("a", "b", ["b", "c"]).sql).toBe("RENAME TABLE `b` TO `c`, `a` TO `b`");
});

test("access: allow_file_upload and the listed schemas", () => {
  expect(uploadAllowed({ allow_file_upload: false, extra: null }, null)).toBe(false);
  expect(uploadAllowed({ allow_file_upload: true, extra: null }, null)).toBe(true);
  const listed = { allow_file_upload: true, extra: JSON.stringify({ schemas_allowed_for_file_upload: ["up"] }) };
  expect(uploadAllowed(listed, "up")).toBe(true);
  expect(uploadAllowed(listed, "public")).toBe(false);
});

test("staging tables: named with their time; only one older than any running upload counts as left behind", () => {
  const now = Date.UTC(2026, 0, 1);
  const fresh = stagingName(now);
  expect(fresh).toMatch(/^_upload_[0-9a-z]+_[0-9a-f]{12}$/);
  expect(isStaleStaging(fresh, now + 60_000)).toBe(false);
  expect(isStaleStaging(fresh, now + STALE_STAGING_MS + 1000)).toBe(true);
  expect(isStaleStaging(`${fresh}_old`, now + STALE_STAGING_MS + 1000)).toBe(true);
  expect(isStaleStaging("_upload_notes", now)).toBe(false);
  expect(isStaleStaging("sales", now)).toBe(false);
});

async function* chunked(data: Uint8Array, size: number) {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

test("csv stream: chunks of any size give the rows, lines and header of the buffered read; fraction grows to 1", async () => {
  const text = "id,txt\n" + Array.from({ length: 5000 }, (_, i) => `${i},"line ${i}\nwith ""quotes"""`).join("\n") + "\n";
  const buffered = rowsOf(text).flatMap((b) => b.rows);
  for (const size of [7, 65536]) {
    const batches = [];
    for await (const b of csvStreamBatches(chunked(bytes(text), size), opts(), bytes(text).length)) batches.push(b);
    expect(batches.flatMap((b) => b.rows)).toEqual(buffered);
    expect(batches.every((b) => b.header.join() === "id,txt")).toBe(true);
    const fractions = batches.map((b) => b.fraction!);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
  }
  // rows_to_read: the rest is read past unparsed (an unclosed quote there is never seen)
  const head = [];
  for await (const b of csvStreamBatches(chunked(bytes('a\n1\n2\n"open'), 2), opts({ rows_to_read: "1" }), null)) head.push(...b.rows);
  expect(head).toEqual([{ line: 2, values: ["1"] }]);
});

test("strict conversion: a later value that does not fit the type the first rows chose is a bad row with its line", () => {
  const o = opts({ column_dates: "when" });
  const convertRow = strictConverter(["n", "d", "when", "t"], ["integer", "date", "datetime", "text"], o);
  expect(convertRow(["7", "2024-01-02", "2024-01-02 10:00", "x"], 3)).toEqual([7, "2024-01-02", "2024-01-02 10:00:00", "x"]);
  expect(convertRow([null, null, null, null], 4)).toEqual([null, null, null, null]);
  expect(() => convertRow(["7.5", "2024-01-02", null, "x"], 9)).toThrow(new UploadParseError('line 9: could not convert "7.5" in column "n" to integer (the type its first rows have: give another in column_data_types)', 9));
  // a date column chosen from the rows keeps dates only; a datetime is a bad row there
  expect(() => convertRow(["1", "2024-01-02 10:00", null, "x"], 10)).toThrow(/line 10: could not convert "2024-01-02 10:00" in column "d" to date/);
  expect(() => convertRow(["1", null, "soon", "x"], 11)).toThrow(new UploadParseError('line 11: could not convert "soon" in column "when" to datetime', 11));
});

test("d1 literals: numbers, NULL, 1/0 and quoted strings; long strings and NULs are bound", () => {
  const bound: (string | number | boolean | null)[] = [];
  expect([1, -2.5, 1e21, null, true, false, "it's"].map((v) => d1Literal(v, bound))).toEqual(["1", "-2.5", "1e+21", "NULL", "1", "0", "'it''s'"]);
  expect(bound).toEqual([]);
  expect(d1Literal("a\0b", bound)).toBe("?");
  expect(d1Literal("x".repeat(5000), bound)).toBe("?");
  expect(bound).toEqual(["a\0b", "x".repeat(5000)]);
  expect(() => d1Literal(NaN, bound)).toThrow();
});

test("packer: D1 statements stay under 90 KB and 100 bound values; other engines bind rows up to their limit", () => {
  const columns = [{ name: "n", kind: "integer" as const }, { name: "s", kind: "text" as const }];
  const d1 = uploadSql({ engine: "d1", schema: null, columns }).packer("t");
  const statements = [];
  const rows = Array.from({ length: 20_000 }, (_, i) => [i, i % 100 === 0 ? "y".repeat(5000) : `row ${i} ünïcödé`]);
  for (const row of rows) {
    const st = d1.push(row);
    if (st) statements.push(st);
  }
  statements.push(d1.end()!);
  expect(d1.end()).toBeNull();
  for (const st of statements) {
    expect(new TextEncoder().encode(st.sql).length).toBeLessThanOrEqual(D1_MAX_SQL_BYTES);
    expect(st.params.length).toBeLessThanOrEqual(100);
    expect(st.sql.startsWith('INSERT INTO "t" ("n", "s") VALUES (')).toBe(true);
  }
  // every row is in exactly one statement, in order
  const values = statements.flatMap((st) => [...st.sql.matchAll(/\((\d+), /g)].map((m) => Number(m[1])));
  expect(values).toEqual(rows.map((r) => r[0]));
  expect(statements.length).toBeLessThan(60);
  const pg = uploadSql({ engine: "postgresql", schema: null, columns }).packer("t");
  const pgStatements = rows.map((r) => pg.push(r)).filter((st) => st !== null);
  expect(pgStatements).toHaveLength(20); // 1,000 rows a statement at most
  expect(pgStatements[0]!.params).toHaveLength(2000);
  expect(pg.held()).toBe(0);
});
