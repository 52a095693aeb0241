import { describe, expect, test } from "vitest";
import { diffDatasetStates, diffSavedQueryStates } from "./diff-dataset";
import { datasetRestore, savedQueryRestore } from "./restore-data";
import { draftFields, mergedDraft } from "./drafts";

const col = (id: number, column_name: string, more: Record<string, unknown> = {}) => ({ id, column_name, verbose_name: null, is_dttm: 0, groupby: 1, filterable: 1, expression: null, ...more });
const metric = (id: number, metric_name: string, expression: string) => ({ id, metric_name, expression, verbose_name: null });
const texts = (before: Record<string, unknown>, after: Record<string, unknown>) => diffDatasetStates(before, after, { databaseNames: new Map([[1, "examples"], [2, "warehouse"]]) }).map((l) => l.text);

describe("dataset diff in words", () => {
  test("properties, database by name, SQL by lines", () => {
    expect(texts(
      { table_name: "a", database_id: 1, sql: "SELECT 1", cache_timeout: null, filter_select_enabled: 1 },
      { table_name: "b", database_id: 2, sql: "SELECT 1\nFROM t", cache_timeout: 60, filter_select_enabled: 0 },
    )).toEqual(["Database: examples → warehouse", 'Name: "a" → "b"', "Cache timeout: (none) → 60", "Autocomplete filter values: yes → no", "SQL changed (1 line added, 0 removed)"]);
  });
  test("columns added, removed, renamed (same id) and edited; a column re-created under a new id is matched by name", () => {
    const before = { columns: [col(1, "a"), col(2, "b"), col(3, "c"), col(4, "d", { verbose_name: "Dee" })] };
    const after = { columns: [col(1, "a", { is_dttm: 1, verbose_name: "Day" }), col(2, "bee"), col(9, "d", { verbose_name: "Dee" }), col(10, "e")] };
    expect(texts(before, after)).toEqual(['Column added: "e"', 'Column removed: "c"', 'Column "a": label (none) → "Day"; temporal no → yes', 'Column renamed: "b" → "bee"']);
  });
  test("metrics by their expression and label; nothing changed, nothing said", () => {
    const before = { metrics: [metric(1, "count", "COUNT(*)"), metric(2, "total", "SUM(x)")] };
    expect(texts(before, { metrics: [metric(1, "count", "COUNT(1)"), metric(2, "total", "SUM(x)")] })).toEqual(['Metric "count": SQL expression "COUNT(*)" → "COUNT(1)"']);
    expect(texts(before, before)).toEqual([]);
  });
});

describe("saved query diff in words", () => {
  test("name, database, SQL and schedule", () => {
    const lines = diffSavedQueryStates(
      { label: "Q", db_id: 1, sql: "SELECT 1", extra_json: "{}" },
      { label: "Q2", db_id: 2, sql: "", extra_json: JSON.stringify({ schedule_info: { crontab: "0 6 * * *" } }) },
      { databaseNames: new Map([[1, "examples"]]) },
    ).map((l) => l.text);
    expect(lines).toEqual(['Name: "Q" → "Q2"', "Database: examples → #2", "SQL removed", 'Schedule added: "0 6 * * *"']);
  });
});

describe("restoring datasets and saved queries", () => {
  test("columns keep the ids they have now (by id, else by name), booleans become booleans, a deleted database is listed", () => {
    const state = { table_name: "t", database_id: 7, filter_select_enabled: 0, columns: [col(1, "a"), col(5, "b")], metrics: [metric(3, "count", "COUNT(*)")] };
    const { values, notRestored } = datasetRestore(state, { columns: [{ id: 1, name: "a" }, { id: 8, name: "b" }], metrics: [] }, false);
    expect(values.columns).toEqual([
      { id: 1, column_name: "a", verbose_name: null, is_dttm: false, groupby: true, filterable: true, expression: null },
      { id: 8, column_name: "b", verbose_name: null, is_dttm: false, groupby: true, filterable: true, expression: null },
    ]);
    expect(values.metrics).toEqual([{ metric_name: "count", expression: "COUNT(*)", verbose_name: null }]);
    expect(values.filter_select_enabled).toBe(false);
    expect(values.database_id).toBeUndefined();
    expect(notRestored).toEqual([{ type: "database", id: 7, name: null }]);
  });
  test("a saved query whose database is gone keeps its own database, schema and catalog", () => {
    const { values, notRestored } = savedQueryRestore({ label: "Q", sql: "SELECT 1", db_id: 4, schema: "main", catalog: null }, false);
    expect(values).toEqual({ label: "Q", sql: "SELECT 1" });
    expect(notRestored).toEqual([{ type: "database", id: 4, name: null }]);
  });
});

describe("dashboard drafts", () => {
  test("a draft keeps only layout, title, metadata and CSS fields, naming the others it refuses", () => {
    expect(() => draftFields({ dashboard_title: "x", owners: [1] })).toThrow(/not: owners/);
    expect(() => draftFields({})).toThrow(/at least one/);
    expect(draftFields({ css: "a" })).toEqual({ css: "a" });
  });
  test("each edit lays over the draft so far, which lays over the live state", () => {
    const live = { dashboard_title: "Live", css: "", position_json: "{}", published: 1 };
    const first = mergedDraft(live, null, { dashboard_title: "Draft" });
    expect(mergedDraft(live, first, { css: "b{}" })).toEqual({
      dashboard_title: "Draft", slug: null, position_json: "{}", json_metadata: null, css: "b{}", certified_by: null, certification_details: null,
    });
  });
});
