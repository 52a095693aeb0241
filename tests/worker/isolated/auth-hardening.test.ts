import { beforeAll, expect, inject, test } from "vitest";
import { baseUrl, loginAsAdmin, useWorkerVars, workerFetch, type ApiClient } from "../../support/client";

// Attacks on sign-in, reproduced against a Worker of its own (its counters must not lock out other suites):
// an open redirect through `next`, password guessing, and credentials that outlive a logout, a password
// change or a deactivation. Small limits make the throttle reachable: 5 failures per user name from one client,
// 12 per client. Requests without CF-Connecting-IP count as one client ("local"); others name their address.

let admin: ApiClient;
const unique = () => Math.random().toString(36).slice(2, 10);

beforeAll(async () => {
  useWorkerVars({ LOGIN_MAX_FAILURES_PER_USER: "5", LOGIN_MAX_FAILURES_PER_CLIENT: "12" });
  admin = await loginAsAdmin();
});

async function makeUser(): Promise<{ id: number; username: string; password: string }> {
  const username = `u_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const roles = (await (await admin.get("/api/v1/security/roles/?q=(page_size:100)")).json()) as { result: { id: number; name: string }[] };
  const gamma = roles.result.find((r) => r.name === "Gamma")!.id;
  const res = await admin.post("/api/v1/security/users/", { username, password, first_name: "T", last_name: "U", email: `${username}@example.com`, roles: [gamma] });
  expect(res.status).toBe(201);
  return { id: ((await res.json()) as { id: number }).id, username, password };
}

const formLogin = (username: string, password: string, next = "/") =>
  workerFetch(`/login/`, { method: "POST", body: new URLSearchParams({ username, password, next }), redirect: "manual" });
const tokenLogin = (username: string, password: string, ip?: string) =>
  workerFetch(`/api/v1/security/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(ip ? { "CF-Connecting-IP": ip } : {}) },
    body: JSON.stringify({ username, password, provider: "db", refresh: true }),
  });
const me = (headers: Record<string, string>) => workerFetch(`/api/v1/me/`, { headers });

async function cookieOf(username: string, password: string): Promise<string> {
  const res = await formLogin(username, password);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
  expect(cookie).toMatch(/^session=/);
  return cookie;
}

test("after login, a hostile next never leaves this origin, and control characters are no 500", async () => {
  const user = await makeUser();
  const origin = new URL(baseUrl()).origin;
  const hostile = ["/\t/evil.example/phish", "/\n/evil.example", "//evil.example", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", " //evil.example", "/x\r\nSet-Cookie: a=b"];
  // dot segments and backslashes that normalise to "//evil.example"
  const normalising = ["/.//evil.example/phish", "/x/..//evil.example", "/%2e//evil.example", "/.\\/evil.example", "/x/..\\\\evil.example"];
  for (const next of [...hostile, ...normalising]) {
    const res = await formLogin(user.username, user.password, next);
    expect(res.status, next).toBe(303);
    const location = new URL(res.headers.get("location")!, baseUrl());
    expect(location.origin, next).toBe(origin);
    expect(res.headers.get("location")).not.toMatch(/evil/);
  }
  const page = await workerFetch(`/login/?next=${encodeURIComponent("/\n/evil.example")}`);
  expect(page.status).toBe(200);
  expect(await page.text()).not.toContain("evil.example");
  // the login page of someone already signed in redirects to next at once: that must stay here too
  const cookie = await cookieOf(user.username, user.password);
  for (const next of normalising) {
    const res = await workerFetch(`/login/?next=${encodeURIComponent(next)}`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(res.status, next).toBeGreaterThanOrEqual(300);
    expect(res.status, next).toBeLessThan(400);
    expect(new URL(res.headers.get("location")!, baseUrl()).origin, next).toBe(origin);
    expect(res.headers.get("location"), next).not.toMatch(/evil/);
  }
});

test("a logout revokes that session's cookie, even replayed by another client", async () => {
  const user = await makeUser();
  const cookie = await cookieOf(user.username, user.password);
  expect((await me({ Cookie: cookie })).status).toBe(200);
  const csrf = ((await (await workerFetch(`/api/v1/security/csrf_token/`, { headers: { Cookie: cookie } })).json()) as { result: string }).result;
  const out = await workerFetch(`/logout/`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrf_token: csrf }), redirect: "manual" });
  expect(out.status).toBe(303);
  expect((await me({ Cookie: cookie })).status).toBe(401);
  // a new login works as before
  expect((await me({ Cookie: await cookieOf(user.username, user.password) })).status).toBe(200);
});

