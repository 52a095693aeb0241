import { expect, test } from "vitest";
import { syncColumns, syncSummary } from "./sync-columns";
import { readDatasetExtra, writeDatasetExtra } from "./dataset-extra";

const col = (column_name: string, type: string | null, extra: Partial<{ expression: string; verbose_name: string; is_dttm: boolean }> = {}) => ({
  column_name, type, type_generic: null as number | null, is_dttm: extra.is_dttm ?? false, expression: extra.expression ?? null, verbose_name: extra.verbose_name ?? null,
});

test("a sync keeps settings of columns still there, adds new ones, drops gone physical ones and never touches calculated ones", () => {
  const current = [col("name", "TEXT", { verbose_name: "Name" }), col("num", "INTEGER"), col("gone", "TEXT"), col("double_num", null, { expression: "num * 2" })];
  const source = [{ column_name: "name", type: "TEXT" }, { column_name: "num", type: "BIGINT", type_generic: 0 }, { column_name: "ds", type: "DATE", type_generic: 2, is_dttm: true }];
  const result = syncColumns(current, source, (s) => ({ ...col(s.column_name, s.type, { is_dttm: s.is_dttm }), type_generic: s.type_generic ?? null }));
  expect(result.columns.map((c) => c.column_name)).toEqual(["name", "num", "double_num", "ds"]);
  expect(result.columns[0].verbose_name).toBe("Name");
  expect(result.columns[1]).toMatchObject({ type: "BIGINT", type_generic: 0 });
  expect(result.columns[3]).toMatchObject({ type: "DATE", type_generic: 2, is_dttm: true });
  expect(result).toMatchObject({ added: ["ds"], modified: ["num"], removed: ["gone"] });
  expect(syncSummary(result)).toBe("Modified 1 column(s): num. Removed 1 column(s): gone. Added 1 new column(s): ds. Save the dataset to keep them.");
});

test("a sync with nothing new says so", () => {
  const current = [col("a", "TEXT")];
  const result = syncColumns(current, [{ column_name: "a", type: "TEXT" }], () => col("x", null));
  expect(result.columns).toEqual(current);
  expect(syncSummary(result)).toBe("The columns are already in sync with the source");
});

test("certification and warning are read from and written into extra, other keys kept", () => {
  const extra = JSON.stringify({ certification: { certified_by: "Data team", details: "Checked daily" }, warning_markdown: "Beta", foo: 1 });
  expect(readDatasetExtra(extra)).toEqual({ certified_by: "Data team", certification_details: "Checked daily", warning_markdown: "Beta" });
  expect(readDatasetExtra("{not json")).toEqual({ certified_by: "", certification_details: "", warning_markdown: "" });
  expect(JSON.parse(writeDatasetExtra(extra, { certified_by: " Ops ", certification_details: "", warning_markdown: "" })!)).toEqual({ foo: 1, certification: { certified_by: "Ops", details: "" } });
  expect(writeDatasetExtra(JSON.stringify({ warning_markdown: "x" }), { certified_by: "", certification_details: "ignored without a certifier", warning_markdown: "" })).toBeNull();
});
