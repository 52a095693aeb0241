import { beforeAll, expect, test } from "vitest";
import { routeTable, samplePath, type RouteDefinition } from "../../support/route-table";
import { loginAsAdmin, workerFetch, type ApiClient } from "../../support/client";
import { exampleDataset, gammaWith, pairFor, pairs } from "../../support/access";
import { datasourcePermName } from "../../../core/security/permissions";
import { metadataRows } from "../../support/worker-d1";
import { describe, eachLimited, problemIn, type Finding } from "../../support/hostile";

// A battery of hostile values walking every route family: path parameters, query parameters and JSON body
// fields, as an admin (so guards never answer first). More than 10,000 requests; not one may answer ≥ 500,
// and every refusal carries a clear message. It runs on a Worker of its own: the bodies create junk rows
// (roles, saved queries, tabs) that would disturb the other suites' listings (tests/worker/isolated/: its own
// Miniflare, D1 and Durable Objects).

let admin: ApiClient;
let routes: RouteDefinition[];

/** Routes left out, each for a reason. */
const SKIPPED: Record<string, string> = {
  "GET /*": "pages and assets: they take none of these inputs",
  "POST /login/": "form login: failed attempts count towards the login throttle",
  "POST /logout/": "would end the session",
  "POST /api/v1/security/login": "failed attempts count towards the login throttle",
  "POST /api/v1/security/refresh": "takes a refresh token only",
};

/** Values for path parameters, already percent-encoded where a URL needs it. */
const HOSTILE_SEGMENTS = [
  "0", "-1", "1.5", "99999999999999999999", "abc", "%00", "a%00b", "..%2F..%2Fetc%2Fpasswd", "__proto__", "constructor",
  "toString", "%27%20OR%201%3D1--", "%F0%9F%92%A9", "x".repeat(2000), "null", "undefined", "NaN", "Infinity", "%0A", "%22%3E%3Cscript%3E",
];

/** Values for query parameters (encoded by the test). */
const HOSTILE_QUERY_VALUES = [
  "", "\u0000", "a\u0000b", "__proto__", "constructor", "toString", "' OR 1=1 --", "\"; DROP TABLE ab_user; --", "-1", "1e309",
  "99999999999999999999", "NaN", "x".repeat(5000), "../../etc/passwd", "%ZZ", "\n\r", "💩", "!(", "(a:", "true",
];
const QUERY_NAMES = ["name", "schema", "catalog", "table", "last_id", "force", "page", "q"];

/** Values for one JSON body field at a time. */
const HOSTILE_FIELD_VALUES: unknown[] = [
  null, -1, 0, 1e308, "", "a\u0000b", "__proto__", "' OR 1=1 --", "x".repeat(10_000), [], {}, [null],
];
const FIELD_NAMES = [
  "name", "database_name", "sqlalchemy_uri", "sql", "database_id", "db_id", "schema", "catalog", "table_name", "label",
  "description", "extra", "extra_json", "template_params", "client_id", "username", "email", "password", "roles", "active",
  "permission_view_menu_ids", "ids", "queryLimit", "value",
];

beforeAll(async () => {
  admin = await loginAsAdmin();
  routes = routeTable().filter((r) => !r.middleware && !SKIPPED[`${r.method} ${r.path}`]);
});

async function probe(method: string, path: string, body: string | undefined, input: string, route: string, findings: Finding[]) {
  const res = await admin.raw(path, { method, body, headers: body === undefined ? {} : { "Content-Type": "application/json" } });
  const text = await res.text();
  if (res.status >= 500) findings.push({ route, input, status: res.status, body: text.slice(0, 200) });
  else if (res.status >= 400) {
    const problem = problemIn(text);
    if (problem) findings.push({ route, input, status: res.status, body: `answer ${problem}` });
  }
}

