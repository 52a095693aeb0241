import { env } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import type { QueryData } from "../../core/charts/contract";
import { CHART_TYPES } from "../../core/charts/registry";
import { CHART_EXAMPLES } from "../../core/charts/examples";
import { openDatabase } from "../../db/client";
import { exampleChartUuid, registerExampleCharts } from "../../db/examples/charts";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { json, listAll } from "../support/access";

// The example chart of every chart type, created at first start on the example datasets (real D1): once, owned by
// the admin, pointing at the registered example dataset, and answering rows when its own query runs.

interface ChartRow { id: number; slice_name: string; viz_type: string; datasource_id: number; owners: { id: number; username?: string }[] }

let admin: ApiClient;
let adminId: number;
let datasetIds: Map<string, number>;
const d1 = () => (env as unknown as { DB: D1Database }).DB;

beforeAll(async () => {
  admin = await loginAsAdmin();
  adminId = (await json(await admin.get("/api/v1/me/"))).result.id;
  const datasets = await listAll<{ id: number; table_name: string; database: { database_name: string } }>(admin, "/api/v1/dataset/");
  datasetIds = new Map(datasets.filter((d) => d.database.database_name === "examples").map((d) => [d.table_name, d.id]));
});

async function exampleCharts(): Promise<ChartRow[]> {
  const names = Object.values(CHART_EXAMPLES).map((e) => e.name);
  // every page: the other worker tests' charts share this database, and a first page of 100 (newest first) had
  // left the oldest examples out
  const list = await listAll<ChartRow>(admin, "/api/v1/chart/", { columns: ["id", "slice_name", "viz_type", "datasource_id", "owners.id", "owners.username"] });
  return list.filter((c) => names.includes(c.slice_name));
}

test("every chart type's example chart exists once, owned by the admin, on its example dataset", async () => {
  const charts = await exampleCharts();
  for (const vizType of Object.keys(CHART_TYPES)) {
    const found = charts.filter((c) => c.viz_type === vizType && c.slice_name === CHART_EXAMPLES[vizType].name);
    expect(found, vizType).toHaveLength(1);
    expect(found[0].datasource_id, vizType).toBe(datasetIds.get(CHART_EXAMPLES[vizType].dataset));
    expect(found[0].owners.map((o) => o.id), vizType).toEqual([adminId]);
    const detail = (await json(await admin.get(`/api/v1/chart/${found[0].id}`))).result;
    expect(JSON.parse(detail.params), vizType).toMatchObject({ viz_type: vizType, datasource: `${datasetIds.get(CHART_EXAMPLES[vizType].dataset)}__table` });
  }
});

test("another start creates nothing twice, even racing without its record; a deleted example stays deleted", async () => {
  const db = openDatabase(d1());
  const before = (await exampleCharts()).length;
  await registerExampleCharts(db);
  expect((await exampleCharts()).length).toBe(before);

  // two isolates starting at once both find no record: the stable uuids keep the charts single
  const record = await d1().prepare("SELECT value FROM key_value WHERE resource = 'example_charts'").first<{ value: string }>();
  await d1().prepare("DELETE FROM key_value WHERE resource = 'example_charts'").run();
  await Promise.all([registerExampleCharts(db), registerExampleCharts(db)]);
  expect((await exampleCharts()).length).toBe(before);
  expect(await d1().prepare("SELECT value FROM key_value WHERE resource = 'example_charts'").first<{ value: string }>()).toEqual(record);

  // a user deletes the funnel example: the next start leaves it deleted
  const funnel = (await exampleCharts()).find((c) => c.viz_type === "funnel")!;
  expect((await admin.delete(`/api/v1/chart/${funnel.id}`)).status).toBe(200);
  await registerExampleCharts(db);
  expect((await exampleCharts()).some((c) => c.viz_type === "funnel")).toBe(false);

  // a chart type the record does not know yet (added by a later version) gets its example on the next start
  const known = (JSON.parse(record!.value) as string[]).filter((v) => v !== "funnel");
  await d1().prepare("UPDATE key_value SET value = ?1 WHERE resource = 'example_charts'").bind(JSON.stringify(known)).run();
  await registerExampleCharts(db);
  const again = (await exampleCharts()).filter((c) => c.viz_type === "funnel");
  expect(again).toHaveLength(1);
  expect(again[0].owners.map((o) => o.id)).toEqual([adminId]);
  const uuid = await d1().prepare("SELECT uuid FROM slices WHERE id = ?1").bind(again[0].id).first<{ uuid: string }>();
  expect(uuid!.uuid).toBe(await exampleChartUuid("funnel"));
});

test("each example chart's own query answers rows from the example data, and its transformProps draws them", async () => {
  for (const [vizType, type] of Object.entries(CHART_TYPES)) {
    const example = CHART_EXAMPLES[vizType];
    const body = type.buildQuery({ ...example.params, viz_type: vizType, datasource: `${datasetIds.get(example.dataset)}__table` });
    const res = await admin.post("/api/v1/chart/data", body);
    expect(res.status, `${vizType}: ${await res.clone().text()}`).toBe(200);
    const result = (await json(res)).result as { data: unknown[]; error?: string }[];
    expect(result.length, vizType).toBe(body.queries.length);
    for (const r of result) expect(r.data.length, vizType).toBeGreaterThan(0);
    // not "No results" nor a refusal such as the sankey's loop message: the example draws
    const model = type.transformProps({ formData: body.form_data, queriesData: result as QueryData[], width: 800, height: 400 });
    expect(model.kind, `${vizType}: ${model.kind === "empty" ? model.message : ""}`).not.toBe("empty");
  }
});
