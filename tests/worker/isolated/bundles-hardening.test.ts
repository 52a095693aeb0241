import { beforeAll, expect, test } from "vitest";
import { strToU8, zipSync } from "fflate";
import { loginAsAdmin, type ApiClient } from "../../support/client";
import { q } from "../../support/access";

// Every import endpoint (dashboard, chart, dataset, database, saved_query, assets), each on its own bundle: the valid
// bundle imports; importing it again needs overwrite=true and then duplicates nothing (assets always overwrite, as
// Superset's); a ZIP bomb (a file declared past the size limit, or a ZIP inflating more than 200 times its size), a
// database neither in the bundle nor in this instance, malformed YAML and a wrong metadata type answer 422 with
// Superset's errors[] envelope, a path out of the ZIP 400; and none of those imports anything of the rest of the
// bundle: the bundles here also carry a valid new database, dataset, chart, dashboard or query.

let admin: ApiClient;
beforeAll(async () => {
  admin = await loginAsAdmin();
});

const uuid = () => crypto.randomUUID();
const TYPES = { dashboard: "Dashboard", chart: "Slice", dataset: "SqlaTable", database: "Database", saved_query: "SavedQuery", assets: "assets" } as const;
type Resource = keyof typeof TYPES;

/** A bundle for `resource` with a valid new database and, where the type takes them, assets hanging off it. */
function bundle(resource: Resource, { unknownDatabase = false } = {}): Record<string, Uint8Array> {
  const [db, ds, chart, dash, query, tag] = [uuid(), uuid(), uuid(), uuid(), uuid(), uuid().slice(0, 8)];
  const missing = uuid();
  const target = unknownDatabase ? missing : db;
  const files: Record<string, string> = {
    "metadata.yaml": `version: 1.0.0\ntype: ${TYPES[resource]}\ntimestamp: '2024-01-01T00:00:00+00:00'\n`,
    [`databases/hardening_${tag}.yaml`]: `database_name: hardening_${tag}\nsqlalchemy_uri: postgresql://postgres@127.0.0.1:5432/test\nuuid: ${db}\nversion: 1.0.0\n`,
  };
  if (resource !== "saved_query") {
    files[`datasets/hardening_${tag}/t_${tag}.yaml`] = `table_name: t_${tag}\nschema: public\nuuid: ${ds}\ndatabase_uuid: ${target}\nversion: 1.0.0\ncolumns: []\nmetrics: []\n`;
  }
  if (resource === "chart" || resource === "dashboard" || resource === "assets") {
    files[`charts/c_${tag}.yaml`] = `slice_name: c_${tag}\nviz_type: table\nparams: {}\nuuid: ${chart}\ndataset_uuid: ${ds}\nversion: 1.0.0\n`;
  }
  if (resource === "dashboard" || resource === "assets") {
    files[`dashboards/d_${tag}.yaml`] = `dashboard_title: d_${tag}\nuuid: ${dash}\nversion: 1.0.0\nposition: {}\nmetadata: {}\n`;
  }
  if (resource === "saved_query" || resource === "assets") {
    files[`queries/hardening_${tag}/q_${tag}.yaml`] = `label: q_${tag}\nsql: SELECT 1\nschema: public\nuuid: ${query}\ndatabase_uuid: ${resource === "saved_query" ? target : db}\nversion: 1.0.0\n`;
  }
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [`bundle/${k}`, strToU8(v)]));
}

async function importZip(resource: Resource, bytes: Uint8Array, overwrite = true) {
  const form = new FormData();
  // the assets import takes its bundle as `bundle` (Superset's OpenAPI field, preset-cli's); the others as formData
  form.append(resource === "assets" ? "bundle" : "formData", new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/zip" }), "bundle.zip");
  if (resource !== "assets") form.append("overwrite", String(overwrite));
  const res = await admin.raw(`/api/v1/${resource}/import/`, { method: "POST", body: form });
  return { status: res.status, body: (await res.json()) as { message?: string; errors?: { message: string; error_type: string; level: string; extra: Record<string, unknown> }[] } };
}

/** How many of each asset the instance holds. */
async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const r of ["database", "dataset", "chart", "dashboard", "saved_query"]) {
    out[r] = ((await (await admin.get(`/api/v1/${r}/?q=${q({ page_size: 1 })}`)).json()) as { count: number }).count;
  }
  return out;
}

