import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { gammaWith, json, pairFor, pairs, q, unique } from "../support/access";
import { openApiAvailable, shapeProblems } from "../support/openapi";

// /api/v1/tag/ as Superset's TagRestApi with TAGGING_SYSTEM on, through the real Worker: the tags themselves
// (list with rison, _info, get, create with objects, update, delete, bulk delete, favourites), bad names refused
// with 400 naming them, and the Tag permissions. Answers are checked against Superset's OpenAPI document.

let admin: ApiClient;

beforeAll(async () => {
  admin = await loginAsAdmin();
});

const shaped = (method: string, template: string, status: number, body: unknown) => {
  if (openApiAvailable) expect(shapeProblems(method, template, status, body)).toEqual([]);
};

async function newDashboard(client: ApiClient, title = `Tagged ${unique()}`): Promise<number> {
  const res = await client.post("/api/v1/dashboard/", { dashboard_title: title, published: true });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ id: number }>(res)).id;
}

test("create a tag with objects, list it with rison filters, read, rename, delete", async () => {
  const dash = await newDashboard(admin);
  const name = `quarterly-${unique()}`;
  const made = await admin.post("/api/v1/tag/", { name, description: "Board pack", objects_to_tag: [["dashboard", dash]] });
  expect(made.status, await made.clone().text()).toBe(201);
  const { id } = await json<{ id: number }>(made);

  const list = await json(await admin.get(`/api/v1/tag/?q=${q({ filters: [{ col: "name", opr: "ct", value: name }, { col: "type", opr: "custom_tag", value: true }], order_column: "name", order_direction: "asc" })}`));
  shaped("get", "/api/v1/tag/", 200, list);
  expect(list.count).toBe(1);
  expect(list.result[0]).toMatchObject({ id, name, type: 1, description: "Board pack", created_by: { first_name: expect.any(String) } });

  const one = await json(await admin.get(`/api/v1/tag/${id}`));
  shaped("get", "/api/v1/tag/{pk}", 200, one);
  expect(one.result).toMatchObject({ id, name, type: 1 });

  const info = await json(await admin.get("/api/v1/tag/_info"));
  shaped("get", "/api/v1/tag/_info", 200, info);
  expect(info.permissions).toEqual(["can_read", "can_write"]);

  // the dashboard answers the tag beside its system tags
  const dashboard = await json(await admin.get(`/api/v1/dashboard/${dash}`));
  expect(dashboard.result.tags.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining([name, "type:dashboard"]));

  const renamed = await admin.put(`/api/v1/tag/${id}`, { name: `${name}-v2`, description: null });
  expect(renamed.status, await renamed.clone().text()).toBe(200);
  expect((await json(await admin.get(`/api/v1/tag/${id}`))).result).toMatchObject({ name: `${name}-v2`, description: null });

  const gone = await admin.delete(`/api/v1/tag/${id}`);
  expect(gone.status).toBe(200);
  shaped("delete", "/api/v1/tag/{pk}", 200, await json(gone));
  expect((await admin.get(`/api/v1/tag/${id}`)).status).toBe(404);
  const after = await json(await admin.get(`/api/v1/dashboard/${dash}`));
  expect(after.result.tags.map((t: { name: string }) => t.name)).not.toContain(`${name}-v2`);
});

test("bad names, bodies and ids: 400 naming the problem, 404 for what is not there, nothing written", async () => {
  const long = "x".repeat(251);
  for (const [body, field, text] of [
    [{ name: "team:finance" }, "name", "team:finance"],
    [{ name: "a,b" }, "name", "a,b"],
    [{ name: long }, "name", "longer than 250"],
    [{ name: "   " }, "name", "empty"],
    [{}, "name", "Missing data"],
    [{ name: "ok", colour: "red" }, "colour", "Unknown field"],
    [{ name: "ok", objects_to_tag: [["dataset", 1]] }, "objects_to_tag", "Invalid object type"],
  ] as const) {
    const res = await admin.post("/api/v1/tag/", body);
    expect(res.status, JSON.stringify(body)).toBe(400);
    const msg = (await json(res)).message;
    expect(JSON.stringify(msg[field])).toContain(text);
  }
  expect((await json(await admin.get(`/api/v1/tag/?q=${q({ filters: [{ col: "name", opr: "eq", value: "team:finance" }] })}`))).count).toBe(0);

  const name = `dup-${unique()}`;
  expect((await admin.post("/api/v1/tag/", { name })).status).toBe(201);
  expect((await admin.post("/api/v1/tag/", { name })).status).toBe(400);
  expect((await admin.post("/api/v1/tag/", { name: `x-${unique()}`, objects_to_tag: [["dashboard", 987654]] })).status).toBe(404);
  expect((await admin.get("/api/v1/tag/987654")).status).toBe(404);
  expect((await admin.get(`/api/v1/tag/?q=${q({ order_column: "description" })}`)).status).toBe(400);

  // bulk delete by names: all must exist, or nothing goes
  expect((await admin.delete(`/api/v1/tag/?q=${q([name, `missing-${unique()}`])}`)).status).toBe(404);
  const bulk = await admin.delete(`/api/v1/tag/?q=${q([name])}`);
  expect(await json(bulk)).toEqual({ message: "Deleted 1 tags" });
  shaped("delete", "/api/v1/tag/", 200, await json(await admin.delete(`/api/v1/tag/?q=${q([(await json(await admin.post("/api/v1/tag/", { name: `b-${unique()}` }))).result.name])}`)));
});

test("favourite tags: star, status, unstar", async () => {
  const { id } = await json(await admin.post("/api/v1/tag/", { name: `fav-${unique()}` }));
  expect((await admin.post(`/api/v1/tag/${id}/favorites/`)).status).toBe(200);
  const status = await json(await admin.get(`/api/v1/tag/favorite_status/?q=${q([id])}`));
  shaped("get", "/api/v1/tag/favorite_status/", 200, status);
  expect(status.result).toEqual([{ id, value: true }]);
  shaped("delete", "/api/v1/tag/{pk}/favorites/", 200, await json(await admin.delete(`/api/v1/tag/${id}/favorites/`)));
  expect((await json(await admin.get(`/api/v1/tag/favorite_status/?q=${q([id])}`))).result).toEqual([{ id, value: false }]);
  expect((await admin.post("/api/v1/tag/987654/favorites/")).status).toBe(404);
});

test("Gamma reads tags but cannot write them; a role with can_write Tag tags only what it may see", async () => {
  const { id } = await json(await admin.post("/api/v1/tag/", { name: `shared-${unique()}` }));
  const gamma = await gammaWith(admin, []);
  expect((await gamma.get(`/api/v1/tag/${id}`)).status).toBe(200);
  expect((await gamma.post("/api/v1/tag/", { name: `mine-${unique()}` })).status).toBe(403);
  expect((await gamma.delete(`/api/v1/tag/${id}`)).status).toBe(403);
  expect((await gamma.post("/api/v1/tag/bulk_create", { tags: [{ name: "x", objects_to_tag: [] }] })).status).toBe(403);

  const all = await pairs(admin);
  const writer = await gammaWith(admin, [pairFor(all, "can_write", "Tag")!.id]);
  const hidden = await newDashboard(admin); // unpublished-to-them: an admin's dashboard with no charts is not theirs to see
  await admin.put(`/api/v1/dashboard/${hidden}`, { published: false });
  const res = await writer.post(`/api/v1/tag/dashboard/${hidden}/`, { properties: { tags: ["peek"] } });
  expect(res.status).toBe(404);
});