/** Every combination of one route, one place and one value; the counts are printed and checked. */
function plan(): { method: string; path: string; body?: string; input: string; route: string }[] {
  const calls: { method: string; path: string; body?: string; input: string; route: string }[] = [];
  for (const r of routes) {
    const route = `${r.method} ${r.path}`;
    const method = r.method === "ALL" ? "GET" : r.method;
    if (r.path.includes(":")) {
      for (const v of HOSTILE_SEGMENTS) calls.push({ method, path: samplePath(r.path, v), input: `path ${v.slice(0, 30)}`, route, body: method === "GET" || method === "DELETE" ? undefined : "{}" });
    }
    if (method === "GET") {
      for (const name of QUERY_NAMES)
        for (const v of HOSTILE_QUERY_VALUES) {
          // "%ZZ" goes as typed so the Worker sees an undecodable query string
          const encoded = v === "%ZZ" ? v : encodeURIComponent(v);
          calls.push({ method, path: `${samplePath(r.path)}?${name}=${encoded}`, input: `?${name}=${JSON.stringify(v.slice(0, 30))}`, route });
        }
    }
    if (["POST", "PUT", "PATCH"].includes(method)) {
      // routes naming an object get one that does not exist: the body is judged, nothing real is changed
      const path = samplePath(r.path, "999999999");
      for (const field of FIELD_NAMES)
        for (const v of HOSTILE_FIELD_VALUES) calls.push({ method, path, body: JSON.stringify({ [field]: v }), input: `body ${field}=${JSON.stringify(v)?.slice(0, 30)}`, route });
    }
  }
  return calls;
}

test("more than 10,000 hostile path, query and body values across every route family: no answer ≥ 500", async () => {
  const calls = plan();
  const families = new Set(routes.map((r) => r.path.split("/").slice(0, 4).join("/")));
  console.log(`hostile battery: ${calls.length} requests over ${routes.length} routes in ${families.size} families`);
  expect(calls.length).toBeGreaterThanOrEqual(10_000);
  const findings: Finding[] = [];
  await eachLimited(calls, 8, (c) => probe(c.method, c.path, c.body, c.input, c.route, findings));
  expect(describe(findings)).toEqual([]);
}, 600_000);

test("a NUL byte in a table name on D1 is a 400, not an engine failure", async () => {
  const examples = (await metadataRows<{ id: number }>("SELECT id FROM dbs WHERE sqlalchemy_uri = 'd1://EXAMPLES'"))[0].id;
  for (const path of [
    `/api/v1/database/${examples}/table_metadata/?name=${encodeURIComponent("birth\u0000names")}`,
    `/api/v1/database/${examples}/table_metadata/extra/?name=birth_names&schema=${encodeURIComponent("ma\u0000in")}`,
    `/api/v1/database/${examples}/select_star/${encodeURIComponent("birth\u0000names")}/`,
    `/api/v1/database/${examples}/tables/?q=${encodeURIComponent("(schema_name:'ma\u0000in')")}`,
  ]) {
    const res = await admin.get(path);
    expect(res.status, path).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/NUL/);
  }
});

test("extra_json: null on a tab-state update is kept as no extras, not a constraint failure", async () => {
  const created = await admin.post("/tabstateview/", { queryEditor: JSON.stringify({ title: "Hostile", dbId: null, sql: "" }) });
  expect(created.status).toBe(200);
  const { id } = (await created.json()) as { id: number };
  const res = await admin.put(`/tabstateview/${id}`, { extra_json: null });
  expect(res.status).toBe(200);
  const stored = (await metadataRows<{ extra_json: string }>(`SELECT extra_json FROM tab_state WHERE id = ${id}`))[0];
  expect(JSON.parse(stored.extra_json)).toEqual({});
});

