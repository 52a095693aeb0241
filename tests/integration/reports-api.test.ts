import { beforeAll, expect, test } from "vitest";
import { loginAs, loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, gammaWith, json, q, roleId, unique } from "../support/access";
import { openApiAvailable, shapeProblems } from "../support/openapi";

// /api/v1/report/ over HTTP against the real Worker: Superset's shapes (judged by its OpenAPI document), its
// validation messages, who may read and change which report, the list's rison filters, sorting and paging,
// and bulk delete. The execution log endpoints are in tests/worker/report-logs.test.ts (they need seeded runs).

let admin: ApiClient;
let chartId: number;
let dashboardId: number;
let databaseId: number;

async function created(res: Response): Promise<number> {
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return (JSON.parse(text) as { id: number }).id;
}

beforeAll(async () => {
  admin = await loginAsAdmin();
  const ds = await exampleDataset(admin, "birth_names");
  databaseId = ds.database.id;
  chartId = await created(await admin.post("/api/v1/chart/", { slice_name: `Report chart ${unique()}`, viz_type: "table", datasource_id: ds.id, datasource_type: "table", params: "{}" }));
  const position = { DASHBOARD_VERSION_KEY: "v2", ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["TABS-1"] }, "TABS-1": { type: "TABS", id: "TABS-1", children: ["TAB-a"] }, "TAB-a": { type: "TAB", id: "TAB-a", children: [] } };
  dashboardId = await created(await admin.post("/api/v1/dashboard/", { dashboard_title: `Report dashboard ${unique()}`, position_json: JSON.stringify(position) }));
});

const report = (fields: Record<string, unknown> = {}) => ({
  type: "Report", name: `Weekly ${unique()}`, crontab: "0 9 * * 1", timezone: "Europe/Paris", chart: chartId, report_format: "PNG",
  recipients: [{ type: "Email", recipient_config_json: { target: "a@example.com", ccTarget: "b@example.com", bccTarget: "c@example.com" } }],
  ...fields,
});

