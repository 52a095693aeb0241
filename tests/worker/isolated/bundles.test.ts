import { beforeAll, expect, inject, test } from "vitest";
import { strToU8, unzipSync, strFromU8, zipSync } from "fflate";
import { loginAsAdmin, type ApiClient } from "../../support/client";
import { gammaWith, q } from "../../support/access";
import { skipWithout } from "../../support/prerequisite";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import type { QueryData } from "../../../core/charts/contract";
import { getChartType } from "../../../core/charts/registry";

// Superset's asset bundles through the real Worker and D1: Superset's own example bundle (7 dashboards, 86 charts,
// 18 datasets) imported as it is, its dashboards drawn from their imported layouts, exported and imported back
// without duplicates; Superset's 422 errors per file. Its own Miniflare: the imported rows would crowd the other
// files' listings.

const EXAMPLES = inject("supersetExamples");
const SKIP = skipWithout(EXAMPLES !== null, "Superset's example bundle (../shared/data/superset-examples/configs)", inject("ci"));
const SUPERSET_EXAMPLES_DB = "a2dc77af-e654-49bb-b321-40f6b559a1ee";

let admin: ApiClient;
let examplesDb: { id: number; uuid: string; database_name: string; sqlalchemy_uri: string };

beforeAll(async () => {
  admin = await loginAsAdmin();
  const res = await admin.get(`/api/v1/database/?q=${q({ filters: [{ col: "database_name", opr: "eq", value: "examples" }] })}`);
  const { result } = (await res.json()) as { result: { id: number }[] };
  examplesDb = ((await (await admin.get(`/api/v1/database/${result[0].id}`)).json()) as { result: typeof examplesDb }).result;
});

const zip = (files: Record<string, string>, root = "bundle") => zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [`${root}/${k}`, strToU8(v)])));

async function importZip(path: string, bytes: Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("formData", new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/zip" }), "bundle.zip");
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await admin.raw(path, { method: "POST", body: form });
  return { status: res.status, body: (await res.json()) as { message?: string; errors?: { message: string; error_type: string; extra: Record<string, unknown> }[] } };
}

/** Superset's example bundle, pointed at our examples database by a databases/ entry. */
function exampleBundle(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [path, text] of Object.entries(EXAMPLES!)) files[path] = text.replaceAll(SUPERSET_EXAMPLES_DB, examplesDb.uuid);
  files["databases/examples.yaml"] = `database_name: examples\nsqlalchemy_uri: ${examplesDb.sqlalchemy_uri}\nexpose_in_sqllab: true\nextra: {}\nuuid: ${examplesDb.uuid}\nversion: 1.0.0\n`;
  return files;
}

const dashboardFiles = () => Object.keys(EXAMPLES!).filter((p) => p.startsWith("dashboards/"));

async function dashboardsByTitle(): Promise<Map<string, number>> {
  const res = await admin.get(`/api/v1/dashboard/?q=${q({ page_size: 100 })}`);
  const { result } = (await res.json()) as { result: { id: number; dashboard_title: string }[] };
  return new Map(result.map((d) => [d.dashboard_title, d.id]));
}

const chartCount = async () => ((await (await admin.get(`/api/v1/chart/?q=${q({ page_size: 1 })}`)).json()) as { count: number }).count;

