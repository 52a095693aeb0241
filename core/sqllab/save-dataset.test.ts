import { expect, test } from "vitest";
import { datasetCreateBody, datasetTemplateParams, exploreFormDataFor, exploreUrl } from "./save-dataset";

test("the dataset body carries only fields of Superset's DatasetRestApi.post schema", () => {
  const body = datasetCreateBody({ dbId: 3, sql: "SELECT 1 AS one", schema: "public", catalog: null, templateParams: null }, "  my set ");
  expect(body).toEqual({ database: 3, catalog: null, schema: "public", sql: "SELECT 1 AS one", table_name: "my set", is_managed_externally: false, external_url: null });
  const allowed = ["always_filter_main_dttm", "catalog", "database", "external_url", "is_managed_externally", "normalize_columns", "owners", "schema", "sql", "table_name", "template_params"];
  expect(Object.keys(body).filter((k) => !allowed.includes(k))).toEqual([]);
});

test("template parameters lose Superset's _filters entry and are left out when empty or malformed", () => {
  expect(datasetTemplateParams('{"a": 1, "_filters": []}')).toBe('{"a":1}');
  expect(datasetTemplateParams('{"_filters": []}')).toBeUndefined();
  expect(datasetTemplateParams("{not json")).toBeUndefined();
  expect(datasetTemplateParams("[1]")).toBeUndefined();
  expect(datasetCreateBody({ dbId: 1, sql: "SELECT 1", templateParams: '{"x": "y"}' }, "n").template_params).toBe('{"x":"y"}');
});

test("Explore opens the new dataset as a table of the query's columns, by form data key", () => {
  expect(exploreFormDataFor(7, ["a", "b"])).toMatchObject({ datasource: "7__table", viz_type: "table", all_columns: ["a", "b"] });
  expect(exploreUrl("ab/c")).toBe("/explore/?form_data_key=ab%2Fc");
});
