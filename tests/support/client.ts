import { inject } from "vitest";

// A small HTTP client for integration tests: a bearer-token or cookie session against the real Worker.

export const baseUrl = () => inject("baseUrl");

export interface ApiClient {
  token: string;
  get(path: string): Promise<Response>;
  post(path: string, body?: unknown): Promise<Response>;
  put(path: string, body?: unknown): Promise<Response>;
  delete(path: string): Promise<Response>;
  raw(path: string, init?: RequestInit): Promise<Response>;
}

export async function tokenFor(username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/v1/security/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password, provider: "db", refresh: true }),
  });
  if (!res.ok) throw new Error(`login as ${username} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function loginAs(username: string, password: string): Promise<ApiClient> {
  const token = await tokenFor(username, password);
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${baseUrl()}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
  const withBody = (method: string) => (path: string, body?: unknown) =>
    call(path, { method, headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { token, get: (p) => call(p), post: withBody("POST"), put: withBody("PUT"), delete: (p) => call(p, { method: "DELETE" }), raw: call };
}

export function loginAsAdmin(): Promise<ApiClient> {
  const admin = inject("admin");
  return loginAs(admin.username, admin.password);
}

/** Browser-style session: logs in through the form and keeps the cookie and CSRF token. */
export async function browserSession(username: string, password: string) {
  const form = new URLSearchParams({ username, password, next: "/" });
  const res = await fetch(`${baseUrl()}/login/`, { method: "POST", body: form, redirect: "manual" });
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
  if (!cookie.startsWith("session=")) throw new Error(`form login failed: ${res.status}`);
  const csrf = await fetch(`${baseUrl()}/api/v1/security/csrf_token/`, { headers: { Cookie: cookie } }).then((r) => r.json() as Promise<{ result: string }>);
  return { cookie, csrfToken: csrf.result };
}