test.skipIf(SKIP)("Superset's example bundle imports as it is, and each dashboard's layout names its imported charts", async () => {
  const before = await chartCount();
  const started = Date.now();
  const res = await importZip("/api/v1/dashboard/import/", zip(exampleBundle(), "examples"));
  const took = Date.now() - started;
  expect(res, JSON.stringify(res.body).slice(0, 2000)).toMatchObject({ status: 200, body: { message: "OK" } });
  console.log(`imported Superset's example bundle in ${took} ms`);
  // some files of Superset's bundle share a uuid: one chart each
  const chartUuids = new Set(Object.entries(EXAMPLES!).filter(([p]) => p.startsWith("charts/")).map(([, text]) => /^uuid: (.*)$/m.exec(text)![1]));
  expect(await chartCount()).toBe(before + chartUuids.size);

  const titles = await dashboardsByTitle();
  for (const file of dashboardFiles()) {
    const title = /^dashboard_title: (.*)$/m.exec(EXAMPLES![file])![1].replace(/^'|'$/g, "");
    const id = titles.get(title);
    expect(id, title).toBeDefined();
    const dash = ((await (await admin.get(`/api/v1/dashboard/${id}`)).json()) as { result: { position_json: string; json_metadata: string } }).result;
    const charts = ((await (await admin.get(`/api/v1/dashboard/${id}/charts`)).json()) as { result: { id: number }[] }).result.map((c) => c.id);
    const placed = Object.values(JSON.parse(dash.position_json) as Record<string, { type: string; meta?: { chartId: number } }>)
      .filter((n) => n.type === "CHART").map((n) => n.meta!.chartId);
    expect(placed.length, title).toBeGreaterThan(0);
    for (const chartId of placed) expect(charts, `${title}: chart ${chartId}`).toContain(chartId);
    const meta = JSON.parse(dash.json_metadata) as { native_filter_configuration?: { targets: { datasetId?: number; datasetUuid?: string }[] }[] };
    for (const f of meta.native_filter_configuration ?? []) for (const t of f.targets) expect(t.datasetUuid).toBeUndefined();
  }
  // the imported charts draw from their datasets here: the Sales dashboard's charts are on our cleaned_sales_data
  const sales = titles.get("Sales Dashboard")!;
  const salesCharts = ((await (await admin.get(`/api/v1/dashboard/${sales}/charts`)).json()) as { result: { id: number }[] }).result;
  const data = await admin.get(`/api/v1/chart/${salesCharts[0].id}/data/`);
  expect(data.status).toBe(200);
});

test.skipIf(SKIP)("importing again needs overwrite=true; with it nothing is duplicated; the export imports back", async () => {
  const bundle = zip(exampleBundle(), "examples");
  await importZip("/api/v1/dashboard/import/", bundle); // the first test may have been filtered out
  const again = await importZip("/api/v1/dashboard/import/", bundle);
  expect(again.status).toBe(422);
  expect(again.body.errors![0]).toMatchObject({ message: "Error importing dashboard", error_type: "GENERIC_COMMAND_ERROR" });
  for (const file of dashboardFiles()) expect(again.body.errors![0].extra[file]).toBe("Dashboard already exists and `overwrite=true` was not passed");

  const charts = await chartCount();
  const titles = await dashboardsByTitle();
  expect((await importZip("/api/v1/dashboard/import/", bundle, { overwrite: "true" })).status).toBe(200);
  expect(await chartCount()).toBe(charts);
  expect(await dashboardsByTitle()).toEqual(titles);

  const ids = [...titles.values()];
  const exported = await admin.get(`/api/v1/dashboard/export/?q=${q(ids)}`);
  expect(exported.status).toBe(200);
  expect(exported.headers.get("content-type")).toBe("application/zip");
  expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename="dashboard_export_\d{8}T\d{6}\.zip"$/);
  const entries = unzipSync(new Uint8Array(await exported.arrayBuffer()));
  const names = Object.keys(entries);
  const root = names[0].split("/")[0];
  expect(strFromU8(entries[`${root}/metadata.yaml`])).toMatch(/^version: 1\.0\.0\ntype: Dashboard\ntimestamp: /);
  expect(names.filter((n) => n.includes("/dashboards/"))).toHaveLength(ids.length);
  expect(names.filter((n) => n.includes("/databases/"))).toHaveLength(1);
  expect(names.filter((n) => n.includes("/charts/")).length).toBeGreaterThanOrEqual(80);
  // every exported dashboard's layout names its charts by uuid, every chart file is in the bundle
  const chartUuids = new Set(names.filter((n) => n.includes("/charts/")).map((n) => /^uuid: (.*)$/m.exec(strFromU8(entries[n]))![1]));
  for (const n of names.filter((x) => x.includes("/dashboards/"))) {
    for (const m of strFromU8(entries[n]).matchAll(/^ {6}uuid: (.*)$/gm)) expect(chartUuids).toContain(m[1]);
  }
  const back = await importZip("/api/v1/dashboard/import/", new Uint8Array(await (await admin.get(`/api/v1/dashboard/export/?q=${q(ids)}`)).arrayBuffer()), { overwrite: "true" });
  expect(back.status).toBe(200);
  expect(await chartCount()).toBe(charts);
});

