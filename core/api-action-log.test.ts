import { expect, test } from "vitest";
import { actionNameOf, apiActionRow, isLoggedAction } from "./api-action-log";

const base = { path: "/x", status: 200, params: {}, durationMs: 12.6 };

test.each([
  ["POST", "/api/v1/sqllab/execute/", "SqlLabRestApi.execute"],
  ["POST", "/api/v1/chart/data", "ChartRestApi.data"],
  ["GET", "/api/v1/chart/:pk", "ChartRestApi.get"],
  ["PUT", "/api/v1/database/:pk", "DatabaseRestApi.put"],
  ["POST", "/api/v1/database/", "DatabaseRestApi.post"],
  ["DELETE", "/api/v1/dataset/", "DatasetRestApi.bulk_delete"],
  ["DELETE", "/api/v1/dataset/:pk/column/:column_id", "DatasetRestApi.delete_column"],
  ["POST", "/api/v1/security/users/", "UserRestApi.post"],
  ["DELETE", "/api/v1/security/roles/:pk", "RoleRestApi.delete"],
  ["POST", "/api/v1/saved_query/", "SavedQueryRestApi.post"],
  ["POST", "/login/", "login"],
  ["POST", "/logout/", "logout"],
])("%s %s is named %s, as Superset's event logger names it", (method, path, name) => {
  expect(actionNameOf(method, path)).toBe(name);
});

test("writes and object views are logged; the log's own sends, editor state and list reads are not", () => {
  expect(isLoggedAction("DELETE", "/api/v1/chart/:pk")).toBe(true);
  expect(isLoggedAction("GET", "/api/v1/chart/:pk/data/")).toBe(true);
  expect(isLoggedAction("GET", "/api/v1/chart/")).toBe(false);
  expect(isLoggedAction("GET", "/api/v1/database/:pk")).toBe(false);
  expect(isLoggedAction("POST", "/tptanalytics/log/")).toBe(false);
  expect(isLoggedAction("PUT", "/tabstateview/:id")).toBe(false);
  expect(isLoggedAction("POST", "/api/v1/security/refresh")).toBe(false);
});

test("the row carries the path, status, chosen body fields and the chart id, never a password", () => {
  const row = apiActionRow({
    ...base,
    method: "PUT",
    routePath: "/api/v1/chart/:pk",
    path: "/api/v1/chart/42",
    params: { pk: "42" },
    body: { slice_name: "Sales", params: "{\"huge\":1}", password: "secret", owners: [1] },
  });
  expect(row).toMatchObject({ action: "ChartRestApi.put", slice_id: 42, dashboard_id: null, duration_ms: 13 });
  expect(JSON.parse(row!.json)).toEqual({ path: "/api/v1/chart/42", path_no_int: "/api/v1/chart", method: "PUT", status: 200, params: { pk: "42" }, slice_name: "Sales" });
  expect(row!.json).not.toContain("secret");
});

test("chart data names its datasource and saved chart; a connection string loses its credentials", () => {
  const data = apiActionRow({ ...base, method: "POST", routePath: "/api/v1/chart/data", body: { datasource: { id: 3, type: "table" }, form_data: { slice_id: 9 }, queries: [] } });
  expect(data).toMatchObject({ action: "ChartRestApi.data", slice_id: 9 });
  expect(JSON.parse(data!.json)).toMatchObject({ datasource_id: 3, datasource_type: "table", slice_id: 9 });
  const db = apiActionRow({ ...base, method: "POST", routePath: "/api/v1/database/", body: { database_name: "pg", sqlalchemy_uri: "postgresql://u:pw@host/db" } });
  expect(JSON.parse(db!.json)).toMatchObject({ database_name: "pg", sqlalchemy_uri: "postgresql://host/db" });
});

test("SQL is kept, cut at 4000 characters; handler details win over the body", () => {
  const row = apiActionRow({ ...base, method: "POST", routePath: "/api/v1/sqllab/execute/", body: { sql: "x".repeat(5000), database_id: 1 }, details: { database_id: 2 } });
  const json = JSON.parse(row!.json);
  expect(json.sql).toHaveLength(4001);
  expect(json.database_id).toBe(2);
  expect(apiActionRow({ ...base, method: "GET", routePath: "/api/v1/chart/" })).toBeNull();
});
