import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { gammaWith, q, unique } from "../support/access";

// Annotation layers and their annotations (Superset's AnnotationLayerRestApi / AnnotationRestApi) through
// the real Worker: CRUD, Superset's validation messages, the delete-integrity rule and permissions.

let admin: ApiClient;

async function json<T = Record<string, any>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

beforeAll(async () => {
  admin = await loginAsAdmin();
});

test("a layer with annotations: create, list, read, update, and delete in the right order", async () => {
  const name = `Releases ${unique()}`;
  const layer = await admin.post("/api/v1/annotation_layer/", { name, descr: "Product releases" });
  expect(layer.status).toBe(201);
  const { id } = await json(layer);
  expect((await json(await admin.get(`/api/v1/annotation_layer/${id}`))).result).toMatchObject({ id, name, descr: "Product releases" });
  const found = await json(await admin.get(`/api/v1/annotation_layer/?q=${q({ filters: [{ col: "name", opr: "ct", value: name }] })}`));
  expect(found.ids).toEqual([id]);
  expect((await admin.post("/api/v1/annotation_layer/", { name })).status).toBe(400);

  const a = await admin.post(`/api/v1/annotation_layer/${id}/annotation/`, {
    short_descr: "v1.0", long_descr: "First release", start_dttm: "2024-03-01", end_dttm: "2024-03-01T12:00:00", json_metadata: '{"color":"red"}',
  });
  expect(a.status).toBe(201);
  const annotation = await json(a);
  expect(annotation.result).toMatchObject({ short_descr: "v1.0", start_dttm: "2024-03-01T00:00:00.000", end_dttm: "2024-03-01T12:00:00.000", layer: { id } });
  await admin.post(`/api/v1/annotation_layer/${id}/annotation/`, { short_descr: "v2.0", start_dttm: "2024-06-01", end_dttm: "2024-06-01" });
  const list = await json(await admin.get(`/api/v1/annotation_layer/${id}/annotation/?q=${q({ order_column: "start_dttm", order_direction: "desc" })}`));
  expect(list.result.map((r: { short_descr: string }) => r.short_descr)).toEqual(["v2.0", "v1.0"]);

  const dup = await admin.post(`/api/v1/annotation_layer/${id}/annotation/`, { short_descr: "v1.0", start_dttm: "2024-01-01", end_dttm: "2024-01-01" });
  expect((await json(dup)).message).toEqual({ short_descr: ["Short description must be unique for this layer"] });
  const backwards = await admin.put(`/api/v1/annotation_layer/${id}/annotation/${annotation.id}`, { end_dttm: "2024-02-01" });
  expect(backwards.status).toBe(400);
  expect((await json(backwards)).message).toEqual({ end_dttm: ["End date must be after start date"] });
  expect((await admin.put(`/api/v1/annotation_layer/${id}/annotation/${annotation.id}`, { long_descr: "GA" })).status).toBe(200);

  const refused = await admin.delete(`/api/v1/annotation_layer/${id}`);
  expect(refused.status).toBe(422);
  expect((await json(refused)).message).toBe("Annotation layer has associated annotations.");
  expect(await json(await admin.delete(`/api/v1/annotation_layer/${id}/annotation/?q=${q(list.ids)}`))).toEqual({ message: "Deleted 2 annotations" });
  expect((await admin.delete(`/api/v1/annotation_layer/${id}`)).status).toBe(200);
  expect((await admin.get(`/api/v1/annotation_layer/${id}`)).status).toBe(404);
});

test("Gamma reads annotation layers but cannot change them", async () => {
  const { id } = await json(await admin.post("/api/v1/annotation_layer/", { name: `Shared ${unique()}` }));
  const gamma = await gammaWith(admin, []);
  expect((await gamma.get(`/api/v1/annotation_layer/${id}`)).status).toBe(200);
  expect((await gamma.post("/api/v1/annotation_layer/", { name: `Mine ${unique()}` })).status).toBe(403);
  expect((await gamma.post(`/api/v1/annotation_layer/${id}/annotation/`, { short_descr: "x", start_dttm: "2024-01-01", end_dttm: "2024-01-01" })).status).toBe(403);
});

test("lists carry Superset's get_list fields and sort by last modified; an annotation names its layer", async () => {
  const name = `Audit ${unique()}`;
  const { id } = await json(await admin.post("/api/v1/annotation_layer/", { name, descr: "d" }));
  const layers = await json(await admin.get(`/api/v1/annotation_layer/?q=${q({ filters: [{ col: "name", opr: "ct", value: name }], order_column: "changed_on_delta_humanized", order_direction: "desc" })}`));
  expect(layers.result[0]).toMatchObject({ id, name, changed_on_delta_humanized: expect.any(String), created_by: { first_name: expect.any(String) }, changed_by: { first_name: expect.any(String) } });

  const a = await json(await admin.post(`/api/v1/annotation_layer/${id}/annotation/`, { short_descr: "launch", start_dttm: "2024-05-01T10:30", end_dttm: "2024-05-01T10:30" }));
  expect(a.result.changed_by).toMatchObject({ first_name: expect.any(String) });
  const shown = await json(await admin.get(`/api/v1/annotation_layer/${id}/annotation/${a.id}`));
  expect(shown.result).toMatchObject({ layer: { id, name }, start_dttm: "2024-05-01T10:30:00.000" });
  const list = await json(await admin.get(`/api/v1/annotation_layer/${id}/annotation/?q=${q({ filters: [{ col: "short_descr", opr: "ct", value: "LAUN" }], order_column: "changed_on_delta_humanized", order_direction: "asc" })}`));
  expect(list.ids).toEqual([a.id]);
  expect(list.result[0]).toMatchObject({ short_descr: "launch", changed_on_delta_humanized: expect.any(String), created_by: { first_name: expect.any(String) } });
});
