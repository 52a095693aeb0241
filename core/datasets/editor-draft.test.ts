import { expect, test } from "vitest";
import { draftFrom, draftKey, draftProblems, savePayload, type SavedDataset } from "./editor-draft";

const saved: SavedDataset = {
  sql: "SELECT name, num FROM birth_names", template_params: null, description: null, extra: JSON.stringify({ foo: "kept" }),
  cache_timeout: null, offset: 0, default_endpoint: null, main_dttm_col: null, filter_select_enabled: true, normalize_columns: false,
  always_filter_main_dttm: false,
  columns: [
    { id: 1, column_name: "name", verbose_name: null, type: "TEXT", type_generic: 1, is_dttm: false, filterable: true, groupby: true, expression: null, python_date_format: null },
    { id: 2, column_name: "double_num", verbose_name: null, type: null, is_dttm: false, filterable: true, groupby: true, expression: "num * 2", python_date_format: null },
  ],
  metrics: [{ id: 5, metric_name: "count", expression: "COUNT(*)", verbose_name: "COUNT(*)", d3format: null, description: null }],
};

test("an untouched draft saves Superset's PUT fields unchanged and re-reads nothing", () => {
  const draft = draftFrom(saved);
  expect(draft.columns.map((c) => c.calculated)).toEqual([false, true]);
  const { body, overrideColumns } = savePayload(draft, saved, true);
  expect(overrideColumns).toBe(false);
  expect(body).toMatchObject({ sql: saved.sql, extra: saved.extra, cache_timeout: null, description: null, template_params: null });
  expect(body.columns).toEqual([
    { id: 1, column_name: "name", verbose_name: null, description: null, type: "TEXT", type_generic: 1, is_dttm: false, filterable: true, groupby: true, expression: null, python_date_format: null },
    { id: 2, column_name: "double_num", verbose_name: null, description: null, type: null, is_dttm: false, filterable: true, groupby: true, expression: "num * 2", python_date_format: null },
  ]);
  expect(body.metrics).toEqual([{ id: 5, metric_name: "count", expression: "COUNT(*)", verbose_name: "COUNT(*)", d3format: null, description: null }]);
});

test("changed SQL re-reads the columns; certification goes into extra beside other keys; a physical dataset sends no SQL", () => {
  const draft = { ...draftFrom(saved), sql: "SELECT name FROM birth_names", certified_by: "Data team", certification_details: "Daily", cache_timeout: 600 };
  const { body, overrideColumns } = savePayload(draft, saved, true);
  expect(overrideColumns).toBe(true);
  expect(JSON.parse(body.extra as string)).toEqual({ foo: "kept", certification: { certified_by: "Data team", details: "Daily" } });
  expect(body.cache_timeout).toBe(600);
  expect(draftKey(draft)).not.toBe(draftKey(draftFrom(saved)));
  expect("sql" in savePayload(draft, saved, false).body).toBe(false);
});

test("problems: a calculated column or metric without a name or an expression, a virtual dataset without SQL", () => {
  const draft = draftFrom(saved);
  draft.sql = " ";
  draft.columns.push({ ...draft.columns[1], key: "new1", id: undefined, column_name: "half", expression: "" });
  draft.columns.push({ ...draft.columns[1], key: "new2", id: undefined, column_name: "", expression: "num / 2" });
  draft.metrics.push({ key: "n", metric_name: "", expression: "", verbose_name: null, d3format: null, description: null });
  expect(draftProblems(draft, true)).toEqual([
    "A virtual dataset needs its SQL", 'Calculated column "half" needs a SQL expression', "Calculated column 3 needs a name", "Metric 2 needs a name",
  ]);
  expect(draftProblems(draftFrom(saved), true)).toEqual([]);
});