async function alphaClient(): Promise<ApiClient & { id: number }> {
  const username = `alpha_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const res = await admin.post("/api/v1/security/users/", { username, first_name: "Al", last_name: "Pha", email: `${username}@example.com`, password, roles: [await roleId(admin, "Alpha")] });
  const id = await created(res);
  return Object.assign(await loginAs(username, password), { id });
}

/**
 * Shape problems, except where Superset itself answers null: FAB dumps an unset relation (a chart report's
 * dashboard and database) as null, though the document types them as objects without `nullable`.
 */
const shapeCheck = (method: "get" | "post" | "put" | "delete", template: string, status: number, body: { result?: Record<string, unknown> }) => {
  if (!openApiAvailable) return;
  const nullRelation = (p: string) => ["chart", "dashboard", "database"].some((k) => p.startsWith(`/result/${k} `) && body.result?.[k] === null);
  expect(shapeProblems(method, template, status, body).filter((p) => !nullRelation(p)), `${method} ${template}`).toEqual([]);
};

test("create, read, list, update and delete answer in Superset's published shapes", async () => {
  const res = await admin.post("/api/v1/report/", report({ description: "to marketing", custom_width: 1000, email_subject: "Weekly numbers" }));
  const body = await json(res.clone());
  const id = await created(res);
  shapeCheck("post", "/api/v1/report/", 201, body);
  expect(body.result).toMatchObject({ type: "Report", chart: chartId, timezone: "Europe/Paris" });

  const one = await json(await admin.get(`/api/v1/report/${id}`));
  shapeCheck("get", "/api/v1/report/{pk}", 200, one);
  expect(one.result).toMatchObject({
    id, type: "Report", crontab: "0 9 * * 1", timezone: "Europe/Paris", active: true, last_state: "Not triggered", log_retention: 90,
    working_timeout: 3600, grace_period: 14400, custom_width: 1000, email_subject: "Weekly numbers", description: "to marketing",
    chart: { id: chartId, viz_type: "table" }, dashboard: null, database: null, creation_method: "alerts_reports",
  });
  expect(JSON.parse(one.result.recipients[0].recipient_config_json)).toEqual({ target: "a@example.com", ccTarget: "b@example.com", bccTarget: "c@example.com" });
  expect(one.result.owners.map((o: { id: number }) => o.id)).toHaveLength(1);

  const list = await json(await admin.get(`/api/v1/report/?q=${q({ filters: [{ col: "name", opr: "report_all_text", value: one.result.name }] })}`));
  shapeCheck("get", "/api/v1/report/", 200, list);
  expect(list.count).toBe(1);
  expect(list.result[0]).toMatchObject({ id, crontab_humanized: "At 09:00 AM, only on Monday", chart_id: chartId, recipients: [{ type: "Email" }] });

  const put = await admin.put(`/api/v1/report/${id}`, { active: false, crontab: "*/30 * * * *" });
  const putBody = await json(put);
  expect(put.status).toBe(200);
  // not judged by the document: its PUT schema gives creation_method `nullable` without a `type`, which no JSON
  // Schema validator compiles; the answer is Superset's `{ id, result: <the validated body> }`
  expect(putBody).toEqual({ id, result: { active: false, crontab: "*/30 * * * *" } });
  expect((await json(await admin.get(`/api/v1/report/${id}`))).result).toMatchObject({ active: false, crontab: "*/30 * * * *" });

  const info = await json(await admin.get(`/api/v1/report/_info?q=${q({ keys: ["permissions", "filters"] })}`));
  expect(info.permissions).toEqual(["can_read", "can_write"]);
  expect(info.filters.name.map((f: { operator: string }) => f.operator)).toContain("report_all_text");

  const del = await admin.delete(`/api/v1/report/${id}`);
  expect(del.status).toBe(200);
  expect(await json(del)).toEqual({ message: "OK" });
  const gone = await admin.get(`/api/v1/report/${id}`);
  expect(gone.status).toBe(404);
  expect((await json(gone)).message).toBe("Report Schedule not found.");
});

test("field and command errors are Superset's messages", async () => {
  const fieldErrors = async (body: Record<string, unknown>, status = 400) => {
    const res = await admin.post("/api/v1/report/", body);
    expect(res.status, JSON.stringify(body)).toBe(status);
    return (await json(res)).message;
  };
  expect(await fieldErrors({})).toEqual({ crontab: ["Missing data for required field."], name: ["Missing data for required field."], type: ["Missing data for required field."] });
  expect((await fieldErrors(report({ crontab: "every monday" }))).crontab).toEqual(["Cron expression is not valid"]);
  expect((await fieldErrors(report({ crontab: "0 0 9 * * 1" }))).crontab).toEqual(["Cron expression is not valid"]);
  expect((await fieldErrors(report({ timezone: "Mars/Olympus" }))).timezone).toHaveLength(1);
  expect((await fieldErrors(report({ report_format: "XLSX" }))).report_format).toEqual(["Must be one of: PDF, PNG, CSV, TEXT."]);
  expect((await fieldErrors(report({ type: "Digest" }))).type).toEqual(["Must be one of: Alert, Report."]);
  expect((await fieldErrors(report({ name: "" }))).name).toEqual(["Length must be between 1 and 150."]);
  expect((await fieldErrors(report({ log_retention: 0 }))).log_retention).toEqual(["Must be greater than or equal to 1."]);
  expect((await fieldErrors(report({ custom_width: 100 }))).custom_width).toEqual(["Screenshot width must be between 600px and 2400px"]);
  expect((await fieldErrors(report({ database: databaseId }))).database).toEqual(["Database reference is not allowed on a report"]);
  expect((await fieldErrors(report({ bogus: 1 }))).bogus).toEqual(["Unknown field."]);

  expect(await fieldErrors(report({ dashboard: dashboardId }), 422)).toEqual({ chart: ["Choose a chart or dashboard not both"] });
  expect(await fieldErrors(report({ chart: null }), 422)).toEqual({ chart: ["Must choose either a chart or a dashboard"] });
  expect(await fieldErrors(report({ chart: 99_999_999 }), 422)).toEqual({ chart: ["Chart does not exist"] });
  expect(await fieldErrors(report({ chart: null, dashboard: 99_999_999 }), 422)).toEqual({ dashboard: ["Dashboard does not exist"] });
  expect(await fieldErrors(report({ chart: null, dashboard: dashboardId, report_format: "CSV" }), 422)).toEqual({ report_format: ["CSV and TEXT formats are only available for charts"] });
  expect(await fieldErrors(report({ chart: null, dashboard: dashboardId, extra: { dashboard: { activeTabs: ["TAB-zzz"] } } }), 422)).toEqual({ extra: ["Invalid tab ids: {'TAB-zzz'}"] });
  expect(await fieldErrors(report({ type: "Alert" }), 422)).toEqual({ database: ["Database is required for alerts"], sql: ["SQL is required for alerts"] });

  // the dashboard's own tab is accepted; names are unique per type, so an alert may share a report's name
  const name = `Shared ${unique()}`;
  await created(await admin.post("/api/v1/report/", report({ name, chart: null, dashboard: dashboardId, extra: { dashboard: { activeTabs: ["TAB-a"] } } })));
  expect(await fieldErrors(report({ name }), 422)).toEqual({ name: ["Name must be unique"] });
  const alert = report({ name, type: "Alert", database: databaseId, sql: "SELECT 1", validator_type: "operator", validator_config_json: { op: ">", threshold: 10 } });
  const alertId = await created(await admin.post("/api/v1/report/", alert));
  const stored = (await json(await admin.get(`/api/v1/report/${alertId}`))).result;
  expect(stored).toMatchObject({ type: "Alert", sql: "SELECT 1", validator_type: "operator", database: { id: databaseId } });
  expect(JSON.parse(stored.validator_config_json)).toEqual({ op: ">", threshold: 10 });

  // from Explore, one report per chart (Superset's ReportScheduleCreationMethodUniquenessValidationError)
  const fromExplore = report({ creation_method: "charts" });
  await created(await admin.post("/api/v1/report/", fromExplore));
  const again = await admin.post("/api/v1/report/", { ...fromExplore, name: `Other ${unique()}` });
  expect(again.status).toBe(409);
  expect((await json(again)).message).toBe("Resource already has an attached report.");
});

test("Gamma may not read or write reports; an Alpha changes only reports it owns, and sees all", async () => {
  const gamma = await gammaWith(admin, []);
  expect((await gamma.get("/api/v1/report/")).status).toBe(403);
  expect((await gamma.post("/api/v1/report/", report())).status).toBe(403);

  const alpha = await alphaClient();
  const own = await created(await alpha.post("/api/v1/report/", report()));
  expect((await json(await alpha.get(`/api/v1/report/${own}`))).result.owners.map((o: { id: number }) => o.id)).toEqual([alpha.id]);
  const adminsReport = await created(await admin.post("/api/v1/report/", report()));
  // Alpha has all data access, so Superset's ReportScheduleFilter shows it every report, but it changes only its own
  expect((await alpha.get(`/api/v1/report/${adminsReport}`)).status).toBe(200);
  const forbidden = await alpha.put(`/api/v1/report/${adminsReport}`, { active: false });
  expect(forbidden.status).toBe(403);
  expect((await json(forbidden)).message).toBe("Changing this report is forbidden");
  expect((await alpha.delete(`/api/v1/report/${adminsReport}`)).status).toBe(403);
  expect((await alpha.delete(`/api/v1/report/?q=${q([own, adminsReport])}`)).status).toBe(403);
  expect((await alpha.get(`/api/v1/report/${own}`)).status).toBe(200);
  expect((await alpha.put(`/api/v1/report/${own}`, { description: "mine" })).status).toBe(200);
  expect((await alpha.delete(`/api/v1/report/${own}`)).status).toBe(200);
});

test("the list filters, sorts and pages as the Alerts & Reports page asks", async () => {
  const tag = unique();
  const alpha = await alphaClient();
  const a = await created(await admin.post("/api/v1/report/", report({ name: `${tag} b report` })));
  const b = await created(await alpha.post("/api/v1/report/", report({ name: `${tag} a report`, active: false, description: "Quarterly" })));
  const c = await created(await admin.post("/api/v1/report/", report({ name: `${tag} c alert`, type: "Alert", database: databaseId, sql: `SELECT 1 -- ${tag}-sql`, validator_type: "not null" })));
  const ids = async (query: Record<string, unknown>) => {
    const res = await admin.get(`/api/v1/report/?q=${q(query)}`);
    expect(res.status).toBe(200);
    return (await json(res)).ids as number[];
  };
  const text = { col: "name", opr: "report_all_text", value: tag };
  expect(await ids({ filters: [text], order_column: "name", order_direction: "asc" })).toEqual([b, a, c]);
  expect(await ids({ filters: [text], order_column: "name", order_direction: "desc", page_size: 2, page: 0 })).toEqual([c, a]);
  expect(await ids({ filters: [text], order_column: "name", order_direction: "desc", page_size: 2, page: 1 })).toEqual([b]);
  expect(await ids({ filters: [text, { col: "type", opr: "eq", value: "Alert" }] })).toEqual([c]);
  expect(await ids({ filters: [text, { col: "active", opr: "eq", value: false }] })).toEqual([b]);
  expect(await ids({ filters: [text, { col: "owners", opr: "rel_m_m", value: alpha.id }] })).toEqual([b]);
  expect(await ids({ filters: [text, { col: "created_by", opr: "rel_o_m", value: alpha.id }] })).toEqual([b]);
  expect(await ids({ filters: [text, { col: "last_state", opr: "eq", value: "Not triggered" }], order_column: "name" })).toEqual([b, a, c]);
  expect(await ids({ filters: [{ col: "name", opr: "report_all_text", value: `${tag}-sql` }] })).toEqual([c]);
  expect(await ids({ filters: [{ col: "name", opr: "report_all_text", value: "quarterly" }, text] })).toEqual([b]);
  expect((await admin.get(`/api/v1/report/?q=${q({ order_column: "sql" })}`)).status).toBe(400);

  const related = await json(await admin.get(`/api/v1/report/related/chart?q=${q({ filter: "Report chart" })}`));
  expect(related.result.map((r: { value: number }) => r.value)).toContain(chartId);
  const dashboards = await json(await admin.get("/api/v1/report/related/dashboard"));
  expect(dashboards.result.map((r: { value: number }) => r.value)).toContain(dashboardId);
  expect((await json(await admin.get("/api/v1/report/related/database"))).result.map((r: { value: number }) => r.value)).toContain(databaseId);
  expect((await json(await admin.get(`/api/v1/report/related/owners?q=${q({ filter: "Al Pha" })}`))).count).toBeGreaterThan(0);
  expect((await admin.get("/api/v1/report/related/sql")).status).toBe(404);

  const bulk = await admin.delete(`/api/v1/report/?q=${q([a, b, c])}`);
  expect(bulk.status).toBe(200);
  expect(await json(bulk)).toEqual({ message: "Deleted 3 report schedules" });
  expect(await ids({ filters: [text] })).toEqual([]);
  expect((await admin.delete(`/api/v1/report/?q=${q([a])}`)).status).toBe(404);
});

test("a dashboard report's native-filter values and per-recipient mapping: kept in extra, unknown filters and recipients refused", async () => {
  const filter = { id: "NATIVE_FILTER-region", type: "NATIVE_FILTER", name: "Gender", filterType: "filter_select", targets: [{ column: { name: "gender" } }], scope: { rootPath: ["ROOT_ID"], excluded: [] } };
  const withFilters = await created(await admin.post("/api/v1/dashboard/", { dashboard_title: `Filtered ${unique()}`, json_metadata: JSON.stringify({ native_filter_configuration: [filter] }) }));
  const entry = (id: string, values: unknown[]) => ({ nativeFilterId: id, filterName: "Gender", filterType: "filter_select", columnName: "gender", filterValues: values });
  const extra = (recipientNativeFilters: unknown[], nativeFilters = [entry("NATIVE_FILTER-region", ["boy"])]) => ({ dashboard: { nativeFilters, recipientNativeFilters } });
  const body = (e: Record<string, unknown>) => report({ chart: null, dashboard: withFilters, extra: e });
  const refused = async (res: Response) => {
    expect(res.status).toBe(400);
    return (await json(res)).message;
  };
  expect(await refused(await admin.post("/api/v1/report/", body(extra([], [entry("NATIVE_FILTER-nope", ["x"])]))))).toEqual({ extra: ["Unknown native filter id: NATIVE_FILTER-nope"] });
  expect(await refused(await admin.post("/api/v1/report/", body(extra([{ recipient: "eve@example.com", nativeFilters: [] }]))))).toEqual({ extra: ["Unknown recipient: eve@example.com is not among the report's email recipients"] });
  expect(await refused(await admin.post("/api/v1/report/", report({ extra: extra([]) })))).toEqual({ extra: ["Native filter values apply to dashboard reports only"] });

  const mapping = extra([{ recipient: "b@example.com", nativeFilters: [entry("NATIVE_FILTER-region", ["girl"])] }]);
  const id = await created(await admin.post("/api/v1/report/", body(mapping)));
  expect((await json(await admin.get(`/api/v1/report/${id}`))).result.extra).toEqual(mapping);
  // dropping the mapped recipient while the mapping names them is refused; dropping both is fine
  const onlyA = [{ type: "Email", recipient_config_json: { target: "a@example.com" } }];
  expect(await refused(await admin.put(`/api/v1/report/${id}`, { recipients: onlyA }))).toEqual({ extra: ["Unknown recipient: b@example.com is not among the report's email recipients"] });
  expect((await admin.put(`/api/v1/report/${id}`, { recipients: onlyA, extra: extra([]) })).status).toBe(200);
});