const DB_UUID = "3f0e3ab8-70a6-4c44-9f41-6c0e4b1c2d01";
const pgDatabase = (name: string) => `database_name: ${name}\nsqlalchemy_uri: postgresql://postgres:XXXXXXXXXX@127.0.0.1:5432/test\nuuid: ${DB_UUID}\nversion: 1.0.0\n`;

test("a database with a masked password needs `passwords`; given it, the database imports and exports masked", async () => {
  const files = { "metadata.yaml": "version: 1.0.0\ntype: Database\ntimestamp: '2024-01-01T00:00:00+00:00'\n", "databases/pg_import.yaml": pgDatabase("pg_import") };
  const missing = await importZip("/api/v1/database/import/", zip(files));
  expect(missing.status).toBe(422);
  expect(missing.body.errors![0]).toMatchObject({ message: "Error importing database", extra: { "databases/pg_import.yaml": { _schema: ["Must provide a password for the database"] } } });
  const ok = await importZip("/api/v1/database/import/", zip(files), { passwords: JSON.stringify({ "databases/pg_import.yaml": "secret-pw" }) });
  expect(ok).toMatchObject({ status: 200, body: { message: "OK" } });
  const list = (await (await admin.get(`/api/v1/database/?q=${q({ filters: [{ col: "database_name", opr: "eq", value: "pg_import" }] })}`)).json()) as { result: { id: number }[] };
  const exported = await admin.get(`/api/v1/database/export/?q=${q([list.result[0].id])}`);
  const entries = unzipSync(new Uint8Array(await exported.arrayBuffer()));
  const text = strFromU8(entries[Object.keys(entries).find((n) => n.endsWith("/databases/pg_import.yaml"))!]);
  expect(text).toContain("sqlalchemy_uri: postgresql://postgres:XXXXXXXXXX@127.0.0.1:5432/test");
  expect(text).not.toContain("secret-pw");
});

test("overwriting a database of the same uuid with another host and the masked password asks for the password; nothing is written", async () => {
  const path = "databases/pg_import.yaml";
  const metadata = "version: 1.0.0\ntype: Database\ntimestamp: '2024-01-01T00:00:00+00:00'\n";
  const withUri = (uri: string) => zip({ "metadata.yaml": metadata, [path]: pgDatabase("pg_import").replace(/^sqlalchemy_uri: .*$/m, `sqlalchemy_uri: ${uri}`) });
  // the previous test may have been filtered out: make sure it exists, with a password
  expect((await importZip("/api/v1/database/import/", withUri("postgresql://postgres:XXXXXXXXXX@127.0.0.1:5432/test"), { overwrite: "true", passwords: JSON.stringify({ [path]: "stored-pw" }) })).status).toBe(200);
  const list = (await (await admin.get(`/api/v1/database/?q=${q({ filters: [{ col: "database_name", opr: "eq", value: "pg_import" }] })}`)).json()) as { result: { id: number }[] };
  const id = list.result[0].id;
  const uriNow = async () => ((await (await admin.get(`/api/v1/database/${id}`)).json()) as { result: { sqlalchemy_uri: string } }).result.sqlalchemy_uri;
  for (const moved of ["postgresql://postgres:XXXXXXXXXX@evil.example:5432/test", "postgresql://postgres:XXXXXXXXXX@127.0.0.1:6543/test", "postgresql://root:XXXXXXXXXX@127.0.0.1:5432/test", "postgresql://postgres:XXXXXXXXXX@127.0.0.1:5432/other"]) {
    const res = await importZip("/api/v1/database/import/", withUri(moved), { overwrite: "true" });
    expect(res.status, moved).toBe(422);
    expect(res.body.errors![0], moved).toMatchObject({ message: "Error importing database", error_type: "GENERIC_COMMAND_ERROR", extra: { [path]: { _schema: ["Must provide a password for the database"] } } });
    expect(await uriNow()).toBe("postgresql://postgres:XXXXXXXXXX@127.0.0.1:5432/test");
  }
  // the same target keeps its password; a new host with the password typed again is fine
  expect((await importZip("/api/v1/database/import/", withUri("postgresql://postgres:XXXXXXXXXX@127.0.0.1/test"), { overwrite: "true" })).status).toBe(200);
  expect((await importZip("/api/v1/database/import/", withUri("postgresql://postgres:XXXXXXXXXX@127.0.0.2:5432/test"), { overwrite: "true", passwords: JSON.stringify({ [path]: "typed-again" }) })).status).toBe(200);
  expect(await uriNow()).toBe("postgresql://postgres:XXXXXXXXXX@127.0.0.2:5432/test");
  // a URI written without a password stores none: the old one does not linger for the next host
  expect((await importZip("/api/v1/database/import/", withUri("postgresql://postgres@127.0.0.3:5432/test"), { overwrite: "true" })).status).toBe(200);
  const masked = await importZip("/api/v1/database/import/", withUri("postgresql://postgres:XXXXXXXXXX@127.0.0.3:5432/test"), { overwrite: "true" });
  expect(masked.status).toBe(422);
});

