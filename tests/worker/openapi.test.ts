import { expect, test } from "vitest";
import { loginAsAdmin } from "../support/client";
import { gammaWith, json } from "../support/access";
import { routeTable } from "../support/route-table";

// GET /api/v1/_openapi through the real Worker: the document lists the Worker's own API routes.

type Doc = { openapi: string; paths: Record<string, Record<string, { parameters?: { name: string }[] }>> };

test("the OpenAPI document lists every API route the Worker registered, with its methods", async () => {
  const admin = await loginAsAdmin();
  const res = await admin.get("/api/v1/_openapi");
  expect(res.status).toBe(200);
  const doc = await json<Doc>(res);
  expect(doc.openapi).toMatch(/^3\./);
  expect(Object.keys(doc.paths["/api/v1/database/{pk}/validate_sql/"])).toEqual(["post"]);
  expect(doc.paths["/api/v1/database/{pk}/function_names/"].get.parameters).toEqual([expect.objectContaining({ name: "pk" })]);
  expect(Object.keys(doc.paths["/api/v1/chart/{pk}"]).sort()).toEqual(expect.arrayContaining(["delete", "get", "put"]));
  expect(doc.paths["/api/v1/_openapi"].get).toBeDefined();
  // the same set the route-coverage check reads, converted to OpenAPI's {param} form
  const expected = new Set(
    routeTable()
      .filter((r) => r.path.startsWith("/api/") && !r.path.includes("*") && r.method !== "ALL")
      .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:([A-Za-z_]\w*)(\{(?:[^{}]|\{[^}]*\})*\})?\??/g, "{$1}")}`),
  );
  const listed = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`)));
  expect([...expected].filter((k) => !listed.has(k))).toEqual([]);
  expect([...listed].filter((k) => !expected.has(k))).toEqual([]);
});

test("the OpenAPI document is for admins: Gamma is refused, an anonymous caller is 401", async () => {
  const admin = await loginAsAdmin();
  const gamma = await gammaWith(admin, []);
  expect((await gamma.get("/api/v1/_openapi")).status).toBe(403);
  const { workerFetch } = await import("../support/client");
  expect((await workerFetch("/api/v1/_openapi")).status).toBe(401);
});
