import { expect, test, type APIRequestContext } from "@playwright/test";
import { encodeRison } from "../../core/http/rison-guard";
import { admin, hydrated, login, logout } from "./helpers";

// A page view queued by the browser's logger (sent after 1 s) is not lost when the user leaves the page
// before then: by a full page load, or by logging out (after which the session could no longer log it).

async function viewsOf(request: APIRequestContext, path: string): Promise<number> {
  const { username, password } = admin();
  const login = await request.post("/api/v1/security/login", { data: { username, password, provider: "db" } });
  const { access_token } = (await login.json()) as { access_token: string };
  const q = encodeRison({ filters: [{ col: "action", opr: "eq", value: "spa_navigation" }, { col: "json", opr: "ct", value: `"path":"${path}"` }], page_size: 1 });
  const res = await request.get(`/api/v1/log/?q=${encodeURIComponent(q)}`, { headers: { Authorization: `Bearer ${access_token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { count: number }).count;
}

test("a view followed at once by a full page load is still logged", async ({ page, request }) => {
  const { username, password } = admin();
  await login(page, username, password);
  const before = await viewsOf(request, "/roles/");
  await page.goto("/roles/");
  // the view is queued by the page's own JavaScript once it is hydrated; the server HTML shows before that
  await hydrated(page.getByRole("heading", { name: "List Roles" }));
  await page.goto("/users/"); // well within the 1 s batch delay
  await expect.poll(() => viewsOf(request, "/roles/"), { timeout: 5000 }).toBe(before + 1);
});

test("a view followed at once by logging out is still logged", async ({ page, request }) => {
  const { username, password } = admin();
  await login(page, username, password);
  const before = await viewsOf(request, "/savedqueryview/list/");
  await page.goto("/savedqueryview/list/");
  await logout(page);
  await expect.poll(() => viewsOf(request, "/savedqueryview/list/"), { timeout: 5000 }).toBe(before + 1);
});
