import { expect, test } from "vitest";
import { ApiError } from "../http/errors";
import { datasetScope, scopeAllows } from "./access";
import { parseDatasetCreate, parseDatasetUpdate, parseDuplicate, parseGetOrCreate } from "./payloads";

const fieldErrors = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return { status: e.status, fields: e.fieldErrors };
    throw e;
  }
  throw new Error("expected a validation error");
};

test("create needs a database and a table name, and reports every problem at once", () => {
  expect(fieldErrors(() => parseDatasetCreate({}))).toEqual({
    status: 400,
    fields: { database: ["Missing data for required field."], table_name: ["Missing data for required field."] },
  });
  expect(fieldErrors(() => parseDatasetCreate({ database: "1", table_name: "", colour: 1 })).fields).toEqual({
    colour: ["Unknown field."],
    database: ["Not a valid integer."],
    table_name: ["Length must be between 1 and 250."],
  });
});

test("create normalises an empty schema and blank SQL to null", () => {
  expect(parseDatasetCreate({ database: 1, table_name: "t", schema: "", sql: "  " })).toMatchObject({ database: 1, table_name: "t", schema: null, sql: null });
  expect(parseDatasetCreate({ database: 2, table_name: "v", sql: "SELECT 1", owners: [3, 3] })).toMatchObject({ sql: "SELECT 1", owners: [3] });
});

test("get_or_create and duplicate read Superset's field names", () => {
  expect(parseGetOrCreate({ database_id: 4, table_name: "flights", schema: "main" })).toMatchObject({ database: 4, table_name: "flights", schema: "main" });
  expect(fieldErrors(() => parseGetOrCreate({ table_name: "x" })).fields).toEqual({ database_id: ["Missing data for required field."] });
  expect(parseDuplicate({ base_model_id: 1, table_name: "copy" })).toEqual({ base_model_id: 1, table_name: "copy" });
});

test("update validates nested columns and metrics with indexed field names", () => {
  const errors = fieldErrors(() =>
    parseDatasetUpdate({ columns: [{ column_name: "a", is_dttm: "yes" }], metrics: [{ metric_name: "m" }], extra: "{not json" }),
  );
  expect(errors.fields).toEqual({
    "columns.0.is_dttm": ["Not a valid boolean."],
    "metrics.0.expression": ["Missing data for required field."],
    extra: ["Field cannot be decoded by JSON."],
  });
});

test("update keeps only the fields sent, and a currency object becomes JSON text", () => {
  const update = parseDatasetUpdate({
    description: "births",
    metrics: [{ id: 3, metric_name: "sum__num", expression: "SUM(num)", d3format: ",d", currency: { symbol: "USD", symbolPosition: "prefix" } }],
  });
  expect(update).toEqual({
    description: "births",
    metrics: [{ id: 3, metric_name: "sum__num", expression: "SUM(num)", d3format: ",d", currency: '{"symbol":"USD","symbolPosition":"prefix"}' }],
  });
});

test("duplicated column or metric names are a 422", () => {
  const dupColumns = fieldErrors(() => parseDatasetUpdate({ columns: [{ column_name: "a" }, { column_name: "a" }] }));
  expect(dupColumns).toEqual({ status: 422, fields: { columns: ["One or more columns are duplicated"] } });
  const dupMetrics = fieldErrors(() => parseDatasetUpdate({ metrics: [{ metric_name: "m", expression: "1" }, { metric_name: "m", expression: "2" }] }));
  expect(dupMetrics.fields).toEqual({ metrics: ["One or more metrics are duplicated"] });
});

const principal = (roles: string[], pairs: string[]) => ({ id: 1, username: "u", roles, permissions: new Set(pairs) });

test("dataset scope: admins and all_datasource_access see everything", () => {
  expect(datasetScope(principal(["Admin"], []))).toEqual({ all: true });
  expect(datasetScope(principal(["Alpha"], ["all_datasource_access|all_datasource_access"]))).toEqual({ all: true });
});

test("dataset scope: database, schema and datasource access are read from permission names", () => {
  const scope = datasetScope(principal(["Gamma"], [
    "can_read|Dataset", "database_access|[examples].(id:1)", "datasource_access|[warehouse].[orders](id:7)", "schema_access|[warehouse].[sales]",
  ]));
  expect(scope).toEqual({ all: false, databaseIds: [1], datasetIds: [7], schemas: [{ database: "warehouse", schema: "sales" }] });
  expect(scopeAllows(scope, { id: 2, database_id: 1, schema: "main" }, "examples")).toBe(true);
  expect(scopeAllows(scope, { id: 7, database_id: 2, schema: "public" }, "warehouse")).toBe(true);
  expect(scopeAllows(scope, { id: 8, database_id: 2, schema: "sales" }, "warehouse")).toBe(true);
  expect(scopeAllows(scope, { id: 9, database_id: 2, schema: "public" }, "warehouse")).toBe(false);
  expect(scopeAllows(datasetScope(principal(["Gamma"], ["can_read|Dataset"])), { id: 2, database_id: 1, schema: "main" }, "examples")).toBe(false);
});

test("template parameters must be a JSON object, and the field error says why", () => {
  expect(parseDatasetCreate({ database: 1, table_name: "v", sql: "SELECT {{ n }}", template_params: '{"n": 3}' }).template_params).toBe('{"n": 3}');
  expect(parseDatasetUpdate({ template_params: "  " }).template_params).toBeNull();
  const bad = fieldErrors(() => parseDatasetCreate({ database: 1, table_name: "v", template_params: "{n: 3}" }));
  expect(bad.status).toBe(400);
  expect(bad.fields?.template_params?.[0]).toMatch(/^Template parameters must be valid JSON: /);
  expect(fieldErrors(() => parseDatasetUpdate({ template_params: "[1, 2]" })).fields).toEqual({
    template_params: ['Template parameters must be a JSON object, for example {"name": "value"}.'],
  });
});