for (const resource of Object.keys(TYPES) as Resource[]) {
  test(`${resource} import: the valid bundle imports (the control), a ZIP bomb is refused with 422 and nothing is imported`, async () => {
    const before = await counts();
    // 11 MB of zeros: declared past the 10 MB a file may hold; 5 MB: within it, but inflating ~1000 times
    for (const [pad, message] of [[11, "Found file with size above allowed threshold"], [5, "Zip compress ratio above allowed threshold"]] as const) {
      const bomb = zipSync({ ...bundle(resource), "bundle/datasets/pad/pad.yaml": new Uint8Array(pad * 1024 * 1024) }, { level: 9 });
      expect(bomb.length).toBeLessThan(100_000);
      const res = await importZip(resource, bomb);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([expect.objectContaining({ message, error_type: "GENERIC_COMMAND_ERROR", level: "warning" })]);
      expect(await counts()).toEqual(before);
    }
    const ok = await importZip(resource, zipSync(bundle(resource)));
    expect(ok, JSON.stringify(ok.body)).toMatchObject({ status: 200, body: { message: "OK" } });
    expect(await counts()).not.toEqual(before);
  });

  test(`${resource} import: a database neither in the bundle nor here is refused with 422 per file; nothing is imported`, async () => {
    const before = await counts();
    const res = await importZip(resource, zipSync(bundle(resource, { unknownDatabase: true })));
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveLength(1);
    const [error] = res.body.errors!;
    expect(error.message).toBe(`Error importing ${resource === "saved_query" ? "saved_queries" : resource}`);
    const files = Object.entries(error.extra).filter(([name]) => name !== "issue_codes");
    expect(files).toEqual([[expect.stringMatching(resource === "saved_query" ? /^queries\// : /^datasets\//), { database_uuid: [expect.stringMatching(/^Database [0-9a-f-]{36} is neither in the bundle nor in this instance$/)] }]]);
    expect(await counts()).toEqual(before);
  });
}

/** The folder of the bundle's own kind of file (what each endpoint imports first and foremost). */
const PRIMARY: Record<Resource, RegExp> = { dashboard: /^dashboards\//, chart: /^charts\//, dataset: /^datasets\//, database: /^databases\//, saved_query: /^queries\//, assets: /^dashboards\// };
const TITLE: Record<Resource, string> = { dashboard: "Dashboard", chart: "Chart", dataset: "Dataset", database: "Database", saved_query: "Saved_Queries", assets: "" };

for (const resource of Object.keys(TYPES) as Resource[]) {
  test(`${resource} import: again needs overwrite=true, and with it nothing is duplicated`, async () => {
    const bytes = zipSync(bundle(resource));
    expect((await importZip(resource, bytes, false)).status).toBe(200);
    const imported = await counts();
    const again = await importZip(resource, bytes, false);
    if (resource === "assets") {
      expect(again.status).toBe(200); // Superset's assets import always overwrites
    } else {
      expect(again.status).toBe(422);
      const [path, message] = Object.entries(again.body.errors![0].extra).find(([name]) => PRIMARY[resource].test(name))!;
      expect(path).toMatch(PRIMARY[resource]);
      expect(message).toBe(`${TITLE[resource]} already exists and \`overwrite=true\` was not passed`);
      expect((await importZip(resource, bytes, true)).status).toBe(200);
    }
    expect(await counts()).toEqual(imported);
  });

  test(`${resource} import: malformed YAML and a wrong type answer 422 per file, a path out of the ZIP 400; nothing is imported`, async () => {
    const before = await counts();
    const files = bundle(resource);
    const metadata = Object.keys(files).find((f) => f.endsWith("metadata.yaml"))!;
    const wrongType = await importZip(resource, zipSync({ ...files, [metadata]: strToU8("version: 1.0.0\ntype: Wrong\ntimestamp: '2024-01-01T00:00:00+00:00'\n") }));
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errors![0].extra["metadata.yaml"]).toEqual({ type: [`Must be equal to ${TYPES[resource]}.`] });
    const own = Object.keys(files).find((f) => PRIMARY[resource === "assets" ? "dashboard" : resource].test(f.replace(/^bundle\//, "")))!;
    const malformed = await importZip(resource, zipSync({ ...files, [own]: strToU8("title: [unclosed\n") }));
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors![0].extra[own.replace(/^bundle\//, "")]).toBe("Not a valid YAML file");
    const climbing = await importZip(resource, zipSync({ ...files, "../../evil.yaml": strToU8("a: 1") }));
    expect(climbing.status).toBe(400);
    expect(climbing.body.message).toBe("Unsafe file name in the bundle: ../../evil.yaml");
    expect(await counts()).toEqual(before);
  });
}
