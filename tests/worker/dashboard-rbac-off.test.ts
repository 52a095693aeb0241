import { expect, test } from "vitest";
import { json, listAll, roleId, unique } from "../support/access";
import { loginAs, loginAsAdmin } from "../support/client";

// Without DASHBOARD_RBAC (the default) a dashboard's roles grant nothing: the user holding the role but not
// the data of its charts does not see it (tests/worker/isolated/dashboard-public-rbac.test.ts has the setting on).

test("with DASHBOARD_RBAC off, a dashboard's roles do not grant it", async () => {
  const admin = await loginAsAdmin();
  const role = await admin.post("/api/v1/security/roles/", { name: `rbac_off_${unique()}` });
  const roleIdValue = (await json(role)).id as number;
  const flights = (await listAll(admin, "/api/v1/dataset/")).find(
    (d: { table_name: string; database: { database_name: string } }) => d.table_name === "flights" && d.database.database_name === "examples",
  );
  const chart = await admin.post("/api/v1/chart/", { slice_name: `Off ${unique()}`, viz_type: "pie", datasource_id: flights.id, datasource_type: "table", params: "{}" });
  const chartId = (await json(chart)).id as number;
  const layout = {
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-1"], parents: ["ROOT_ID"] },
    "ROW-1": { type: "ROW", id: "ROW-1", children: [`CHART-${chartId}`], parents: ["ROOT_ID", "GRID_ID"] },
    [`CHART-${chartId}`]: { type: "CHART", id: `CHART-${chartId}`, children: [], meta: { chartId, width: 6, height: 50 } },
  };
  const dash = await admin.post("/api/v1/dashboard/", { dashboard_title: `Roles only ${unique()}`, published: true, roles: [roleIdValue], position_json: JSON.stringify(layout) });
  expect(dash.status).toBe(201);
  const dashId = (await json(dash)).id as number;
  const username = `rbacoff_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const made = await admin.post("/api/v1/security/users/", {
    username, first_name: "Rob", last_name: "Off", email: `${username}@example.com`, password, roles: [await roleId(admin, "Gamma"), roleIdValue],
  });
  expect(made.status).toBe(201);
  const user = await loginAs(username, password);
  expect((await user.get(`/api/v1/dashboard/${dashId}`)).status).toBe(404);
  expect((await admin.get(`/api/v1/dashboard/${dashId}`)).status).toBe(200);
  // nor its charts' data: a request naming the dashboard and chart still needs access to their dataset
  const data = await user.post("/api/v1/chart/data", {
    datasource: { id: flights.id, type: "table" }, form_data: { dashboardId: dashId, slice_id: chartId },
    queries: [{ metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "n" }] }], result_format: "json", result_type: "full",
  });
  expect(data.status).toBe(403);
});
