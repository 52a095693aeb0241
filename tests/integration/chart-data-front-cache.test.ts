import { beforeAll, expect, test } from "vitest";
import { loginAs, loginAsAdmin, type ApiClient } from "../support/client";
import { json, pairFor, pairs, roleId, unique } from "../support/access";
import { newClientId } from "../support/sqllab";
import { datasourcePermName } from "../../core/security/permissions";

// The per-isolate front cache of warm POST /api/v1/chart/data answers (workers/chart-data/front-cache.ts),
// through the real Worker on D1. A front hit carries `Server-Timing: chart-data-front`; the figures are worked
// out by hand: north 10 + 5 = 15, south 20.

const FRONT = "chart-data-front";
const table = `front_sales_${unique()}`;
let admin: ApiClient;
let datasetId: number;
let dbName: string;

beforeAll(async () => {
  admin = await loginAsAdmin();
  dbName = `front d1 ${unique()}`;
  const db = await json(await admin.post("/api/v1/database/", { database_name: dbName, sqlalchemy_uri: "d1://EXAMPLES", allow_dml: true, expose_in_sqllab: true }));
  const made = await admin.post("/api/v1/sqllab/execute/", {
    client_id: newClientId(), database_id: db.id, runAsync: false,
    sql: `CREATE TABLE ${table} (day DATETIME, region TEXT, amount INTEGER); INSERT INTO ${table} VALUES ('2024-01-01 00:00:00', 'north', 10), ('2024-01-01 00:00:00', 'south', 20), ('2024-01-02 00:00:00', 'north', 5)`,
  });
  expect(made.status, await made.clone().text()).toBe(200);
  const ds = await admin.post("/api/v1/dataset/", { database: db.id, schema: "main", table_name: table });
  expect(ds.status, await ds.clone().text()).toBe(201);
  datasetId = (await json(ds)).id;
}, 120_000);

/** A body no other test sends, so its first request is always a miss. */
const body = (query: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  datasource: { id: datasetId, type: "table" },
  queries: [{ columns: ["region"], metrics: [{ expressionType: "SIMPLE", column: { column_name: "amount" }, aggregate: "SUM", label: "total" }], orderby: [["region", true]], row_limit: 100 + Math.floor(Math.random() * 1000), ...query }],
  result_format: "json",
  result_type: "full",
  ...extra,
});

const isFront = (res: Response) => (res.headers.get("Server-Timing") ?? "").includes(FRONT);

async function ask(client: ApiClient, b: unknown, path = "/api/v1/chart/data") {
  const res = await client.post(path, b);
  const text = await res.text();
  return { status: res.status, front: isFront(res), body: (text ? JSON.parse(text) : null) as Record<string, any> };
}

