import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, gammaWith, json, q, unique } from "../support/access";

// GET /api/v1/report/{pk}/log/ and /{pk}/log/{log_id} (Superset's ReportExecutionLogRestApi): the runs the
// scheduler recorded, newest first, with rison filters and paging; a log of another report is not found. The
// runs are written straight into D1 here, as the runner would, so the API is read on known rows.

let admin: ApiClient;
let chartId: number;

beforeAll(async () => {
  admin = await loginAsAdmin();
  const ds = await exampleDataset(admin, "birth_names");
  const res = await admin.post("/api/v1/chart/", { slice_name: `Logged ${unique()}`, viz_type: "table", datasource_id: ds.id, datasource_type: "table", params: "{}" });
  chartId = (await json(res)).id;
});

async function newReport(): Promise<number> {
  const res = await admin.post("/api/v1/report/", { type: "Report", name: `Logged ${unique()}`, crontab: "0 * * * *", chart: chartId, recipients: [] });
  expect(res.status).toBe(201);
  return (await json(res)).id;
}

async function seedRun(reportId: number, run: { scheduled: string; state: string; value?: number; error?: string }): Promise<number> {
  const { env } = await import("cloudflare:workers");
  const db = (env as unknown as { DB: D1Database }).DB;
  const end = new Date(Date.parse(run.scheduled) + 5_000).toISOString();
  const row = await db.prepare(
    "INSERT INTO report_execution_log (uuid, report_schedule_id, scheduled_dttm, start_dttm, end_dttm, value, state, error_message) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
  ).bind(crypto.randomUUID(), reportId, run.scheduled, run.scheduled, end, run.value === undefined ? null : String(run.value), run.state, run.error ?? null).first<{ id: number }>();
  return row!.id;
}

test("a report's runs are listed newest first, filtered, paged and shown one by one", async () => {
  const id = await newReport();
  const first = await seedRun(id, { scheduled: "2026-03-01T09:00:00.000Z", state: "Success", value: 12.5 });
  const failed = await seedRun(id, { scheduled: "2026-03-02T09:00:00.000Z", state: "Error", error: "Chart 7 was deleted" });
  const latest = await seedRun(id, { scheduled: "2026-03-03T09:00:00.000Z", state: "Success" });
  const other = await newReport();
  const foreign = await seedRun(other, { scheduled: "2026-03-03T09:00:00.000Z", state: "Success" });

  const list = await json(await admin.get(`/api/v1/report/${id}/log/`));
  expect(list.count).toBe(3);
  expect(list.ids).toEqual([latest, failed, first]);
  expect(list.result[2]).toMatchObject({ id: first, state: "Success", value: 12.5, scheduled_dttm: "2026-03-01T09:00:00.000", end_dttm: "2026-03-01T09:00:05.000", error_message: null });
  expect(list.result[1]).toMatchObject({ state: "Error", error_message: "Chart 7 was deleted", value: null });

  expect((await json(await admin.get(`/api/v1/report/${id}/log/?q=${q({ filters: [{ col: "state", opr: "eq", value: "Error" }] })}`))).ids).toEqual([failed]);
  expect((await json(await admin.get(`/api/v1/report/${id}/log/?q=${q({ order_column: "scheduled_dttm", order_direction: "asc", page: 1, page_size: 2 })}`))).ids).toEqual([latest]);

  const one = await json(await admin.get(`/api/v1/report/${id}/log/${failed}`));
  expect(one).toMatchObject({ id: failed, result: { id: failed, state: "Error", error_message: "Chart 7 was deleted" } });
  expect((await admin.get(`/api/v1/report/${id}/log/${foreign}`)).status).toBe(404);
  expect((await admin.get(`/api/v1/report/999999999/log/`)).status).toBe(404);

  // a Gamma user has no ReportSchedule rights at all
  const gamma = await gammaWith(admin, []);
  expect((await gamma.get(`/api/v1/report/${id}/log/`)).status).toBe(403);

  // deleting the report removes its log
  expect((await admin.delete(`/api/v1/report/${id}`)).status).toBe(200);
  const { env } = await import("cloudflare:workers");
  const left = await (env as unknown as { DB: D1Database }).DB.prepare("SELECT count(*) AS n FROM report_execution_log WHERE report_schedule_id = ?").bind(id).first<{ n: number }>();
  expect(left!.n).toBe(0);
});

test("a run's lines that share their times list newest first (the Success above its Working), whatever the sort", async () => {
  const id = await newReport();
  const working = await seedRun(id, { scheduled: "2026-04-01T09:00:00.000Z", state: "Working" });
  const success = await seedRun(id, { scheduled: "2026-04-01T09:00:00.000Z", state: "Success" });
  expect((await json(await admin.get(`/api/v1/report/${id}/log/`))).ids).toEqual([success, working]);
  for (const column of ["scheduled_dttm", "start_dttm"]) {
    expect((await json(await admin.get(`/api/v1/report/${id}/log/?q=${q({ order_column: column, order_direction: "desc" })}`))).ids).toEqual([success, working]);
    expect((await json(await admin.get(`/api/v1/report/${id}/log/?q=${q({ order_column: column, order_direction: "asc" })}`))).ids).toEqual([working, success]);
  }
});
