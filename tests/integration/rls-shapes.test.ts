import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, q, roleId, unique } from "../support/access";
import { openApiAvailable, openApiMissingReason, shapeProblems } from "../support/openapi";
import { skipWithout } from "../support/prerequisite";

// The row-level security API's answers judged by Superset's OpenAPI document: list, get, create, update, delete,
// bulk delete, _info and related, each in the shape Superset publishes for it.

const shapeTest = skipWithout(openApiAvailable, openApiMissingReason) ? test.skip : test;

let admin: ApiClient;

beforeAll(async () => {
  admin = await loginAsAdmin();
});

async function conforming(method: "get" | "post" | "put" | "delete", template: string, path: string, status: number, body?: unknown) {
  const res = method === "get" || method === "delete" ? await admin[method](path) : await admin[method](path, body);
  const text = await res.text();
  expect(res.status, `${method.toUpperCase()} ${path}: ${text.slice(0, 300)}`).toBe(status);
  const parsed = JSON.parse(text);
  expect(shapeProblems(method, template, status, parsed), `${method.toUpperCase()} ${path}`).toEqual([]);
  return parsed;
}

shapeTest("the RLS API answers in Superset's published shapes", async () => {
  const datasetId = (await exampleDataset(admin, "flights")).id;
  const role = await roleId(admin, "Public");
  const base = "/api/v1/rowlevelsecurity/";
  // a Regular rule for the Public role with a clause that keeps every row: nothing else reading flights changes
  const created = await conforming("post", base, base, 201, { name: `shape ${unique()}`, filter_type: "Regular", tables: [datasetId], roles: [role], clause: "1 = 1", group_key: "g" });
  const id = created.id as number;
  await conforming("get", `${base}{pk}`, `${base}${id}`, 200);
  await conforming("get", base, `${base}?q=${q({ filters: [{ col: "name", opr: "sw", value: "shape" }], order_column: "name", order_direction: "asc" })}`, 200);
  // Superset's document types add_columns/edit_columns as objects where FAB answers lists: checked as the others' _info are
  await conforming("get", `${base}_info`, `${base}_info?q=${q({ keys: ["permissions", "filters"] })}`, 200);
  await conforming("get", `${base}related/{column_name}`, `${base}related/roles`, 200);
  await conforming("get", `${base}related/{column_name}`, `${base}related/tables?q=${q({ filter: "flights" })}`, 200);
  await conforming("put", `${base}{pk}`, `${base}${id}`, 200, { description: "kept", group_key: null });
  // (a 422's schema is a shared component response the helper does not resolve: its body is checked in the worker test)
  expect((await admin.put(`${base}${id}`, { roles: [987654] })).status).toBe(422);
  const second = await conforming("post", base, base, 201, { name: `shape ${unique()}`, filter_type: "Base", tables: [datasetId], roles: [], clause: "1 = 1" });
  await conforming("delete", `${base}{pk}`, `${base}${id}`, 200);
  await conforming("delete", base, `${base}?q=${q([second.id])}`, 200);
});
