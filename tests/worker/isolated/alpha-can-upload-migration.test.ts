/// <reference types="@cloudflare/vitest-plugin/types" />
import { expect, test } from "vitest";
import { env } from "cloudflare:workers";
import type { D1Migration } from "cloudflare:test";
import { loginAs, loginAsAdmin } from "../../support/client";
import { roleId, unique } from "../../support/access";

// Migration 0006: a metadata database made before file upload existed has an Alpha role without can_upload on
// Database; the migration grants it, as Superset's Alpha has it, and an Alpha user may then upload. Its own
// Miniflare: the test takes the permission away from Alpha first.

const testEnv = env as unknown as { DB: D1Database; TEST_MIGRATIONS: D1Migration[] };
const MIGRATION = testEnv.TEST_MIGRATIONS.find((m) => m.name === "0006_alpha_can_upload.sql")!;

const ALPHA_HAS_UPLOAD = `SELECT COUNT(*) AS n FROM ab_permission_view_role pvr
  JOIN ab_permission_view pv ON pv.id = pvr.permission_view_id
  JOIN ab_permission p ON p.id = pv.permission_id AND p.name = 'can_upload'
  JOIN ab_view_menu v ON v.id = pv.view_menu_id AND v.name = 'Database'
  JOIN ab_role r ON r.id = pvr.role_id AND r.name = 'Alpha'`;
const alphaHasUpload = async () => ((await testEnv.DB.prepare(ALPHA_HAS_UPLOAD).first<{ n: number }>())?.n ?? 0) > 0;
const migrate = async () => {
  for (const query of MIGRATION.queries) await testEnv.DB.prepare(query).run();
};

test("an Alpha role without can_upload gets it from the migration, once, and its users may upload", async () => {
  expect(MIGRATION).toBeDefined();
  const admin = await loginAsAdmin(); // the first start seeds the roles
  expect(await alphaHasUpload()).toBe(true);

  // as a database made before uploads: Alpha without the pair
  await testEnv.DB.prepare(`DELETE FROM ab_permission_view_role WHERE role_id = (SELECT id FROM ab_role WHERE name = 'Alpha')
    AND permission_view_id IN (SELECT pv.id FROM ab_permission_view pv JOIN ab_permission p ON p.id = pv.permission_id WHERE p.name = 'can_upload')`).run();
  expect(await alphaHasUpload()).toBe(false);
  await migrate();
  await migrate();
  expect(await alphaHasUpload()).toBe(true);
  expect((await testEnv.DB.prepare(ALPHA_HAS_UPLOAD).first<{ n: number }>())!.n).toBe(1);

  const username = `alpha_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const made = await admin.post("/api/v1/security/users/", { username, first_name: "A", last_name: "Lpha", email: `${username}@example.com`, password, roles: [await roleId(admin, "Alpha")] });
  expect(made.status).toBe(201);
  const alpha = await loginAs(username, password);
  const form = new FormData();
  form.set("file", new File(["a,b\n1,2\n"], "m.csv"));
  form.set("type", "csv");
  const res = await alpha.raw("/api/v1/database/upload_metadata/", { method: "POST", body: form });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(await res.json()).toEqual({ result: { items: [{ column_names: ["a", "b"], sheet_name: null }] } });
});
