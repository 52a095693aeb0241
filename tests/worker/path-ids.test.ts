import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, json, unique } from "../support/access";

// An id in a path is plain decimal digits, as Superset's router reads it. JavaScript's Number() also reads hex,
// binary, octal, exponents, decimals, signs and padding, so a fuzzed DELETE /api/v1/chart/0x10 deleted chart 16.
// Every such spelling of a real object's id must be a 404 that reads, changes and deletes nothing.

let admin: ApiClient;

/** Spellings that Number() reads as `id` but Superset's <int:pk> does not match. */
function otherSpellings(id: number): string[] {
  return [
    `0x${id.toString(16)}`, `0X${id.toString(16)}`, `0b${id.toString(2)}`, `0o${id.toString(8)}`, `${id / 10}e1`,
    `${id}e0`, `${id}.0`, `${id}.`, `+${id}`, `%20${id}`, `${id}%20`, `%09${id}`, `${id}%0A`,
  ];
}

beforeAll(async () => {
  admin = await loginAsAdmin();
});

async function resources() {
  const dataset = await exampleDataset(admin, "birth_names");
  const chart = await json(await admin.post("/api/v1/chart/", { slice_name: `Path id ${unique()}`, viz_type: "table", datasource_id: dataset.id, datasource_type: "table" }));
  const dashboard = await json(await admin.post("/api/v1/dashboard/", { dashboard_title: `Path id ${unique()}` }));
  const css = await json(await admin.post("/api/v1/css_template/", { template_name: `Path id ${unique()}`, css: ".x {}" }));
  const layer = await json(await admin.post("/api/v1/annotation_layer/", { name: `Path id ${unique()}` }));
  return [
    { base: "/api/v1/chart/", id: chart.id as number, put: { description: "changed" } },
    { base: "/api/v1/dashboard/", id: dashboard.id as number, put: { dashboard_title: "changed" } },
    { base: "/api/v1/css_template/", id: css.id as number, put: { css: ".changed {}" } },
    { base: "/api/v1/annotation_layer/", id: layer.id as number, put: { descr: "changed" } },
  ];
}

test("hex, binary, octal, exponent, decimal, signed and padded ids are 404 for GET, PUT and DELETE, and nothing changes", async () => {
  // the answer to a path no route matches
  const unmatched = await json(await admin.get("/api/v1/chart/no/such/route"));
  expect(unmatched).toMatchObject({ message: "Not found" });
  const answered: string[] = [];
  for (const { base, id, put } of await resources()) {
    // the object as GET answers it, without the humanized ages ("now", "a second ago") that move with the clock
    const stable = async (res: Response) => JSON.stringify(await res.json(), (k, v) => (k.endsWith("_delta_humanized") ? undefined : v));
    const before = await stable(await admin.get(`${base}${id}`));
    for (const spelling of otherSpellings(id)) {
      for (const [method, send] of [
        ["GET", () => admin.get(`${base}${spelling}`)],
        ["PUT", () => admin.put(`${base}${spelling}`, put)],
        ["DELETE", () => admin.delete(`${base}${spelling}`)],
      ] as const) {
        const res = await send();
        const body = await res.text();
        if (res.status !== 404) answered.push(`${method} ${base}${spelling}: ${res.status} ${body.slice(0, 100)}`);
        // GET /api/v1/dashboard/<id_or_slug> reads any other text as a slug, as Superset does: "Dashboard not found."
        else if (!(method === "GET" && base === "/api/v1/dashboard/")) expect(JSON.parse(body), `${method} ${base}${spelling}`).toEqual(unmatched);
      }
    }
    const after = await admin.get(`${base}${id}`);
    expect(after.status, `${base}${id} still exists`).toBe(200);
    expect(await stable(after), `${base}${id} unchanged`).toBe(before);
  }
  expect(answered).toEqual([]);
});

test("plain digits still address the object, leading zeros included as Superset's router reads them", async () => {
  const [chart] = await resources();
  expect((await json(await admin.get(`${chart.base}0${chart.id}`))).id).toBe(chart.id);
  expect((await admin.delete(`${chart.base}${chart.id}`)).status).toBe(200);
  expect((await admin.get(`${chart.base}${chart.id}`)).status).toBe(404);
});
