import { beforeAll, expect, test } from "vitest";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, json, q, unique } from "../support/access";

// History and bundles (issue 34): an import keeps a revision of each object it writes, saying it came from a
// bundle — a new saved query starts its History there, a dashboard overwritten by an import can be restored.

let admin: ApiClient;

beforeAll(async () => {
  admin = await loginAsAdmin();
});

async function exported(resource: string, id: number) {
  const res = await admin.get(`/api/v1/${resource}/export/?q=${q([id])}`);
  expect(res.status).toBe(200);
  return new Map(Object.entries(unzipSync(new Uint8Array(await res.arrayBuffer()))).map(([k, v]) => [k, strFromU8(v)]));
}

async function importZip(resource: string, files: Map<string, string>, overwrite = false) {
  const form = new FormData();
  form.append("formData", new Blob([zipSync(Object.fromEntries([...files].map(([k, v]) => [k, strToU8(v)]))) as Uint8Array<ArrayBuffer>], { type: "application/zip" }), "bundle.zip");
  if (overwrite) form.append("overwrite", "true");
  const res = await admin.raw(`/api/v1/${resource}/import/`, { method: "POST", body: form });
  expect(res.status, await res.clone().text()).toBe(200);
}

const messages = async (resource: string, id: number) =>
  (await json(await admin.get(`/api/v1/${resource}/${id}/revisions`))).result.map((r: { message: string | null }) => r.message);

test("an imported saved query starts its History with the import; a dashboard overwritten by an import can be restored", async () => {
  const run = unique();
  const db = (await exampleDataset(admin, "birth_names")).database.id;
  const sq = (await json(await admin.post("/api/v1/saved_query/", { db_id: db, label: `Export ${run}`, sql: "SELECT 1" }))).id as number;
  const files = await exported("saved_query", sq);
  const [path, text] = [...files].find(([k]) => k.includes("/queries/"))!;
  files.set(path, stringifyYaml({ ...(parseYaml(text) as Record<string, unknown>), uuid: crypto.randomUUID(), label: `Imported ${run}` }));
  await importZip("saved_query", files);
  const found = await json(await admin.get(`/api/v1/saved_query/?q=${q({ filters: [{ col: "label", opr: "eq", value: `Imported ${run}` }] })}`));
  expect(found.count).toBe(1);
  expect(await messages("saved_query", found.result[0].id)).toEqual(["Imported from a bundle"]);

  const dash = (await json(await admin.post("/api/v1/dashboard/", { dashboard_title: `Mine ${run}` }))).id as number;
  const bundle = await exported("dashboard", dash);
  const [dpath, dtext] = [...bundle].find(([k]) => k.includes("/dashboards/"))!;
  bundle.set(dpath, stringifyYaml({ ...(parseYaml(dtext) as Record<string, unknown>), dashboard_title: `Theirs ${run}` }));
  await importZip("dashboard", bundle, true);
  expect(await messages("dashboard", dash)).toEqual(["Imported from a bundle", null]);
  const first = (await json(await admin.get(`/api/v1/dashboard/${dash}/revisions`))).result[1].id;
  expect((await admin.post(`/api/v1/dashboard/${dash}/revisions/${first}/restore`, {})).status).toBe(200);
  expect((await json(await admin.get(`/api/v1/dashboard/${dash}`))).result.dashboard_title).toBe(`Mine ${run}`);
});
