import { beforeAll, expect, test } from "vitest";
import { parse } from "yaml";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { gammaWith, json, q, roleId, unique } from "../support/access";
import { RULE_EXISTS } from "../../core/rls/import-plan";

// Row-level security rules out and in as preset-cli's rls.yaml, through the real Worker: an export names datasets
// as schema.table and roles by name; importing it recreates the rules with the same datasets and roles; a rule
// that exists needs overwrite=true; one bad rule refuses the whole file, and nothing of it is written.

let admin: ApiClient;
let tableName: string;
let datasetId: number;
let gamma: number;

interface Listed { id: number; name: string; clause: string; filter_type: string; tables: { id: number }[]; roles: { id: number }[] }

beforeAll(async () => {
  admin = await loginAsAdmin();
  const dbs = await json<{ result: { id: number; database_name: string }[] }>(await admin.get(`/api/v1/database/?q=${q({ page_size: 100 })}`));
  const examples = dbs.result.find((d) => d.database_name === "examples")!;
  tableName = `rls_portable_${unique()}`;
  const made = await admin.post("/api/v1/dataset/", { database: examples.id, schema: "main", table_name: tableName, sql: "SELECT name, gender FROM birth_names" });
  expect(made.status).toBe(201);
  datasetId = (await json<{ id: number }>(made)).id;
  gamma = await roleId(admin, "Gamma");
});

const importFile = (yaml: string, overwrite = false) => {
  const form = new FormData();
  form.append("formData", new File([yaml], "rls.yaml", { type: "application/x-yaml" }));
  if (overwrite) form.append("overwrite", "true");
  return admin.raw("/api/v1/rowlevelsecurity/import/", { method: "POST", body: form });
};

const named = async (name: string) =>
  (await json<{ result: Listed[] }>(await admin.get(`/api/v1/rowlevelsecurity/?q=${q({ filters: [{ col: "name", opr: "eq", value: name }] })}`))).result[0];

test("exported rules come back whole on import, by dataset and role names; an existing rule needs overwrite", async () => {
  const names = [`girls ${unique()}`, `base ${unique()}`];
  const ids = [];
  for (const [i, name] of names.entries()) {
    const res = await admin.post("/api/v1/rowlevelsecurity/", { name, filter_type: i ? "Base" : "Regular", tables: [datasetId], roles: i ? [] : [gamma], clause: i ? "1 = 1" : "gender = 'girl'", group_key: "g" });
    expect(res.status, await res.clone().text()).toBe(201);
    ids.push((await json<{ id: number }>(res)).id);
  }
  const exported = await admin.get(`/api/v1/rowlevelsecurity/export/?q=${q(ids)}`);
  expect(exported.status).toBe(200);
  expect(exported.headers.get("Content-Disposition")).toBe('attachment; filename="rls.yaml"');
  const yaml = await exported.text();
  expect(parse(yaml)).toEqual(expect.arrayContaining([
    { name: names[0], description: null, filter_type: "Regular", tables: [`main.${tableName}`], roles: ["Gamma"], group_key: "g", clause: "gender = 'girl'" },
  ]));

  // into a workspace without them: the same rules, the same dataset and role
  expect((await admin.delete(`/api/v1/rowlevelsecurity/?q=${q(ids)}`)).status).toBe(200);
  const imported = await importFile(yaml);
  expect(imported.status, await imported.clone().text()).toBe(200);
  const back = await named(names[0]);
  expect(back).toMatchObject({ filter_type: "Regular", clause: "gender = 'girl'", tables: [{ id: datasetId }], roles: [{ id: gamma }] });

  // again: each rule exists; the answer asks for overwrite as bundle imports do, and writes nothing
  const again = await importFile(yaml);
  expect(again.status).toBe(422);
  const body = await json<{ errors: { extra: Record<string, unknown> }[] }>(again);
  expect(body.errors[0].extra[`rls.yaml › ${names[0]}`]).toBe(RULE_EXISTS);
  const edited = yaml.replace("gender = 'girl'", "gender = 'boy'");
  expect((await importFile(edited, true)).status).toBe(200);
  expect(await named(names[0])).toMatchObject({ id: back.id, clause: "gender = 'boy'" });
});

test("one bad rule refuses the file with each problem named, and none of its rules is written; readers may not import", async () => {
  const good = `good ${unique()}`;
  const yaml = [
    `- {name: "${good}", filter_type: Regular, tables: [main.${tableName}], roles: [Gamma], clause: "gender = 'boy'"}`,
    `- {name: bad, filter_type: Regular, tables: [no_such_table], roles: [No such role], clause: "gender = 'boy'"}`,
    `- {name: gate, filter_type: Base, tables: [${tableName}], clause: "1 = 1; DELETE FROM birth_names"}`,
  ].join("\n");
  const res = await importFile(yaml);
  expect(res.status).toBe(422);
  const { errors } = await json<{ errors: { extra: Record<string, unknown> }[] }>(res);
  expect(errors[0].extra["rls.yaml › bad"]).toEqual(["Cannot find table: no_such_table", "Role not found: No such role"]);
  expect(String(errors[0].extra["rls.yaml › gate"])).not.toBe("");
  expect(await named(good)).toBeUndefined();
  expect((await importFile("not: a list")).status).toBe(422);

  const reader = await gammaWith(admin, []);
  const form = new FormData();
  form.append("formData", new File([yaml], "rls.yaml"));
  expect((await reader.raw("/api/v1/rowlevelsecurity/import/", { method: "POST", body: form })).status).toBe(403);
  expect((await reader.get("/api/v1/rowlevelsecurity/export/")).status).toBe(403);
});