test("a wrong type, missing fields, bad uuids, malformed YAML and an unknown database answer 422 per file; nothing is written", async () => {
  const before = await chartCount();
  const chart = (uuid: string, extra = "") => `slice_name: Imported ${uuid.slice(0, 4)}\nviz_type: table\nparams: {}\nuuid: ${uuid}\ndataset_uuid: 6d3e0b7c-0000-4000-8000-000000000001\nversion: 1.0.0\n${extra}`;
  const res = await importZip("/api/v1/chart/import/", zip({
    "metadata.yaml": "version: 1.0.0\ntype: Dashboard\ntimestamp: '2024-01-01T00:00:00+00:00'\n",
    "charts/a.yaml": chart("not-a-uuid"),
    "charts/b.yaml": "viz_type: table\nuuid: 6d3e0b7c-0000-4000-8000-0000000000b2\nversion: 1.0.0\n",
    "charts/c.yaml": "slice_name: [unclosed\n",
    "charts/d.yaml": chart("6d3e0b7c-0000-4000-8000-0000000000d4"),
  }));
  expect(res.status).toBe(422);
  expect(res.body.errors![0].message).toBe("Error importing chart");
  expect(res.body.errors![0].extra).toMatchObject({
    "metadata.yaml": { type: ["Must be equal to Slice."] },
    "charts/a.yaml": { uuid: ["Not a valid UUID."] },
    "charts/b.yaml": { slice_name: ["Missing data for required field."], dataset_uuid: ["Missing data for required field."] },
    "charts/c.yaml": "Not a valid YAML file",
  });
  // d.yaml is valid on its own but its dataset is nowhere, and the bundle as a whole failed
  expect(await chartCount()).toBe(before);
});

test("a ZIP with a path climbing out of it, a non-ZIP, and a user without write rights are refused", async () => {
  const traversal = zipSync({ "../../evil.yaml": strToU8("a: 1"), "b/metadata.yaml": strToU8("version: 1.0.0\n") });
  const refused = await importZip("/api/v1/dashboard/import/", traversal);
  expect(refused.status).toBe(400);
  expect(refused.body.message).toContain("Unsafe file name");
  expect((await importZip("/api/v1/dashboard/import/", strToU8("hello"))).body.message).toBe("Not a ZIP file");
  const gamma = await gammaWith(admin, []);
  const form = new FormData();
  form.append("formData", new Blob([zip({ "metadata.yaml": "version: 1.0.0\n" })]), "b.zip");
  expect((await gamma.raw("/api/v1/dashboard/import/", { method: "POST", body: form })).status).toBe(403);
  expect((await gamma.get("/api/v1/assets/export/")).status).toBe(403);
  expect((await gamma.get(`/api/v1/database/export/?q=${q([examplesDb.id])}`)).status).toBe(403);
});

test("the assets export holds every type and imports back over itself", async () => {
  const res = await admin.get("/api/v1/assets/export/");
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const names = Object.keys(unzipSync(bytes));
  for (const folder of ["databases", "datasets", "charts", "dashboards"]) expect(names.some((n) => n.includes(`/${folder}/`)), folder).toBe(true);
  const charts = await chartCount();
  const back = await importZip("/api/v1/assets/import/", bytes);
  expect(back, JSON.stringify(back.body).slice(0, 1500)).toMatchObject({ status: 200 });
  expect(await chartCount()).toBe(charts);
});