/** A reader whose own role holds the dataset's access: its role id, to take the access away again. */
async function reader(): Promise<{ client: ApiClient; role: number }> {
  const all = await pairs(admin);
  const grant = pairFor(all, "datasource_access", datasourcePermName(dbName, table, datasetId))!;
  const role = (await json(await admin.post("/api/v1/security/roles/", { name: `front_${unique()}` }))).id as number;
  expect((await admin.post(`/api/v1/security/roles/${role}/permissions`, { permission_view_menu_ids: [grant.id] })).status).toBe(200);
  const username = `front_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const made = await admin.post("/api/v1/security/users/", { username, first_name: "F", last_name: "C", email: `${username}@example.com`, password, roles: [await roleId(admin, "Gamma"), role] });
  expect(made.status).toBe(201);
  return { client: await loginAs(username, password), role };
}

test("a warm request is answered from the front cache with the same result, as a cached read", async () => {
  const b = body();
  const first = await ask(admin, b);
  expect(first.status).toBe(200);
  expect(first.front).toBe(false);
  expect(first.body.result[0].data).toEqual([{ region: "north", total: 15 }, { region: "south", total: 20 }]);
  const second = await ask(admin, b);
  expect(second.front).toBe(true);
  expect(second.body.result[0]).toMatchObject({ data: first.body.result[0].data, is_cached: true, cache_key: first.body.result[0].cache_key, query: first.body.result[0].query });
  expect(second.body.result[0].cached_dttm).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
});

test("one user's kept answer is never served to another: no access is a 403, another reader computes its own", async () => {
  const b = body();
  const one = await reader();
  expect((await ask(one.client, b)).front).toBe(false);
  const warm = await ask(one.client, b);
  expect(warm.front).toBe(true);
  expect(warm.body.result[0].data).toEqual([{ region: "north", total: 15 }, { region: "south", total: 20 }]);

  // the same body from a Gamma user without the dataset's access, and from the admin (other roles)
  const blind = await loginAs(...(await (async () => {
    const username = `blind_${unique()}`;
    const password = `pw-${unique()}-${unique()}`;
    expect((await admin.post("/api/v1/security/users/", { username, first_name: "B", last_name: "L", email: `${username}@example.com`, password, roles: [await roleId(admin, "Gamma")] })).status).toBe(201);
    return [username, password] as const;
  })()));
  const refused = await ask(blind, b);
  expect(refused.status).toBe(403);
  expect(refused.body.errors[0].error_type).toBe("DATASOURCE_SECURITY_ACCESS_ERROR");
  expect((await ask(admin, b)).front).toBe(false);
  // a second reader with the very same roles still has its own key
  const two = await reader();
  expect((await ask(two.client, b)).front).toBe(false);

  // access taken away: the next request of the user whose answer is kept is refused, not served
  expect((await admin.post(`/api/v1/security/roles/${one.role}/permissions`, { permission_view_menu_ids: [] })).status).toBe(200);
  const revoked = await ask(one.client, b);
  expect(revoked.status).toBe(403);
  expect(revoked.front).toBe(false);
});

test("force=true bypasses the front cache, and a body with force is never kept", async () => {
  const b = body();
  await ask(admin, b);
  expect((await ask(admin, b)).front).toBe(true);
  const forced = await ask(admin, b, "/api/v1/chart/data?force=true");
  expect(forced.front).toBe(false);
  expect(forced.body.result[0].is_cached).toBe(false);
  const forcedBody = body({}, { force: true });
  for (let i = 0; i < 2; i++) {
    const res = await ask(admin, forcedBody);
    expect(res.front).toBe(false);
    expect(res.body.result[0].is_cached).toBe(false);
  }
});

test("a dataset edit passes over kept answers: a changed metric answers its new figures", async () => {
  expect((await admin.put(`/api/v1/dataset/${datasetId}`, { metrics: [{ metric_name: "front_metric", expression: "SUM(amount)" }] })).status).toBe(200);
  const b = body({ metrics: ["front_metric"] });
  expect((await ask(admin, b)).body.result[0].data).toEqual([{ region: "north", front_metric: 15 }, { region: "south", front_metric: 20 }]);
  expect((await ask(admin, b)).front).toBe(true);
  const metrics = (await json(await admin.get(`/api/v1/dataset/${datasetId}`))).result.metrics as { id: number; metric_name: string }[];
  const id = metrics.find((m) => m.metric_name === "front_metric")!.id;
  expect((await admin.put(`/api/v1/dataset/${datasetId}`, { metrics: [{ id, metric_name: "front_metric", expression: "MAX(amount)" }] })).status).toBe(200);
  const after = await ask(admin, b);
  expect(after.front).toBe(false);
  expect(after.body.result[0].data).toEqual([{ region: "north", front_metric: 10 }, { region: "south", front_metric: 20 }]);
  // a description edit (no figure changes) passes over the kept answer too
  expect((await ask(admin, b)).front).toBe(true);
  expect((await admin.put(`/api/v1/dataset/${datasetId}`, { description: `edited ${unique()}` })).status).toBe(200);
  expect((await ask(admin, b)).front).toBe(false);
});

test("a range relative to now rolls over: an answer is not served once the range resolves to new bounds", async () => {
  const range = 'DATEADD(DATETIME("now"), -1, second) : now';
  const b = body({ filters: [{ col: "day", op: "TEMPORAL_RANGE", val: range }] });
  const first = await ask(admin, b);
  expect(first.status).toBe(200);
  const until = first.body.result[0].to_dttm;
  // past the next second the bounds move: every later answer is computed for them, never the kept one
  await new Promise((r) => setTimeout(r, 1_100));
  const later = await ask(admin, b);
  expect(later.front).toBe(false);
  expect(later.body.result[0].to_dttm).toBeGreaterThan(until);
  // a fixed range is kept as any other
  const fixed = body({ filters: [{ col: "day", op: "TEMPORAL_RANGE", val: "2024-01-01 : 2024-01-02" }] });
  expect((await ask(admin, fixed)).body.result[0].data).toEqual([{ region: "north", total: 10 }, { region: "south", total: 20 }]);
  expect((await ask(admin, fixed)).front).toBe(true);
});

// POST /api/v1/chart/data/batch reads and fills the same front cache per context; a line it served carries
// `front: true` (the batch answers one response for many contexts, so no header can tell them apart).
interface Line { index: number; status: number; front?: boolean; body: Record<string, any> }

async function batch(client: ApiClient, contexts: unknown[], query = ""): Promise<Record<number, Line>> {
  const res = await client.post(`/api/v1/chart/data/batch${query}`, { contexts });
  expect(res.status).toBe(200);
  const lines = (await res.text()).trimEnd().split("\n").map((l) => JSON.parse(l) as Line);
  expect(lines).toHaveLength(contexts.length);
  return Object.fromEntries(lines.map((l) => [l.index, l]));
}

test("batch: each context is answered from the front cache when warm, shared with the single route", async () => {
  const [a, b, c] = [body(), body({ columns: [] }), body()];
  const first = await batch(admin, [a, b]);
  expect([first[0].front, first[1].front]).toEqual([undefined, undefined]);
  expect(first[0].body.result[0].data).toEqual([{ region: "north", total: 15 }, { region: "south", total: 20 }]);
  expect(first[1].body.result[0].data).toEqual([{ total: 35 }]);
  // warm: both kept contexts served from the front cache, a new one computed beside them
  const warm = await batch(admin, [a, b, c]);
  expect([warm[0].front, warm[1].front, warm[2].front]).toEqual([true, true, undefined]);
  expect(warm[0].body.result[0]).toMatchObject({ data: first[0].body.result[0].data, is_cached: true, cache_key: first[0].body.result[0].cache_key });
  expect(warm[1].body.result[0].data).toEqual([{ total: 35 }]);
  // the single route serves what the batch kept, and the batch what the single route kept
  expect((await ask(admin, a)).front).toBe(true);
  const d = body();
  expect((await ask(admin, d)).front).toBe(false);
  expect((await batch(admin, [d]))[0].front).toBe(true);
  // force=true on the batch passes over every kept answer
  const forced = await batch(admin, [a, b], "?force=true");
  expect([forced[0].front, forced[1].front]).toEqual([undefined, undefined]);
  expect(forced[0].body.result[0].is_cached).toBe(false);
});

test("batch: access is checked on every front hit; without it the line is a 403, never the kept answer", async () => {
  const b = body();
  const one = await reader();
  await batch(one.client, [b]);
  const warm = await batch(one.client, [b]);
  expect(warm[0].front).toBe(true);
  expect(warm[0].body.result[0].data).toEqual([{ region: "north", total: 15 }, { region: "south", total: 20 }]);
  // another user without the dataset's access: a 403 on that line
  const username = `blindb_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  expect((await admin.post("/api/v1/security/users/", { username, first_name: "B", last_name: "L", email: `${username}@example.com`, password, roles: [await roleId(admin, "Gamma")] })).status).toBe(201);
  const blind = await batch(await loginAs(username, password), [b]);
  expect(blind[0].status).toBe(403);
  expect(blind[0].body.errors[0].error_type).toBe("DATASOURCE_SECURITY_ACCESS_ERROR");
  // access taken away from the user whose answer is kept (same id, same roles, so the same key): refused
  expect((await admin.post(`/api/v1/security/roles/${one.role}/permissions`, { permission_view_menu_ids: [] })).status).toBe(200);
  const revoked = await batch(one.client, [b]);
  expect(revoked[0].status).toBe(403);
  expect(revoked[0].front).toBeUndefined();
  expect(revoked[0].body.result).toBeUndefined();
  expect(revoked[0].body.errors[0].error_type).toBe("DATASOURCE_SECURITY_ACCESS_ERROR");
});
