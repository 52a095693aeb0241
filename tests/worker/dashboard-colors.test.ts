import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { gammaWith, json, pairFor, pairs, unique } from "../support/access";

// Superset's PUT /api/v1/dashboard/{pk}/colors through the real Worker: the colour settings land in json_metadata
// beside everything else in it, mark_updated=false leaves changed_on alone, bad fields are 400s naming them, and
// only owners (and admins) may change them.

let admin: ApiClient;
beforeAll(async () => {
  admin = await loginAsAdmin();
});

const metadataOf = async (client: ApiClient, id: number) => {
  const { result } = await json<{ result: { json_metadata: string; changed_on: string } }>(await client.get(`/api/v1/dashboard/${id}`));
  return { meta: JSON.parse(result.json_metadata || "{}"), result };
};

test("colours are written into json_metadata, the rest kept; with mark_updated=false the dashboard's changed_on stays", async () => {
  const made = await admin.post("/api/v1/dashboard/", { dashboard_title: `Colours ${unique()}`, json_metadata: JSON.stringify({ refresh_frequency: 300, color_scheme: "supersetColors" }) });
  const { id } = await json<{ id: number }>(made);
  const body = { color_scheme: "bnbColors", color_namespace: "births", map_label_colors: { boy: "#1FA8C9" }, shared_label_colors: ["boy"], color_scheme_domain: ["#1FA8C9", "#454E7C"] };
  const res = await admin.put(`/api/v1/dashboard/${id}/colors`, body);
  expect(res.status).toBe(200);
  expect(await json(res)).toEqual({ result: [] });
  expect((await metadataOf(admin, id)).meta).toEqual({ refresh_frequency: 300, ...body });

  const listed = async () => (await metadataOf(admin, id)).result.changed_on;
  const before = await listed();
  await new Promise((r) => setTimeout(r, 1100));
  expect((await admin.put(`/api/v1/dashboard/${id}/colors?mark_updated=false`, { color_scheme: "googleCategory10c" })).status).toBe(200);
  expect((await metadataOf(admin, id)).meta.color_scheme).toBe("googleCategory10c");
  expect(await listed()).toBe(before);
  expect((await admin.put(`/api/v1/dashboard/${id}/colors`, { color_scheme: "supersetColors" })).status).toBe(200);
  expect(await listed()).not.toBe(before);
});

test("bad colour fields are 400s naming each; another user's dashboard is not theirs to colour; an unknown one is 404", async () => {
  const { id } = await json<{ id: number }>(await admin.post("/api/v1/dashboard/", { dashboard_title: `Colours ${unique()}`, published: true }));
  const res = await admin.put(`/api/v1/dashboard/${id}/colors`, { color_scheme: 7, shared_label_colors: "boy", label_colors: {} });
  expect(res.status).toBe(400);
  expect((await json(res)).message).toEqual({ color_scheme: ["Not a valid string."], shared_label_colors: ["Not a valid list."], label_colors: ["Unknown field."] });
  expect((await admin.put(`/api/v1/dashboard/999999/colors`, { color_scheme: "x" })).status).toBe(404);

  const all = await pairs(admin);
  const editor = await gammaWith(admin, [pairFor(all, "can_write", "Dashboard")!.id, pairFor(all, "can_read", "Dashboard")!.id]);
  const mine = await json<{ id: number }>(await editor.post("/api/v1/dashboard/", { dashboard_title: `Mine ${unique()}` }));
  expect((await editor.put(`/api/v1/dashboard/${mine.id}/colors`, { color_scheme: "bnbColors" })).status).toBe(200);
  // the admin's published dashboard holds no chart the editor may read, so it is not even visible to them
  expect([403, 404]).toContain((await editor.put(`/api/v1/dashboard/${id}/colors`, { color_scheme: "bnbColors" })).status);
  expect((await metadataOf(admin, id)).meta.color_scheme).toBeUndefined();
});
