import { expect, inject, test } from "vitest";
import { encodeRison } from "../../core/http/rison-guard";
import { workerFetch, browserSession, loginAsAdmin, type ApiClient } from "../support/client";

// The Databases list page (/databaseview/list/) server-rendered for different users: admins see and
// search every database, never a password; the page shows only what GET /api/v1/database/ would list.

const unique = () => Math.random().toString(36).slice(2, 8);

async function userWithRole(admin: ApiClient, role: string) {
  const q = encodeRison({ filters: [{ col: "name", opr: "eq", value: role }] });
  const roles = (await (await admin.get(`/api/v1/security/roles/?q=${q}`)).json()) as { result: { id: number }[] };
  const username = `dbpage_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const res = await admin.post("/api/v1/security/users/", {
    username, password, first_name: "Page", last_name: "Reader", email: `${username}@example.com`, roles: [roles.result[0].id],
  });
  expect(res.status).toBe(201);
  return browserSession(username, password);
}

const idOf = async (res: Response) => ((await res.json()) as { id: number }).id;

async function page(session: { cookie: string }, path: string) {
  const res = await workerFetch(`${path}`, { headers: { Cookie: session.cookie } });
  return { status: res.status, html: await res.text() };
}

test("an admin's Databases page lists and searches databases and never shows a password", async () => {
  const admin = await loginAsAdmin();
  const name = `Page PG ${unique()}`;
  const created = await admin.post("/api/v1/database/", { database_name: name, sqlalchemy_uri: "postgresql://reader:page-secret-pw@127.0.0.1:5432/test", allow_dml: true });
  expect(created.status).toBe(201);
  const session = await browserSession(inject("admin").username, inject("admin").password);

  const all = await page(session, "/databaseview/list/");
  expect(all.status).toBe(200);
  expect(all.html).toContain(name);
  expect(all.html).toContain("+ Database");
  expect(all.html).not.toContain("page-secret-pw");

  const found = await page(session, `/databaseview/list/?search=${encodeURIComponent(name.toLowerCase())}`);
  expect(found.html).toContain("1 database");
  expect(found.html).toContain(`database-row-${name}`);
  const none = await page(session, `/databaseview/list/?search=no-such-database-${unique()}`);
  expect(none.html).toContain("0 databases");
  expect(none.html).toContain("No results match your filter criteria");
  expect((await admin.delete(`/api/v1/database/${await idOf(created)}`)).status).toBe(200);
});

test("a user without can_read Database is refused the page; a SQL Lab user sees only granted databases, read-only", async () => {
  const admin = await loginAsAdmin();
  const name = `Ungranted ${unique()}`;
  const created = await admin.post("/api/v1/database/", { database_name: name, sqlalchemy_uri: "d1://EXAMPLES" });
  expect(created.status).toBe(201);

  const gamma = await userWithRole(admin, "Gamma");
  expect((await page(gamma, "/databaseview/list/")).status).toBe(403);

  // sql_lab holds can_read Database but no database_access: the list is empty and offers no changes
  const sqlLab = await userWithRole(admin, "sql_lab");
  const seen = await page(sqlLab, "/databaseview/list/");
  expect(seen.status).toBe(200);
  expect(seen.html).not.toContain(name);
  expect(seen.html).not.toContain("+ Database");
  expect((await admin.delete(`/api/v1/database/${await idOf(created)}`)).status).toBe(200);
});

test("users without data access are told so on the Databases and Datasets pages, with whom to ask", async () => {
  // sql_lab may read the Databases page, Gamma the Datasets page; neither role grants any data
  for (const [role, path] of [["sql_lab", "/databaseview/list/"], ["Gamma", "/tablemodelview/list/"]]) {
    const { status, html } = await page(await userWithRole(await loginAsAdmin(), role), path);
    expect(status).toBe(200);
    expect(html).toMatch(/You don(&#x27;|')t have access to any (database|dataset)\. .*Ask an admin to grant you database access/);
    // the page's own text, not its data: the language catalog in the page's scripts holds every string
    const shown = html.replace(/<script[\s\S]*?<\/script>/g, "");
    expect(shown).not.toContain("No databases yet.");
    expect(shown).not.toContain("No datasets match.");
  }
  // an admin with a search that matches nothing still reads "No … match."
  const admin = await browserSession(inject("admin").username, inject("admin").password);
  expect((await page(admin, "/databaseview/list/?search=zz-nothing-zz")).html).toContain("No results match your filter criteria");
});
