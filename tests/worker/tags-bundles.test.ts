import { beforeAll, expect, test } from "vitest";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { json, q, unique } from "../support/access";

// Tags in export/import bundles as Superset writes them with TAGGING_SYSTEM on: a dashboard's YAML carries
// `tags:` (its custom tag names); an import creates those tags on the object, with the importer's system tags;
// a bad tag name in a file is refused, naming the file, before anything is written.

let admin: ApiClient;
let me: number;

beforeAll(async () => {
  admin = await loginAsAdmin();
  me = (await json(await admin.get("/api/v1/me/"))).result.id;
});

async function importZip(files: Map<string, string>) {
  const bytes = zipSync(Object.fromEntries([...files].map(([k, v]) => [k, strToU8(v)])));
  const form = new FormData();
  form.append("formData", new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/zip" }), "bundle.zip");
  return admin.raw("/api/v1/dashboard/import/", { method: "POST", body: form });
}

test("a tagged dashboard exports its tags, and a bundle's tags are created on import", async () => {
  const run = unique();
  const id = (await json(await admin.post("/api/v1/dashboard/", { dashboard_title: `Bundle ${run}` }))).id as number;
  expect((await admin.post(`/api/v1/tag/dashboard/${id}/`, { tags: [`exported-${run}`] })).status).toBe(201);

  const exported = await admin.get(`/api/v1/dashboard/export/?q=${q([id])}`);
  expect(exported.status).toBe(200);
  const files = new Map(Object.entries(unzipSync(new Uint8Array(await exported.arrayBuffer()))).map(([k, v]) => [k, strFromU8(v)]));
  const [path, text] = [...files].find(([k]) => k.includes("/dashboards/"))!;
  const config = parseYaml(text) as Record<string, unknown>;
  // only custom tags travel: owner: and type: are made again where the bundle lands
  expect(config.tags).toEqual([`exported-${run}`]);

  const copy = { ...config, uuid: crypto.randomUUID(), dashboard_title: `Imported ${run}`, slug: null, tags: [`imported-${run}`, `exported-${run}`] };
  files.set(path, stringifyYaml(copy));
  const bad = new Map(files);
  bad.set(path, stringifyYaml({ ...copy, tags: [`bad:${run}`] }));
  const refused = await importZip(bad);
  expect(refused.status).toBe(422);
  expect(JSON.stringify(await json(refused))).toContain(`bad:${run}`);
  expect((await json(await admin.get(`/api/v1/dashboard/?q=${q({ filters: [{ col: "dashboard_title", opr: "eq", value: `Imported ${run}` }] })}`))).count).toBe(0);

  const imported = await importZip(files);
  expect(imported.status, await imported.clone().text()).toBe(200);
  const found = await json(await admin.get(`/api/v1/dashboard/?q=${q({ filters: [{ col: "dashboard_title", opr: "eq", value: `Imported ${run}` }] })}`));
  expect(found.count).toBe(1);
  expect(found.result[0].tags.map((t: { name: string }) => t.name).sort()).toEqual([`exported-${run}`, `imported-${run}`, `owner:${me}`, "type:dashboard"]);
});