test("requests that would multiply work get a 400 naming the limit while /health keeps answering; inherited names are no lookups", async () => {
  // a Gamma user who may read one dataset, as the security battery was: no admin rights needed to ask for these
  const dataset = await exampleDataset(admin, "birth_names");
  const view = datasourcePermName(dataset.database.database_name, "birth_names", dataset.id);
  const reader = await gammaWith(admin, [pairFor(await pairs(admin), "datasource_access", view)!.id]);

  // /health is asked every 50 ms for as long as the hostile requests run: each must answer, none may fail
  let polling = true;
  const health: number[] = [];
  const poller = (async () => {
    while (polling) {
      health.push((await workerFetch("/health")).status);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();

  const query = { columns: ["name", "state", "gender"], metrics: ["count"], row_limit: 50_000 };
  const chartData = (q: Record<string, unknown>) => ({ datasource: { id: dataset.id, type: "table" }, queries: [{ ...query, ...q }], result_type: "full" });
  const step = (operation: string, options: Record<string, unknown>) => ({ post_processing: [{ operation, options }] });
  const offsets = Array.from({ length: 500 }, (_, i) => `${i + 1} day ago`);
  const hostile: [label: string, path: string, body: unknown, limit: RegExp][] = [
    ["histogram bins 10,000,000", "/api/v1/chart/data", chartData(step("histogram", { column: "count", bins: 10_000_000 })), /MAX_HISTOGRAM_BINS/],
    ["rolling window 100,000,000", "/api/v1/chart/data", chartData(step("rolling", { columns: { count: "count" }, rolling_type: "mean", window: 100_000_000 })), /MAX_WINDOW/],
    ["500 time offsets", "/api/v1/chart/data", chartData({ time_offsets: offsets, columns: [{ columnType: "BASE_AXIS", sqlExpression: "ds", label: "ds", expressionType: "SQL" }] }), /MAX_TIME_OFFSETS/],
    ["pivot cartesian product", "/api/v1/chart/data", chartData({ columns: ["name", "state", "gender", "num"], ...step("pivot", { index: ["gender"], columns: ["name", "state", "num"], aggregates: { count: { operator: "sum" } }, drop_missing_columns: false }) }), /MAX_POST_PROCESSING_(COLUMNS|CELLS)/],
    ["Jinja range(20000000) in extras.where", "/api/v1/chart/data", chartData({ extras: { where: "{% for i in range(20000000) %}1 = 1 AND {% endfor %}1 = 1" } }), /MAX_TEMPLATE_RANGE/],
    ["Jinja range(20000000) in SQL Lab", "/api/v1/sqllab/execute/", { database_id: dataset.database.id, runAsync: false, client_id: "lim1", sql: "SELECT {% for i in range(20000000) %}{{ i }}{% endfor %}" }, /MAX_TEMPLATE_RANGE/],
    ["Jinja nested loops in SQL Lab", "/api/v1/sqllab/execute/", { database_id: dataset.database.id, runAsync: false, client_id: "lim2", sql: "SELECT 1 {% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}" }, /MAX_TEMPLATE_STEPS/],
    ["Jinja string doubling in SQL Lab", "/api/v1/sqllab/execute/", { database_id: dataset.database.id, runAsync: false, client_id: "lim3", sql: "{% set ns = namespace(s='x') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}SELECT '{{ ns.s }}'" }, /MAX_TEMPLATE_OUTPUT/],
    ["{{ range }} in SQL Lab", "/api/v1/sqllab/execute/", { database_id: dataset.database.id, runAsync: false, client_id: "lim4", sql: "SELECT {{ range }}" }, /function cannot be placed in SQL/],
  ];
  const answers: string[] = [];
  for (const [label, path, body, limit] of hostile) {
    const client = path.includes("sqllab") ? admin : reader;
    const res = await client.post(path, body);
    const text = await res.text();
    answers.push(`${label}: ${res.status}`);
    expect(res.status, `${label}: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expect(res.status, `${label}: ${text.slice(0, 300)}`).toBeLessThan(500);
    expect(text, label).toMatch(limit);
  }
  // url_param('constructor') is the (absent) URL parameter of that name: NULL, not Object's constructor
  const inherited = await admin.post("/api/v1/sqllab/execute/", { database_id: dataset.database.id, runAsync: false, client_id: "lim5", sql: "SELECT {{ url_param('constructor') }} AS v" });
  expect(inherited.status).toBe(200);
  expect(((await inherited.json()) as { data: { v: unknown }[] }).data).toEqual([{ v: null }]);
  // an upload whose type is a name every object inherits is a 400 naming the field
  for (const type of ["__proto__", "constructor"]) {
    const form = new FormData();
    form.append("type", type);
    form.append("table_name", "never_made");
    form.append(type, "x");
    form.append("file", new Blob(["a\n1\n"]), "a.csv");
    const res = await admin.raw(`/api/v1/database/${dataset.database.id}/upload/`, { method: "POST", body: form });
    expect(res.status, type).toBe(400);
    expect(await res.json(), type).toMatchObject({ message: { type: ["Must be one of: csv, excel, columnar."] } });
  }

  polling = false;
  await poller;
  expect(health.length, answers.join("; ")).toBeGreaterThan(0);
  expect(health.every((s) => s === 200)).toBe(true);
}, 120_000);
