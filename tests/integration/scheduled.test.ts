import { afterAll, beforeAll, expect, test } from "vitest";
import { encodeRison } from "../../core/http/rison-guard";
import { localD1 } from "../support/local-d1";
import { startWorker, TEST_ADMIN } from "../support/server.mjs";

// The cron's housekeeping against its own Worker: rows that no API can create (expired key-value entries,
// logs from months ago) are written straight into this Worker's local D1 file (tests/support/local-d1.ts), then
// the scheduled handler runs through Miniflare's /cdn-cgi/handler/scheduled route, which `wrangler dev`
// enables (its --test-scheduled /__scheduled route needs wrangler's own bundling, which the harness skips).

let worker: Awaited<ReturnType<typeof startWorker>>;
let token: string;

beforeAll(async () => {
  worker = await startWorker();
  const res = await fetch(`${worker.url}/api/v1/security/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...TEST_ADMIN, provider: "db" }),
  });
  token = ((await res.json()) as { access_token: string }).access_token;
});

afterAll(async () => {
  if (process.env.SHOW_WORKER_LOGS) console.log(worker?.logs());
  await worker?.stop();
});

/** Runs SQL on this Worker's metadata D1 and answers the rows of the last statement (tests/support/local-d1.ts). */
const d1 = <T = Record<string, unknown>>(sql: string): T[] => localD1(worker.stateDir)<T>(sql);

// Connection: close, because the seconds spent in `wrangler d1 execute` outlast the server's keep-alive and a
// reused idle socket fails with "other side closed".
const api = (path: string, init: RequestInit = {}) =>
  fetch(`${worker.url}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Connection: "close", ...(init.headers ?? {}) },
  });

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

test("the cron purges expired key-value entries and logs past the 90-day retention, and keeps the rest", async () => {
  d1(`INSERT INTO key_value (uuid, resource, value, expires_on) VALUES
        ('kv-expired', 'app', '{}', '${daysAgo(1)}'),
        ('kv-future', 'app', '{}', '${new Date(Date.now() + 86_400_000).toISOString()}'),
        ('kv-forever', 'app', '{}', NULL);
      INSERT INTO logs (action, json, dttm) VALUES ('cron_old', '{}', '${daysAgo(91)}'), ('cron_recent_seeded', '{}', '${daysAgo(89)}')`);
  expect((await api("/tptanalytics/log/?explode=events", { method: "POST", body: JSON.stringify([{ event_name: "cron_new" }]) })).status).toBe(200);

  const tick = await fetch(`${worker.url}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`, { headers: { Connection: "close" } });
  expect(tick.status).toBe(200);

  // The handler works in waitUntil: poll until the purge has landed. Only the rows this test wrote are looked
  // at: the first start keeps records of its own there (which example charts it made).
  await expect
    .poll(() => d1<{ uuid: string }>(`SELECT uuid FROM key_value WHERE uuid LIKE 'kv-%' ORDER BY uuid`).map((r) => r.uuid), { timeout: 10_000 })
    .toEqual(["kv-forever", "kv-future"]);
  const q = encodeRison({ filters: [{ col: "action", opr: "sw", value: "cron_" }], order_column: "action", order_direction: "asc" });
  const kept = (await (await api(`/api/v1/log/?q=${q}`)).json()) as { result: { action: string }[] };
  expect(kept.result.map((r) => r.action)).toEqual(["cron_new", "cron_recent_seeded"]);
});

test("recent activity lists the caller's latest view of each dashboard and chart, with titles and urls", async () => {
  // No dashboard or chart API here yet: the two items are written straight into D1.
  const [{ dash, chart }] = d1<{ dash: number; chart: number }>(`
    INSERT INTO dashboards (uuid, dashboard_title, slug) VALUES ('d-sales', 'Sales overview', 'sales-recent-activity');
    INSERT INTO slices (uuid, slice_name, viz_type) VALUES ('c-births', 'Births by state', 'table');
    SELECT (SELECT id FROM dashboards WHERE uuid = 'd-sales') AS dash, (SELECT id FROM slices WHERE uuid = 'c-births') AS chart`);
  const send = (query: string, events: unknown[]) => api(`/tptanalytics/log/?explode=events${query}`, { method: "POST", body: JSON.stringify(events) });
  expect((await send(`&dashboard_id=${dash}`, [{ event_name: "mount_dashboard" }, { event_name: "mount_dashboard" }])).status).toBe(200);
  expect((await send("", [{ event_name: "spa_navigation", source: "explore", source_id: chart }])).status).toBe(200);
  // A deleted dashboard (no row) is not offered.
  expect((await send("&dashboard_id=999999", [{ event_name: "mount_dashboard" }])).status).toBe(200);

  const res = await api(`/api/v1/log/recent_activity/?q=${encodeRison({ page_size: 10 })}`);
  expect(res.status).toBe(200);
  const { result } = (await res.json()) as { result: { item_type: string; item_title: string; item_url: string; action: string; time: number; time_delta_humanized: string }[] };
  expect(result.map((r) => [r.item_type, r.item_title, r.item_url]).sort()).toEqual([
    ["dashboard", "Sales overview", "/superset/dashboard/sales-recent-activity/"],
    ["slice", "Births by state", `/explore/?slice_id=${chart}`],
  ]);
  expect(result[0].time).toBeGreaterThan(Date.now() - 60_000);
  expect(result[0].time_delta_humanized).toMatch(/ago$|^now$/);

  const all = (await (await api(`/api/v1/log/recent_activity/?q=${encodeRison({ distinct: false, actions: ["mount_dashboard"] })}`)).json()) as { result: unknown[] };
  expect(all.result).toHaveLength(2);
});
