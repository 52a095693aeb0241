import { expect, test } from "vitest";
import { csvBatches } from "./csv";
import { planColumns, project } from "./frame";
import { convert, createInference, parseDate, strictConverter } from "./infer";
import { PANDAS_NA_VALUES, readUploadOptions, type FormFields } from "./options";
import { checkUploadWidth } from "./width";
import { D1_MAX_COLUMNS } from "../connectors/limits";

// What pandas' read_csv does with Superset's options, for the cases the correctness issue names: D1's column
// limit, pandas' missing-value tokens, year-only and year-month dates in parse_dates columns.

const form = (fields: Record<string, string>): FormFields => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]]));
const opts = (fields: Record<string, string> = {}) => readUploadOptions(form({ type: "csv", table_name: "t", ...fields }));

/** The file read, projected, typed and converted as writeUpload does, all rows at once. */
function read(text: string, fields: Record<string, string> = {}) {
  const o = opts(fields);
  const batches = [...csvBatches(new TextEncoder().encode(text), o)];
  const columns = planColumns(batches[0].header, o);
  const names = columns.map((c) => c.name);
  const nulls = new Set(o.null_values);
  const rows = batches.flatMap((b) => b.rows).map((r, i) => ({ line: r.line, values: project(r, i, columns, nulls) }));
  const inference = createInference(names, o);
  for (const r of rows) inference.observe(r.values, r.line);
  const kinds = inference.kinds();
  const convertRow = strictConverter(names, kinds, o);
  return { names, kinds, rows: rows.map((r) => convertRow(r.values, r.line)) };
}

test("D1: an upload wider than D1_MAX_COLUMNS is refused with the limit and the way out; other engines take it", () => {
  expect(D1_MAX_COLUMNS).toBe(100);
  const header = Array.from({ length: 137 }, (_, i) => `c${i}`);
  const wide = planColumns(header, opts()).length;
  expect(wide).toBe(137);
  expect(() => checkUploadWidth("d1", wide)).toThrow(expect.objectContaining({ status: 422 }));
  expect(() => checkUploadWidth("d1", wide)).toThrow(
    'The file has 137 columns to write, but a table in a D1 database holds at most 100. Pick at most 100 columns with "Columns to read", or upload the file into a PostgreSQL or MySQL database.',
  );
  expect(() => checkUploadWidth("d1", D1_MAX_COLUMNS)).not.toThrow();
  expect(() => checkUploadWidth("postgresql", wide)).not.toThrow();
  expect(() => checkUploadWidth("mysql", wide)).not.toThrow();
  // the width is counted after columns_read, with the index pandas writes
  const picked = planColumns(header, opts({ columns_read: header.slice(0, 99).join(","), dataframe_index: "true" }));
  expect(picked).toHaveLength(100);
  expect(() => checkUploadWidth("d1", picked.length)).not.toThrow();
});

test("missing values: pandas' default tokens are NULL in every column, and a numeric column stays numeric", () => {
  expect(opts().null_values).toEqual(PANDAS_NA_VALUES);
  const tokens = PANDAS_NA_VALUES.filter((t) => t !== "");
  const lines = ["n,r,s,b", "1,1.5,x,true", ...tokens.map((t) => `${t},${t},${t},${t}`), ",,,", "2,2.5,y,false"];
  const { kinds, rows } = read(lines.join("\n"));
  expect(kinds).toEqual(["integer", "real", "text", "boolean"]);
  expect(rows[0]).toEqual([1, 1.5, "x", true]);
  expect(rows.slice(1, -1)).toEqual(Array.from({ length: tokens.length + 1 }, () => [null, null, null, null]));
  expect(rows.at(-1)).toEqual([2, 2.5, "y", false]);
});

test("missing values: an empty null_values field keeps pandas' defaults; the user's values replace them, as Superset asks pandas", () => {
  // Superset's DelimitedListField reads "" as [] and passes keep_default_na=not null_values
  expect(opts({ null_values: "" }).null_values).toEqual(PANDAS_NA_VALUES);
  expect(read("a,b\n1,N/A\nN/A,x\n", { null_values: "" }).rows).toEqual([[1, null], [null, "x"]]);
  expect(opts({ null_values: "-, ?" }).null_values).toEqual(["-", "?"]);
  expect(opts({ null_values: "-," }).null_values).toEqual(["-", ""]);
  const own = read("a,b\n1,-\n-,NA\n", { null_values: "-" });
  expect(own.rows).toEqual([[1, null], [null, "NA"]]);
});

test("dates: a year alone or a year and month in a parse_dates column is the first day, as pandas reads it", () => {
  expect(parseDate("2006", false)).toBe("2006-01-01 00:00:00");
  expect(parseDate("2006-03", false)).toBe("2006-03-01 00:00:00");
  expect(parseDate("2006/3", false)).toBe("2006-03-01 00:00:00");
  expect(parseDate("03/2006", true)).toBe("2006-03-01 00:00:00");
  expect(parseDate("2006-13", false)).toBeNull();
  expect(convert("2006", "date", { decimal_character: ".", day_first: false })).toBe("2006-01-01");
  expect(convert("NaT", "datetime", { decimal_character: ".", day_first: false })).toBeNull();
  const { kinds, rows } = read("year,month,n\n2006,2006-03,1\nNA,,2\n2007,NaT,3\n", { column_dates: "year,month" });
  expect(kinds).toEqual(["datetime", "datetime", "integer"]);
  expect(rows).toEqual([["2006-01-01 00:00:00", "2006-03-01 00:00:00", 1], [null, null, 2], ["2007-01-01 00:00:00", null, 3]]);
  // without parse_dates a year column stays a number, as pandas reads it
  expect(read("year\n2006\n2007\n").kinds).toEqual(["integer"]);
});
