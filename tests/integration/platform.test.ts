import { expect, test } from "vitest";
import { baseUrl, browserSession, loginAsAdmin } from "../support/client";
import { inject } from "vitest";
import { connect } from "node:net";
import { startArgs } from "../../scripts/dev-server.mjs";

test("health answers without login", async () => {
  const res = await fetch(`${baseUrl()}/health`);
  expect(res.status).toBe(200);
  expect(await res.text()).toBe("OK");
});

test("token login then /api/v1/me/ names the admin", async () => {
  const admin = await loginAsAdmin();
  const res = await admin.get("/api/v1/me/");
  expect(res.status).toBe(200);
  const body = (await res.json()) as { result: { username: string; is_active: boolean } };
  expect(body.result.username).toBe(inject("admin").username);
  expect(body.result.is_active).toBe(true);
  expect(JSON.stringify(body)).not.toContain("password");
});

test("a wrong password is refused with Superset's envelope", async () => {
  const res = await fetch(`${baseUrl()}/api/v1/security/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "wrong", provider: "db" }),
  });
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({ message: "Not authorized" });
});

test("anonymous API calls get 401 and pages redirect to login", async () => {
  expect((await fetch(`${baseUrl()}/api/v1/me/`)).status).toBe(401);
  const page = await fetch(`${baseUrl()}/`, { redirect: "manual" });
  expect(page.status).toBe(302);
  expect(page.headers.get("location")).toBe("/login/?next=%2F");
});

test("the session cookie is HttpOnly and SameSite=Lax, and writes need the CSRF token", async () => {
  const admin = inject("admin");
  const form = new URLSearchParams({ username: admin.username, password: admin.password, next: "/" });
  const res = await fetch(`${baseUrl()}/login/`, { method: "POST", body: form, redirect: "manual" });
  expect(res.status).toBe(303);
  const setCookie = res.headers.get("set-cookie") ?? "";
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  const { cookie, csrfToken } = await browserSession(admin.username, admin.password);
  const noToken = await fetch(`${baseUrl()}/logout/`, { method: "POST", headers: { Cookie: cookie }, redirect: "manual" });
  expect(noToken.status).toBe(400);
  const withToken = await fetch(`${baseUrl()}/logout/`, {
    method: "POST",
    headers: { Cookie: cookie, "X-CSRFToken": csrfToken },
    redirect: "manual",
  });
  expect(withToken.status).toBe(303);
});

test("an unknown API path is a JSON 404", async () => {
  const res = await fetch(`${baseUrl()}/api/v1/does-not-exist/`);
  expect(res.status).toBe(404);
  expect(await res.json()).toMatchObject({ message: "Not found" });
});

test("JSON bodies with prototype keys or absurd sizes are refused before any handler sees them", async () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl()}/api/v1/security/login`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body });
  const proto = await post('{"username":"admin","password":"x","__proto__":{"admin":true}}');
  expect(proto.status).toBe(400);
  expect(await proto.json()).toMatchObject({ message: 'Request body may not contain the key "__proto__"' });
  const nested = await post(`${"[".repeat(100_000)}${"]".repeat(100_000)}`);
  expect(nested.status).toBe(400);
  const huge = await post(JSON.stringify({ username: "a".repeat(5 * 1024 * 1024), password: "x" }));
  expect(huge.status).toBe(413);
});

test("built assets are cached for a year, named by their content hash; pages are never cached that way", async () => {
  const { cookie } = await browserSession(inject("admin").username, inject("admin").password);
  const page = await fetch(`${baseUrl()}/superset/welcome/`, { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  expect(page.headers.get("cache-control") ?? "").not.toContain("immutable");
  const html = await page.text();
  const scripts = [...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  const asset = await fetch(`${baseUrl()}${scripts[0]}`);
  expect(asset.status).toBe(200);
  expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
});

/** "connected" or "refused": whether anything listens at host:port (loopback only). */
function probe(host: string, port: number): Promise<string> {
  return new Promise((res) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once("connect", () => (socket.destroy(), res("connected")));
    socket.once("error", () => res("refused"));
    socket.once("timeout", () => (socket.destroy(), res("refused")));
  });
}

test("npm start's wrangler dev listens on loopback only, so its /cdn-cgi/handler/scheduled is not reachable from another machine", async () => {
  // what `npm start` spawns: exactly one --ip, the loopback address
  const args = startArgs("8787");
  expect(args.filter((a) => a === "--ip")).toHaveLength(1);
  expect(args[args.indexOf("--ip") + 1]).toBe("127.0.0.1");
  expect(args).toContain("--test-scheduled");
  // and wrangler honours it: this run's Worker is served by the same arguments (tests/support/server.mjs)
  const port = Number(new URL(baseUrl()).port);
  expect(await probe("127.0.0.1", port)).toBe("connected");
  // (no probe of the machine's other addresses: tests send traffic to loopback only)
});
