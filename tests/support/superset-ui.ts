import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { baseUrl, browserSession } from "./client";

/**
 * Superset's own client library against the test Worker, so compatibility is proven with Superset's code
 * rather than with requests we wrote ourselves.
 *
 * Exports:
 * - `loadSupersetUi()` → `{ SupersetClientClass, buildQueryContext, buildQueryByVizType }`, straight from
 *   `@superset-ui/core` 0.20.4 and the chart plugins 0.20.3 (echarts, table, pivot-table).
 *   `buildQueryByVizType[viz_type](formData)` is that chart type's real `buildQuery`: it answers the
 *   query context Superset's Explore would POST to `/api/v1/chart/data` (e.g. `echarts_timeseries_line`,
 *   `pie`, `big_number_total`, `table`, `pivot_table_v2`; the full list is tests/superset-ui/entry.js).
 *   `buildQueryContext(formData, buildQuery?)` is core's generic builder.
 * - `supersetClient(user?)` → a `SupersetClientClass` logged in to the test Worker as a browser is: a
 *   session cookie from the login form, then `init()`, which fetches `/api/v1/security/csrf_token/` and
 *   sends the token as `X-CSRFToken` on every write. Defaults to the test admin. Its `get/post/put/delete`
 *   take `{ endpoint, jsonPayload | postPayload | body, parseMethod }` and answer `{ json, response }`,
 *   rejecting with the raw Response on a non-2xx answer (read it with `errorOf`).
 *
 * The packages live in tests/superset-ui/ with their own lockfile (React 17 peers, installed with
 * legacy-peer-deps; `npm test` installs them). Their `lib/` is ESM with extensionless imports that plain
 * Node cannot load, so the entry is bundled once per lockfile with esbuild into .cache/.
 */

const HARNESS = resolve(import.meta.dirname, "../superset-ui");
const CACHE = resolve(import.meta.dirname, "../../.cache/superset-ui");

// Everything the plugins' React components need; unused by buildQuery and the client, so tree-shaken away.
// Marked external so esbuild need not resolve peers we never install.
const UI_ONLY = ["react", "react-dom", "@emotion/*", "antd", "antd-v5", "@ant-design/*", "ace-builds/*", "react-ace", "react-loadable"];

// The client reads window.location (base URL, the 401 redirect) and window.console; a module-scoped
// stand-in keeps that off the test process's globals.
const WINDOW_SHIM = `var window = { console: globalThis.console, location: { href: "http://localhost/", pathname: "/", protocol: "http:" } };`;

export type FormData = Record<string, unknown>;
export interface QueryContext {
  datasource: { id: number; type: string };
  queries: Record<string, unknown>[];
  form_data?: FormData;
  result_format?: string;
  result_type?: string;
  force?: boolean;
}
export interface ClientResponse<T = any> {
  json: T;
  response: Response;
}
interface RequestConfig {
  endpoint: string;
  jsonPayload?: unknown;
  postPayload?: Record<string, unknown>;
  body?: BodyInit;
  headers?: Record<string, string>;
  parseMethod?: "json" | "text" | "raw" | null;
}
export interface SupersetClientInstance {
  init(force?: boolean): Promise<string | undefined>;
  csrfToken?: string;
  get(config: RequestConfig): Promise<ClientResponse>;
  post(config: RequestConfig): Promise<ClientResponse>;
  put(config: RequestConfig): Promise<ClientResponse>;
  delete(config: RequestConfig): Promise<ClientResponse>;
}
export interface SupersetUi {
  SupersetClientClass: new (config: Record<string, unknown>) => SupersetClientInstance;
  buildQueryContext(formData: FormData, options?: unknown): QueryContext;
  buildQueryByVizType: Record<string, (formData: FormData) => QueryContext>;
}

let loaded: Promise<SupersetUi> | null = null;

export function loadSupersetUi(): Promise<SupersetUi> {
  loaded ??= bundleAndImport();
  return loaded;
}

async function bundleAndImport(): Promise<SupersetUi> {
  if (!existsSync(join(HARNESS, "node_modules/@superset-ui/core")))
    throw new Error("tests/superset-ui is not installed: run `npm install` in tests/superset-ui (npm test does it)");
  const key = createHash("sha256")
    .update(readFileSync(join(HARNESS, "package-lock.json")))
    .update(readFileSync(join(HARNESS, "entry.js")))
    .digest("hex")
    .slice(0, 16);
  const outfile = join(CACHE, `bundle-${key}.mjs`);
  if (!existsSync(outfile)) {
    mkdirSync(CACHE, { recursive: true });
    await build({
      entryPoints: [join(HARNESS, "entry.js")],
      absWorkingDir: HARNESS,
      bundle: true,
      format: "esm",
      platform: "node",
      outfile,
      external: UI_ONLY,
      resolveExtensions: [".js", ".jsx", ".mjs", ".json"],
      loader: { ".svg": "empty", ".png": "empty", ".jpg": "empty", ".css": "empty" },
      banner: { js: WINDOW_SHIM },
      logLevel: "error",
    });
  }
  return (await import(/* @vite-ignore */ pathToFileURL(outfile).href)) as SupersetUi;
}

/** A SupersetClient logged in through the login form, CSRF token fetched the way Superset's frontend does. */
export async function supersetClient(user?: { username: string; password: string }): Promise<SupersetClientInstance> {
  const { SupersetClientClass } = await loadSupersetUi();
  const { username, password } = user ?? (await import("vitest")).inject("admin");
  const { cookie } = await browserSession(username, password);
  const url = new URL(baseUrl());
  const client = new SupersetClientClass({
    protocol: url.protocol,
    host: url.host,
    headers: { Cookie: cookie },
    // a failed call is the test's answer to read, never a redirect to a login page
    unauthorizedHandler: () => {},
    fetchRetryOptions: { retries: 0 },
  });
  await client.init();
  return client;
}

/** The status and JSON body of a rejected SupersetClient call (it rejects with the fetch Response). */
export async function errorOf(call: Promise<unknown>): Promise<{ status: number; body: any }> {
  try {
    await call;
  } catch (e) {
    if (e instanceof Response) return { status: e.status, body: await e.json().catch(() => null) };
    throw e;
  }
  throw new Error("the call succeeded where a failure was expected");
}
