import { expect, test } from "vitest";
import { effectiveLimit, limitConfig, limitOptions } from "./limits";
import { scrubEngineMessage, secretsOfUri } from "./scrub";
import { csvFileName, toCsv, UTF8_BOM } from "./csv";
import { clientIdOrNew, isClientId } from "./client-id";
import { checkFields } from "./fields";
import { naturalTime } from "./humanize";
import { dedupeNames, executionPayload, jsonSafe, queryToDict, userLabel, wireColumns, type QueryRowLike } from "./payloads";

test("the limit is queryLimit capped by SQL_MAX_ROW, DEFAULT_SQLLAB_LIMIT when absent", () => {
  const cfg = limitConfig("1000", "100000");
  expect(effectiveLimit(undefined, cfg)).toBe(1000);
  expect(effectiveLimit(50, cfg)).toBe(50);
  expect(effectiveLimit(500000, cfg)).toBe(100000);
  expect(effectiveLimit(0, cfg)).toBe(1000);
  expect(limitConfig("abc", undefined)).toEqual({ defaultLimit: 1000, maxRow: 100000 });
  expect(limitConfig("5000", "100")).toEqual({ defaultLimit: 100, maxRow: 100 });
});

test("engine messages lose hosts, users, passwords and addresses", () => {
  expect(scrubEngineMessage('password authentication failed for user "analyst"')).toBe('password authentication failed for user "***"');
  expect(scrubEngineMessage("connect ECONNREFUSED 10.0.0.5:5432")).toBe("connect ECONNREFUSED ***");
  expect(scrubEngineMessage("Access denied for user 'root'@'localhost' (using password: YES)")).not.toMatch(/root|localhost/);
  expect(scrubEngineMessage("could not connect to postgresql://bob:hunter2@db.internal:5432/x")).toBe("could not connect to ***");
  expect(scrubEngineMessage("relation \"nope\" does not exist")).toBe('relation "nope" does not exist');
  expect(scrubEngineMessage("timeout talking to db.internal as s3cret-pw", ["db.internal", "s3cret-pw"])).toBe("timeout talking to *** as ***");
});

test("the secrets of a connection URI are its user, password and host", () => {
  expect(secretsOfUri("postgresql://bob:p%40ss@db.example.com:5432/test", "real")).toEqual(["real", "bob", "p@ss", "db.example.com"]);
  expect(secretsOfUri("postgresql://bob:XXXXXXXXXX@h/db")).toEqual(["bob", "h"]);
  expect(secretsOfUri("d1://EXAMPLES")).toEqual(["EXAMPLES"]);
});

test("CSV has a BOM, quotes what needs quoting and defuses formulas", () => {
  const csv = toCsv(["name", "n", "note"], [["a,b", 1, 'say "hi"'], ["=cmd()", -2, null], ["line\nbreak", 3.5, true]]);
  expect(csv.startsWith(UTF8_BOM)).toBe(true);
  expect(csv.slice(1).split("\r\n")).toEqual(["name,n,note", '"a,b",1,"say ""hi"""', "'=cmd(),-2,", '"line\nbreak",3.5,true', ""]);
  expect(csvFileName("Untitled Query 1", new Date("2026-03-02T06:30:15.123Z"))).toBe("sqllab_untitled_query_1_20260302T063015.csv");
});

test("client ids are at most 11 safe characters; a missing one is generated", () => {
  expect(isClientId("aB3_-x9Qz01")).toBe(true);
  expect(isClientId("toolong12345")).toBe(false);
  expect(() => clientIdOrNew("bad id!", () => new Uint8Array(11))).toThrow(/client_id/);
  const fresh = clientIdOrNew(undefined, (n) => crypto.getRandomValues(new Uint8Array(n)));
  expect(isClientId(fresh) && fresh.length === 11).toBe(true);
});