/** The Births dashboard's export with a filter box (`params`) added to its layout, as a new dashboard. */
async function birthsWithFilterBox(params: Record<string, unknown>, meta: Record<string, unknown>) {
  const births = (await (await admin.get("/api/v1/dashboard/births")).json()) as { result: { id: number } };
  const entries = unzipSync(new Uint8Array(await (await admin.get(`/api/v1/dashboard/export/?q=${q([births.result.id])}`)).arrayBuffer()));
  const files = Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name.slice(name.indexOf("/") + 1), strFromU8(bytes)]));
  const dashPath = Object.keys(files).find((p) => p.startsWith("dashboards/"))!;
  const dash = parseYaml(files[dashPath]) as Record<string, any>;
  const aChart = parseYaml(files[Object.keys(files).find((p) => p.startsWith("charts/"))!]) as { dataset_uuid: string };
  const box = crypto.randomUUID();
  files["charts/Filter_box.yaml"] = stringifyYaml({ slice_name: "Filter box", viz_type: "filter_box", params, uuid: box, dataset_uuid: aChart.dataset_uuid, version: "1.0.0" });
  const row = Object.values(dash.position as Record<string, { type: string; children: string[] }>).find((n) => n.type === "ROW")!;
  dash.position["CHART-box"] = { type: "CHART", id: "CHART-box", children: [], meta: { chartId: 990001, uuid: box, width: 4, height: 50 } };
  row.children.push("CHART-box");
  Object.assign(dash, { uuid: crypto.randomUUID(), slug: null, dashboard_title: `Legacy ${box.slice(0, 8)}`, metadata: { ...meta, native_filter_configuration: [] } });
  files[dashPath] = stringifyYaml(dash);
  return { bytes: zip(files), title: dash.dashboard_title as string };
}

test("a filter box's date filter and columns become native filters on import; a Druid time origin is refused, named", async () => {
  const meta = { default_filters: JSON.stringify({ "990001": { __time_range: "Last 10 years", gender: ["girl"] } }), filter_scopes: { "990001": { gender: { scope: ["ROOT_ID"], immune: [] } } } };
  const ok = await birthsWithFilterBox({ date_filter: true, time_range: "No filter", filter_configs: [{ column: "gender", label: "Gender" }] }, meta);
  const res = await importZip("/api/v1/dashboard/import/", ok.bytes, { overwrite: "true" });
  expect(res, JSON.stringify(res.body).slice(0, 1500)).toMatchObject({ status: 200 });
  const id = (await dashboardsByTitle()).get(ok.title)!;
  const saved = (await (await admin.get(`/api/v1/dashboard/${id}`)).json()) as { result: { json_metadata: string } };
  const filters = JSON.parse(saved.result.json_metadata).native_filter_configuration as Record<string, any>[];
  expect(filters.map((f) => [f.filterType, f.name])).toEqual([["filter_time", "Time Range"], ["filter_select", "Gender"]]);
  expect(filters[0].defaultDataMask).toEqual({ extraFormData: { time_range: "Last 10 years" }, filterState: { value: "Last 10 years" } });
  expect(filters[1].defaultDataMask.filterState).toEqual({ value: ["girl"] });

  const druid = await birthsWithFilterBox({ show_druid_time_origin: true, filter_configs: [{ column: "gender" }] }, {});
  const refused = await importZip("/api/v1/dashboard/import/", druid.bytes, { overwrite: "true" });
  expect(refused.status).toBe(422);
  expect(JSON.stringify(refused.body.errors![0].extra)).toContain("show_druid_time_origin (Druid) is not supported");
  expect((await dashboardsByTitle()).has(druid.title)).toBe(false);
});

/** A sum of sales as Superset's metric popover saves it. */
const sumSales = { expressionType: "SIMPLE", column: { column_name: "sales" }, aggregate: "SUM", label: "SUM(sales)" };
const firstHalf2004 = { clause: "WHERE", subject: "order_date", operator: "TEMPORAL_RANGE", comparator: "2004-01-01 : 2004-07-01", expressionType: "SIMPLE" };

