import { inject } from "vitest";

// A small client for tests against the real Worker: a bearer-token or cookie session. The same calls work in
// both test projects: `integration` reaches the Worker over HTTP in `wrangler dev`, `worker` runs inside
// workerd beside it and hands each request straight to the Worker's own fetch handler (the whole middleware
// chain runs; only the socket is skipped). Send every request through `workerFetch`, never `fetch(baseUrl…)`.

export const baseUrl = () => inject("baseUrl");

const inWorkerd = globalThis.navigator?.userAgent === "Cloudflare-Workers";

let workerVars: Record<string, string> | null = null;

/**
 * Worker projects, files under tests/worker/isolated/ only (they have the Worker to themselves): every request this
 * file sends reaches the Worker with these vars, as `wrangler dev --var` gives them (sqllab-worker.ts's vars).
 */
export function useWorkerVars(vars: Record<string, string>) {
  if (!inWorkerd) throw new Error("useWorkerVars is for the worker projects; integration files start a Worker with vars");
  workerVars = vars;
}

/** A request to the Worker under test; `path` starts with "/". */
export async function workerFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const url = `${baseUrl()}${path}`;
  if (!inWorkerd) return fetch(url, init);
  const { env, exports } = await import("cloudflare:workers");
  if (!workerVars) {
    // the Worker's default export (workers/index.ts), loaded in this isolate by @cloudflare/vitest-plugin
    return (exports as unknown as { default: Fetcher }).default.fetch(new Request(url, init));
  }
  // the same entry, called with the file's vars over wrangler.toml's (Durable Objects keep the project's env)
  const [{ default: worker }, { createExecutionContext }] = await Promise.all([import("../../workers/index"), import("cloudflare:test")]);
  const vars = { ...(env as unknown as Record<string, unknown>), ...workerVars };
  return worker.fetch(new Request(url, init) as Parameters<typeof worker.fetch>[0], vars as unknown as Parameters<typeof worker.fetch>[1], createExecutionContext());
}

export interface ApiClient {
  token: string;
  get(path: string): Promise<Response>;
  post(path: string, body?: unknown): Promise<Response>;
  put(path: string, body?: unknown): Promise<Response>;
  delete(path: string): Promise<Response>;
  raw(path: string, init?: RequestInit): Promise<Response>;
}

export async function tokenFor(username: string, password: string): Promise<string> {
  const res = await workerFetch("/api/v1/security/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password, provider: "db", refresh: true }),
  });
  if (!res.ok) throw new Error(`login as ${username} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** An ApiClient sending `token` as a bearer token through `send`. */
export function bearerClient(token: string, send: (path: string, init?: RequestInit) => Promise<Response> = workerFetch): ApiClient {
  const call = (path: string, init: RequestInit = {}) => send(path, { ...init, headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
  const withBody = (method: string) => (path: string, body?: unknown) =>
    call(path, { method, headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { token, get: (p) => call(p), post: withBody("POST"), put: withBody("PUT"), delete: (p) => call(p, { method: "DELETE" }), raw: call };
}

export async function loginAs(username: string, password: string): Promise<ApiClient> {
  return bearerClient(await tokenFor(username, password));
}

export function loginAsAdmin(): Promise<ApiClient> {
  const admin = inject("admin");
  return loginAs(admin.username, admin.password);
}

/** Browser-style session: logs in through the form and keeps the cookie and CSRF token. */
export async function browserSession(username: string, password: string) {
  const form = new URLSearchParams({ username, password, next: "/" });
  const res = await workerFetch("/login/", { method: "POST", body: form, redirect: "manual" });
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
  if (!cookie.startsWith("session=")) throw new Error(`form login failed: ${res.status}`);
  const csrf = await workerFetch("/api/v1/security/csrf_token/", { headers: { Cookie: cookie } }).then((r) => r.json() as Promise<{ result: string }>);
  return { cookie, csrfToken: csrf.result };
}
