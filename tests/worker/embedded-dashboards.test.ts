import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { gammaWith, json, pairFor, pairs, unique } from "../support/access";
import { openApiAvailable, shapeProblems } from "../support/openapi";

// The embedded configuration API as Superset's: set, read, change and remove a dashboard's embedding by id or
// slug, read it by its uuid; only owners and admins with can_set_embedded change it; bad bodies write nothing.

let admin: ApiClient;

beforeAll(async () => {
  admin = await loginAsAdmin();
});

async function newDashboard(client: ApiClient): Promise<{ id: number; slug: string }> {
  const slug = `emb-${unique()}`;
  const res = await client.post("/api/v1/dashboard/", { dashboard_title: `Embedded ${slug}`, slug, published: true });
  expect(res.status, await res.clone().text()).toBe(201);
  return { id: (await json<{ id: number }>(res)).id, slug };
}

const shaped = (method: string, template: string, status: number, body: unknown) => {
  if (openApiAvailable) expect(shapeProblems(method, template, status, body)).toEqual([]);
};

test("set, read by dashboard and by uuid, change, remove", async () => {
  const d = await newDashboard(admin);
  expect((await admin.get(`/api/v1/dashboard/${d.id}/embedded`)).status).toBe(404);

  const made = await admin.post(`/api/v1/dashboard/${d.slug}/embedded`, { allowed_domains: ["https://host.example"] });
  expect(made.status, await made.clone().text()).toBe(200);
  const body = await json<{ result: { uuid: string; dashboard_id: string; allowed_domains: string[] } }>(made);
  shaped("post", "/api/v1/dashboard/{id_or_slug}/embedded", 200, body);
  expect(body.result).toMatchObject({ dashboard_id: String(d.id), allowed_domains: ["https://host.example"] });
  expect(body.result.uuid).toMatch(/^[0-9a-f-]{36}$/);

  const read = await json(await admin.get(`/api/v1/dashboard/${d.id}/embedded`));
  shaped("get", "/api/v1/dashboard/{id_or_slug}/embedded", 200, read);
  expect(read.result.uuid).toBe(body.result.uuid);
  const byUuid = await admin.get(`/api/v1/embedded_dashboard/${body.result.uuid}`);
  expect(byUuid.status).toBe(200);
  const byUuidBody = await json(byUuid);
  shaped("get", "/api/v1/embedded_dashboard/{uuid}", 200, byUuidBody);
  expect(byUuidBody.result.dashboard_id).toBe(String(d.id));

  // a change keeps the uuid, as Superset's upsert
  const changed = await json(await admin.put(`/api/v1/dashboard/${d.id}/embedded`, { allowed_domains: [] }));
  expect(changed.result).toMatchObject({ uuid: body.result.uuid, allowed_domains: [] });

  const removed = await admin.delete(`/api/v1/dashboard/${d.id}/embedded`);
  expect(removed.status).toBe(200);
  shaped("delete", "/api/v1/dashboard/{id_or_slug}/embedded", 200, await json(removed));
  expect((await admin.get(`/api/v1/dashboard/${d.id}/embedded`)).status).toBe(404);
  expect((await admin.get(`/api/v1/embedded_dashboard/${body.result.uuid}`)).status).toBe(404);
});

test("bad bodies are 400 and write nothing; unknown dashboards 404; the embedding goes with its dashboard", async () => {
  const d = await newDashboard(admin);
  for (const bad of [{}, { allowed_domains: "x" }, { allowed_domains: [3] }, { allowed_domains: ["https://a; frame-ancestors *"] }]) {
    expect((await admin.post(`/api/v1/dashboard/${d.id}/embedded`, bad)).status).toBe(400);
  }
  expect((await admin.get(`/api/v1/dashboard/${d.id}/embedded`)).status).toBe(404);
  expect((await admin.post(`/api/v1/dashboard/999999999/embedded`, { allowed_domains: [] })).status).toBe(404);
  expect((await admin.get(`/api/v1/embedded_dashboard/${crypto.randomUUID()}`)).status).toBe(404);

  const { result } = await json(await admin.post(`/api/v1/dashboard/${d.id}/embedded`, { allowed_domains: [] }));
  expect((await admin.delete(`/api/v1/dashboard/${d.id}`)).status).toBe(200);
  expect((await admin.get(`/api/v1/embedded_dashboard/${result.uuid}`)).status).toBe(404);
});

test("only owners and admins holding can_set_embedded change the embedding", async () => {
  const all = await pairs(admin);
  const writeDash = pairFor(all, "can_write", "Dashboard")!.id;
  const setEmbedded = pairFor(all, "can_set_embedded", "Dashboard")?.id;
  // without can_set_embedded (Superset keeps it to Admin) even an owner with can_write is refused
  const writer = await gammaWith(admin, [writeDash]);
  const own = await newDashboard(writer);
  expect((await writer.post(`/api/v1/dashboard/${own.id}/embedded`, { allowed_domains: [] })).status).toBe(403);
  expect(setEmbedded).toBeDefined();
  const embedder = await gammaWith(admin, [writeDash, setEmbedded!]);
  const mine = await newDashboard(embedder);
  expect((await embedder.post(`/api/v1/dashboard/${mine.id}/embedded`, { allowed_domains: [] })).status).toBe(200);
  // someone else's dashboard: refused (404 while the embedder cannot even see it, 403 once it can), nothing written
  const others = await newDashboard(admin);
  expect([403, 404]).toContain((await embedder.post(`/api/v1/dashboard/${others.id}/embedded`, { allowed_domains: [] })).status);
  expect((await admin.get(`/api/v1/dashboard/${others.id}/embedded`)).status).toBe(404);
});
