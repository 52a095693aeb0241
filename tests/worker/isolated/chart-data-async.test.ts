import { beforeAll, expect, test } from "vitest";
import { json, q, unique } from "../../support/access";
import { newClientId } from "../../support/sqllab";
import { loginAs, loginAsAdmin, useWorkerVars, type ApiClient } from "../../support/client";

// Superset's GLOBAL_ASYNC_QUERIES for chart data, on a Worker of its own with the setting on: a request not
// cached answers 202 with a job, a ChartDataJob Durable Object runs it, the caller's event channel announces
// it, and result_url answers the rows (to that user only). Cached requests answer at once.

let admin: ApiClient;
let birthNames: number;

beforeAll(async () => {
  useWorkerVars({ GLOBAL_ASYNC_QUERIES: "true" });
  admin = await loginAsAdmin();
  const all = await json(await admin.get(`/api/v1/dataset/?q=${q({ page_size: 100 })}`));
  birthNames = all.result.find((d: { table_name: string }) => d.table_name === "birth_names").id;
});

const body = (label: string, extra: Record<string, unknown> = {}) => ({
  datasource: { id: birthNames, type: "table" }, result_format: "json", result_type: "full",
  queries: [{ columns: ["gender"], metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label }], orderby: [["gender", true]], ...extra }],
});

async function eventFor(client: ApiClient, jobId: string) {
  let found: Record<string, any> | undefined;
  await expect.poll(async () => {
    const events = (await json(await client.get("/api/v1/async_event/"))).result as Record<string, any>[];
    found = events.find((e) => e.job_id === jobId);
    return found?.status;
  }, { timeout: 20_000, interval: 200 }).toMatch(/done|error/);
  return found!;
}

test("a chart query not cached answers 202 with a job; the event channel announces it; result_url answers the rows", async () => {
  const label = `births_${unique()}`;
  const started = await admin.post("/api/v1/chart/data", body(label));
  expect(started.status, await started.clone().text()).toBe(202);
  const job = await json(started);
  expect(job).toMatchObject({ status: "pending", errors: [], result_url: null });
  expect(job.job_id).toMatch(/^[0-9a-f]{64}$/);
  expect(job.channel_id).toBe(`user:${job.user_id}`);

  const event = await eventFor(admin, job.job_id);
  expect(event).toMatchObject({ status: "done", errors: [], result_url: `/api/v1/chart/data/${job.job_id}`, channel_id: job.channel_id });
  const result = await json(await admin.get(event.result_url));
  const byGender = Object.fromEntries(result.result[0].data.map((r: Record<string, unknown>) => [r.gender, Number(r[label])]));

  // the same figures, written independently and run through SQL Lab
  const direct = await json(await admin.post("/api/v1/sqllab/execute/", {
    client_id: newClientId(), database_id: (await json(await admin.get(`/api/v1/dataset/${birthNames}`))).result.database.id, runAsync: false,
    sql: "SELECT gender, COUNT(*) AS n FROM birth_names GROUP BY gender",
  }));
  expect(byGender).toEqual(Object.fromEntries(direct.data.map((r: { gender: string; n: number }) => [r.gender, Number(r.n)])));

  // once cached, the same request is answered at once; force starts a job again
  await expect.poll(async () => (await admin.post("/api/v1/chart/data", body(label))).status, { timeout: 10_000 }).toBe(200);
  const cached = await json(await admin.post("/api/v1/chart/data", body(label)));
  expect(cached.result[0]).toMatchObject({ is_cached: true });
  expect((await admin.post("/api/v1/chart/data?force=true", body(label))).status).toBe(202);

  // the result is the caller's own: another user does not get it
  const other = await otherUser();
  expect((await other.get(event.result_url)).status).toBe(404);
}, 60_000);

test("bad bodies and unknown columns are refused at once; an engine error arrives as an error event", async () => {
  const bad = await admin.post("/api/v1/chart/data", { datasource: { id: birthNames }, queries: "all" });
  expect(bad.status).toBe(400);
  const unknown = await admin.post("/api/v1/chart/data", { ...body("n"), queries: [{ columns: ["no_such_column"], metrics: ["count"] }] });
  expect(unknown.status).toBe(400);
  expect((await json(unknown)).errors[0].error_type).toBe("COLUMN_DOES_NOT_EXIST_ERROR");
  const failing = await admin.post("/api/v1/chart/data", { ...body("n"), queries: [{ columns: ["gender"], metrics: [{ expressionType: "SQL", sqlExpression: `no_such_function_${unique()}(num)`, label: "x" }] }] });
  expect(failing.status).toBe(202);
  const event = await eventFor(admin, (await json(failing)).job_id);
  expect(event.status).toBe("error");
  expect(event.result_url).toBeNull();
  expect(event.errors[0].message).toMatch(/no such function/i);
}, 60_000);

async function otherUser(): Promise<ApiClient> {
  const username = `viewer_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const roles = await json(await admin.get(`/api/v1/security/roles/?q=${q({ filters: [{ col: "name", opr: "eq", value: "Admin" }] })}`));
  const made = await admin.post("/api/v1/security/users/", { username, first_name: "Other", last_name: "Admin", email: `${username}@example.com`, password, roles: [roles.result[0].id] });
  expect(made.status).toBe(201);
  return loginAs(username, password);
}