test("a password change and a deactivation revoke cookies, access tokens and refresh tokens issued before", async () => {
  for (const change of [{ password: `new-${unique()}-${unique()}` }, { active: false }]) {
    const user = await makeUser();
    const cookie = await cookieOf(user.username, user.password);
    const tokens = (await (await tokenLogin(user.username, user.password)).json()) as { access_token: string; refresh_token: string };
    expect((await me({ Authorization: `Bearer ${tokens.access_token}` })).status).toBe(200);
    expect((await admin.put(`/api/v1/security/users/${user.id}`, change)).status).toBe(200);
    expect((await me({ Cookie: cookie })).status, JSON.stringify(change)).toBe(401);
    expect((await me({ Authorization: `Bearer ${tokens.access_token}` })).status, JSON.stringify(change)).toBe(401);
    const refreshed = await workerFetch(`/api/v1/security/refresh`, { method: "POST", headers: { Authorization: `Bearer ${tokens.refresh_token}` } });
    expect(refreshed.status, JSON.stringify(change)).toBe(401);
    if (change.password) expect((await tokenLogin(user.username, change.password)).status).toBe(200);
  }
});

test("five wrong passwords lock the user name for that client: the right one is refused with 429 on both login routes", async () => {
  const user = await makeUser();
  for (let i = 0; i < 5; i++) expect((await tokenLogin(user.username, `wrong-${i}`)).status).toBe(401);
  const locked = await tokenLogin(user.username, user.password);
  expect(locked.status).toBe(429);
  expect(((await locked.json()) as { message: string }).message).toMatch(/^Too many failed login attempts/);
  const form = await formLogin(user.username, user.password);
  expect(form.headers.get("location")).toMatch(/error=throttled/);
  expect(form.headers.get("set-cookie")).toBeNull();
  // the account's owner, from another address, is not locked out by what this client did
  expect((await tokenLogin(user.username, user.password, "198.51.100.20")).status).toBe(200);
});

test("an attacker's wrong passwords for the admin lock the attacker, never the admin elsewhere", async () => {
  const root = inject("admin");
  const attacker = "203.0.113.66";
  for (let i = 0; i < 5; i++) expect((await tokenLogin(root.username, `guess-${i}`, attacker)).status).toBe(401);
  expect((await tokenLogin(root.username, root.password, attacker)).status).toBe(429);
  // another address of the attacker's IPv6 /64 is the same client
  for (let i = 0; i < 5; i++) expect((await tokenLogin(root.username, `guess-${i}`, `2001:db8:66:1::${i + 1}`)).status).toBe(401);
  expect((await tokenLogin(root.username, root.password, "2001:db8:66:1:ffff::9")).status).toBe(429);
  // the admin signs in from their own addresses, by token and by the form
  expect((await tokenLogin(root.username, root.password, "198.51.100.7")).status).toBe(200);
  expect((await tokenLogin(root.username, root.password, "2001:db8:77::1")).status).toBe(200);
  expect((await formLogin(root.username, root.password)).headers.get("set-cookie")).toMatch(/^session=/);
});

test("a client that guesses across many user names is locked out as a whole (12 failures), real users included", async () => {
  // 5 failures from the previous test count for this client already
  for (let i = 0; i < 7; i++) expect((await tokenLogin(`nobody_${unique()}`, "guess")).status).toBe(401);
  expect((await tokenLogin("admin", "admin-test-password-1")).status).toBe(429);
  // the user names it guessed are not locked for anyone else
  expect((await tokenLogin("admin", "admin-test-password-1", "198.51.100.8")).status).toBe(200);
});
