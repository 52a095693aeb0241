import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { loginAsAdmin } from "../support/client";
import { gammaWith, json } from "../support/access";
import { examplesId, userWithRoles } from "../support/sqllab";

// GET /api/v1/database/<pk>/function_names/ on the D1 examples database, through the real Worker.

test("function_names answers SQLite's built-ins for a D1 database, sorted, without the gate's denied ones", async () => {
  const admin = await loginAsAdmin();
  const res = await admin.get(`/api/v1/database/${await examplesId(admin)}/function_names/`);
  expect(res.status).toBe(200);
  const body = await json<{ function_names: string[] }>(res);
  expect(Object.keys(body)).toEqual(["function_names"]);
  for (const name of ["abs", "strftime", "json_extract", "group_concat", "row_number", "coalesce"]) expect(body.function_names).toContain(name);
  expect(body.function_names).not.toContain("load_extension");
  expect(body.function_names).toEqual([...body.function_names].sort((a, b) => a.localeCompare(b, "en")));
  // a database that does not exist is Superset's 404
  const missing = await admin.get("/api/v1/database/987654/function_names/");
  expect(missing.status).toBe(404);
  expect(await json(missing)).toMatchObject({ message: "Not found" });
});

test("D1 refuses PRAGMA function_list, which is why SQLite's names are kept in the dialect", async () => {
  const d1 = (env as unknown as { EXAMPLES: D1Database }).EXAMPLES;
  await expect(d1.prepare("PRAGMA function_list").all()).rejects.toThrow(/not authorized/i);
  await expect(d1.prepare("SELECT name FROM pragma_function_list").all()).rejects.toThrow(/not authorized|no such table/i);
});

test("function_names needs read access to the database: Alpha may; SQL Lab without access to it sees 404, Gamma 403", async () => {
  const admin = await loginAsAdmin();
  const id = await examplesId(admin);
  const alpha = await userWithRoles(admin, ["Alpha"]);
  expect((await alpha.get(`/api/v1/database/${id}/function_names/`)).status).toBe(200);
  const sqlLab = await userWithRoles(admin, ["sql_lab"]);
  expect((await sqlLab.get(`/api/v1/database/${id}/function_names/`)).status).toBe(404);
  const gamma = await gammaWith(admin, []);
  expect((await gamma.get(`/api/v1/database/${id}/function_names/`)).status).toBe(403);
});