/** Charts of the legacy types Superset 5 still ships, with form data as its plugins save them. */
const LEGACY_CHARTS: Record<string, Record<string, unknown>> = {
  cal_heatmap: {
    granularity_sqla: "order_date", time_range: "No filter", domain_granularity: "month", subdomain_granularity: "day", metrics: [sumSales], adhoc_filters: [firstHalf2004],
    linear_color_scheme: "blue_white_yellow", cell_size: 10, cell_padding: 2, cell_radius: 0, steps: 10, y_axis_format: "SMART_NUMBER", x_axis_time_format: "smart_date",
    show_legend: true, show_values: false, show_metric_name: true,
  },
  paired_ttest: {
    granularity_sqla: "order_date", time_grain_sqla: "P1W", metrics: [sumSales, "count"], groupby: ["deal_size"], adhoc_filters: [firstHalf2004], limit: 25, order_desc: true,
    contribution: false, row_limit: 10000, significance_level: "0.05", pvalue_precision: "6", liftvalue_precision: "4",
  },
  para: {
    series: "product_line", metrics: ["count", sumSales], secondary_metric: "avg__price_each", adhoc_filters: [firstHalf2004], limit: 100, row_limit: 10000,
    timeseries_limit_metric: "count", order_desc: true, show_datatable: true, include_series: false, linear_color_scheme: "schemeRdYlGn",
  },
  partition: {
    groupby: ["territory", "deal_size"], metrics: ["count"], adhoc_filters: [firstHalf2004], limit: 5, row_limit: 10000, order_desc: true, color_scheme: "supersetColors",
    number_format: "SMART_NUMBER", date_time_format: "smart_date", partition_limit: "5", partition_threshold: "0.05", log_scale: false, rich_tooltip: true,
    equal_date_size: true, time_series_option: "not_time",
  },
};

test("a Superset export of calendar heatmap, paired t-test, parallel coordinates and partition charts imports, and each answers its data and draws", async () => {
  const list = await (await admin.get(`/api/v1/dataset/?q=${q({ filters: [{ col: "table_name", opr: "eq", value: "cleaned_sales_data" }] })}`)).json() as { result: { id: number }[] };
  const datasetId = list.result[0].id;
  const entries = unzipSync(new Uint8Array(await (await admin.get(`/api/v1/dataset/export/?q=${q([datasetId])}`)).arrayBuffer()));
  const files = Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name.slice(name.indexOf("/") + 1), strFromU8(bytes)]));
  const dataset = parseYaml(files[Object.keys(files).find((p) => p.startsWith("datasets/"))!]) as { uuid: string };
  // a chart bundle: its metadata names charts, which bring their dataset and database along
  files["metadata.yaml"] = stringifyYaml({ ...(parseYaml(files["metadata.yaml"]) as object), type: "Slice" });
  const stamp = crypto.randomUUID().slice(0, 8);
  for (const [vizType, params] of Object.entries(LEGACY_CHARTS)) {
    files[`charts/${vizType}.yaml`] = stringifyYaml({ slice_name: `Imported ${vizType} ${stamp}`, viz_type: vizType, params: { ...params, viz_type: vizType }, uuid: crypto.randomUUID(), dataset_uuid: dataset.uuid, version: "1.0.0" });
  }
  const res = await importZip("/api/v1/chart/import/", zip(files), { overwrite: "true" });
  expect(res, JSON.stringify(res.body).slice(0, 1500)).toMatchObject({ status: 200 });
  for (const vizType of Object.keys(LEGACY_CHARTS)) {
    const found = await (await admin.get(`/api/v1/chart/?q=${q({ filters: [{ col: "slice_name", opr: "eq", value: `Imported ${vizType} ${stamp}` }] })}`)).json() as { result: { id: number }[] };
    expect(found.result, vizType).toHaveLength(1);
    const chart = (await (await admin.get(`/api/v1/chart/${found.result[0].id}`)).json()) as { result: { viz_type: string; params: string } };
    const type = getChartType(chart.result.viz_type);
    expect(type, vizType).toBeDefined();
    const body = type!.buildQuery({ ...JSON.parse(chart.result.params), datasource: `${datasetId}__table` });
    const answer = await admin.post("/api/v1/chart/data", body);
    expect(answer.status, `${vizType}: ${await answer.clone().text()}`).toBe(200);
    const result = ((await answer.json()) as { result: QueryData[] }).result;
    expect(result[0].data.length, vizType).toBeGreaterThan(0);
    const model = type!.transformProps({ formData: body.form_data, queriesData: result, width: 800, height: 500 });
    expect(model.kind, `${vizType}: ${model.kind === "empty" ? model.message : ""}`).not.toBe("empty");
  }
});