test("duplicate result column names get Superset's __N suffix", () => {
  expect(dedupeNames(["a", "b", "a", "a", "a__1"])).toEqual(["a", "b", "a__1", "a__2", "a__1__1"]);
});

test("values JSON cannot carry become safe ones", () => {
  expect(jsonSafe(12n)).toBe(12);
  expect(jsonSafe(2n ** 70n)).toBe("1180591620717411303424");
  expect(jsonSafe(new Uint8Array([1, 255]))).toBe("01ff");
  expect(jsonSafe(Number.NaN)).toBeNull();
});

const row: QueryRowLike = {
  id: 7, client_id: "abcdefghijk", database_id: 1, user_id: 1, status: "SUCCESS", tab_name: "Untitled Query 1",
  sql_editor_id: "3", catalog: null, schema: "main", sql: "select 1", executed_sql: "select 1 limit 1001", limit: 1000,
  limiting_factor: "NOT_LIMITED", select_as_cta: false, tmp_table_name: null, tmp_schema_name: null, progress: 100, rows: 1,
  error_message: null, results_key: null, tracking_url: null, start_time: 1, end_time: 2, extra_json: '{"x":1}', changed_on: "2026-01-01T00:00:00.000Z",
};

test("a query row becomes Superset's Query.to_dict and the execute payload", () => {
  const dict = queryToDict(row, { database: "examples", user: userLabel({ first_name: "Ada", last_name: "L", username: "ada" }) });
  expect(dict).toMatchObject({ id: "abcdefghijk", queryId: 7, serverId: 7, dbId: 1, db: "examples", state: "success", user: "Ada L", extra: { x: 1 }, sqlEditorId: "3" });
  const cols = wireColumns([{ name: "n", type: "INTEGER", type_generic: 0, is_dttm: false }, { name: "n", type: "TEXT", type_generic: 1, is_dttm: false }]);
  const p = executionPayload(dict, cols, [[1, "x"]]);
  expect(p).toMatchObject({ status: "success", query_id: 7, expanded_columns: [], data: [{ n: 1, n__1: "x" }] });
  expect(p.selected_columns).toEqual(p.columns);
  expect(p.columns[1]).toEqual({ column_name: "n__1", name: "n__1", type: "TEXT", is_dttm: false, type_generic: 1 });
});

test("payload fields are checked like Marshmallow: unknown, missing, wrong type", () => {
  const spec = { sql: { kind: "string", required: true }, n: { kind: "integer", nullable: true }, o: { kind: "object" } } as const;
  expect(checkFields({ sql: "x", n: null, o: {} }, spec)).toEqual({ sql: "x", n: null, o: {} });
  try {
    checkFields({ n: "1", o: [], extra: 1 }, spec);
    expect.unreachable();
  } catch (e) {
    expect((e as { fieldErrors: unknown }).fieldErrors).toEqual({
      extra: ["Unknown field."], sql: ["Missing data for required field."], n: ["Not a valid integer."], o: ["Not a valid mapping type."],
    });
  }
});

test("natural time reads like Superset's humanized deltas", () => {
  const now = new Date("2026-03-02T12:00:00Z");
  expect(naturalTime("2026-03-02T11:57:00Z", now)).toBe("3 minutes ago");
  expect(naturalTime("2026-03-02T11:00:00Z", now)).toBe("an hour ago");
  expect(naturalTime("2026-02-27T12:00:00Z", now)).toBe("3 days ago");
  expect(naturalTime(null, now)).toBeNull();
});

test("the limit dropdown offers powers of ten below SQL_MAX_ROW and the maximum itself, even below 10", () => {
  expect(limitOptions(100_000)).toEqual([10, 100, 1000, 10_000, 100_000]);
  expect(limitOptions(5000)).toEqual([10, 100, 1000, 5000]);
  expect(limitOptions(5)).toEqual([5]);
  expect(limitOptions(1)).toEqual([1]);
  expect(limitOptions(5000, 250)).toEqual([10, 100, 250, 1000, 5000]);
});
