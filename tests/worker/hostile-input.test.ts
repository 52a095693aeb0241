import { beforeAll, expect, test } from "vitest";
import { workerFetch, loginAsAdmin, type ApiClient } from "../support/client";
import { routeTable, samplePath, type RouteDefinition } from "../support/route-table";
import { describe, eachLimited, problemIn, problemWith, type Finding } from "../support/hostile";

// Malformed input against every API route the Worker registers, as an admin (so guards never answer first):
// each answer must be a 4xx with a clear message, never a 5xx or a stack trace. The routes come from the app's
// own route table at test time (tests/support/route-table.ts), so a route added by anyone is covered.

/** Routes these checks leave out, each for a reason. */
const SKIPPED: Record<string, string> = {
  // Remix pages and static assets: they take no `q` and no JSON body.
  "GET /*": "pages",
  // Form routes of the login page and user menu: they read form fields and answer with redirects only.
  "POST /login/": "form login (redirect only)",
  "POST /logout/": "form logout (redirect only; it would also end the session)",
};

/** Routes whose documented input is a JSON array (Superset's event log, on each of its paths, takes a list of events). */
const ACCEPTS_JSON_ARRAYS = new Set(["POST /tptanalytics/log/", "POST /superset/log/", "POST /api/v1/log/"]);

const deep = (open: string, close: string, n: number) => open.repeat(n) + close.repeat(n);

/** ≥ 20 strings that are not rison at all: every route that reads `q` must refuse each with a 4xx. */
const MALFORMED_RISON: [label: string, q: string][] = [
  ["lone open paren", "("],
  ["lone close paren", ")"],
  ["deep nesting, unclosed", "(".repeat(5000)],
  ["deep nesting, closed", deep("(a:", ")", 2000)],
  ["deep list nesting", deep("!(", ")", 3000)],
  ["unterminated quote", "(a:'unterminated"],
  ["lone quote", "'"],
  ["lone bang", "!"],
  ["bang paren", "!("],
  ["bad bang escape", "!z"],
  ["bad escape in string", "(a:'x!z')"],
  ["missing close", "(filters:!((col:name,opr:ct,value:'x'"],
  ["extra close", "(a:b))"],
  ["empty key", "(:)"],
  ["key without value", "(a)"],
  ["double comma", "(a:1,,b:2)"],
  ["trailing garbage", "(a:1)garbage"],
  ["unclosed list", "!(1,2"],
  ["lone minus", "(a:-)"],
  ["huge string", `(a:'${"x".repeat(20_000)}')`],
  ["huge object", `(${Array.from({ length: 3000 }, (_, i) => `k${i}:${i}`).join(",")})`],
  ["space inside", "(a: b)"],
  ["trailing comma", "(a:1,)"],
  ["double colon", "(a::1)"],
  ["bang alone in a list", "!(!)"],
  ["star value", "(a:*)"],
  ["number with two dots", "(a:1.2.3)"],
];

/** Valid rison with the wrong shape or values: never a 5xx, and a clear message when refused. */
const WRONG_SHAPE_RISON: [label: string, q: string][] = [
  // "%ZZ" is sent as typed: the URL cannot be percent-decoded, and what reaches the decoder is the rison id "%ZZ".
  ["bad percent encoding", "%ZZ"],
  ["null byte in a string", "(a:'\u0000')"],
  ["number without exponent digits", "(a:1e)"],
  ["scalar", "42"],
  ["boolean", "!t"],
  ["list", "!(1,2)"],
  ["filters not a list", "(filters:notalist)"],
  ["filter not an object", "(filters:!(1))"],
  ["negative page", "(page:-1,page_size:100000)"],
  ["order by a secret column", "(order_column:password,order_direction:sideways)"],
  ["unknown operator", "(filters:!((col:id,opr:drop,value:1)))"],
  // names that are properties of every JavaScript object: looked up in a plain map they find a function
  ["filter on __proto__", "(filters:!((col:__proto__,opr:eq,value:1)))"],
  ["filter on constructor", "(filters:!((col:constructor,opr:ct,value:x)))"],
  ["filter on toString", "(filters:!((col:toString,opr:eq,value:x)))"],
  ["filter with operator toString", "(filters:!((col:id,opr:toString,value:1)))"],
  ["filter with operator __proto__", "(filters:!((col:id,opr:__proto__,value:1)))"],
  ["order by __proto__", "(order_column:__proto__,order_direction:asc)"],
  ["order by constructor", "(order_column:constructor,order_direction:desc)"],
  ["order by toString", "(order_column:toString,order_direction:asc)"],
  ["order by hasOwnProperty", "(order_column:hasOwnProperty)"],
  ["direction valueOf", "(order_column:id,order_direction:valueOf)"],
  ["columns __proto__", "(columns:!(__proto__,constructor,toString))"],
  ["keys __proto__", "(keys:!(__proto__))"],
  ["top-level __proto__", "(__proto__:(x:1))"],
  ["NUL in a filter value", "(filters:!((col:id,opr:eq,value:'a\u0000b')))"],
];

// 1 MB, under the 4 MB body cap (workers/http/input.ts), so handlers really parse it; over the cap see the last test.
const HUGE_TRUNCATED_BODY = `{"name":"${"x".repeat(1_000_000)}`;
const OVER_CAP_BODY = `{"name":"${"x".repeat(4_500_000)}"}`;

/** ≥ 20 bodies that are not JSON: every POST/PUT route must refuse each with a 4xx. */
const MALFORMED_JSON: [label: string, body: string | ArrayBuffer][] = [
  ["truncated object", "{"],
  ["truncated member", '{"name": "x"'],
  ["truncated string", '{"name": "x'],
  ["empty body", ""],
  ["whitespace only", "   \n\t "],
  ["single quotes", "{'name': 'x'}"],
  ["trailing comma", '{"a":1,}'],
  ["NaN", "NaN"],
  ["undefined", "undefined"],
  ["two documents", '{"a":1}{"b":2}'],
  ["raw NUL byte", '{"name":"a\u0000b"}'],
  ["invalid UTF-8", new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]).buffer],
  ["deeply nested arrays", deep("[", "]", 100_000)],
  ["deeply nested objects", deep('{"a":', "}", 50_000)],
  ["huge truncated body", HUGE_TRUNCATED_BODY],
  ["comment", '{"a":1 /* no */}'],
  ["unquoted key", "{name: 1}"],
  ["hex number", '{"a":0x10}'],
  ["lone bracket", "]"],
  ["form encoded", "name=x&sql=select"],
];

/** JSON with the wrong shape or types: must be refused too (4xx), except arrays where a route documents them. */
const WRONG_SHAPE_JSON: [label: string, body: string][] = [
  ["empty array", "[]"],
  ["array of numbers", "[1,2,3]"],
  ["string", '"string"'],
  ["number", "42"],
  ["null", "null"],
  ["true", "true"],
  ["infinite number", "1e999999"],
  ["names of the wrong type", '{"name": 7, "id": "x", "username": [], "email": {}, "roles": "Admin", "active": "yes"}'],
  ["sql of the wrong type", '{"sql": 42, "database_id": "one", "db_id": [], "schema": {}, "label": false}'],
  ["chart of the wrong type", '{"slice_name": [], "viz_type": {}, "params": 12, "datasource_id": "x", "datasource_type": 1}'],
  ["dashboard of the wrong type", '{"dashboard_title": false, "json_metadata": {"x":1}, "position_json": 5, "slug": []}'],
  ["ids of the wrong type", '{"permission_view_menu_ids": "all", "user_ids": [null], "ids": {"a":1}}'],
  ["prototype pollution", '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}'],
  ["only __proto__", '{"__proto__": {"isAdmin": true}}'],
  ["null byte in a value", '{"name": "a\\u0000b", "sql": "select 1\\u0000", "username": "x\\u0000"}'],
  ["huge value", `{"name": ${JSON.stringify("y".repeat(1_000_000))}, "sql": 1}`],
];

let admin: ApiClient;
let routes: RouteDefinition[];

beforeAll(async () => {
  admin = await loginAsAdmin();
  routes = routeTable().filter((r) => !r.middleware && !SKIPPED[`${r.method} ${r.path}`]);
});

test("malformed rison in ?q= is a 4xx with a clear message on every GET route that reads it, never a 5xx", async () => {
  const getRoutes = routes.filter((r) => r.method === "GET" || r.method === "ALL");
  expect(getRoutes.length).toBeGreaterThan(5);
  expect(MALFORMED_RISON.length).toBeGreaterThanOrEqual(20);
  const readsQ: string[] = [];
  const findings: Finding[] = [];
  await eachLimited(getRoutes, 4, async (route) => {
    const path = samplePath(route.path);
    const name = `GET ${route.path}`;
    // A route that reads `q` refuses a lone "(": then every malformed string must be refused as well.
    const probe = await admin.get(`${path}?q=(`);
    await probe.body?.cancel();
    const takesQ = probe.status >= 400 && probe.status < 500;
    if (takesQ && !route.path.includes("*")) readsQ.push(route.path);
    for (const [label, q] of [...MALFORMED_RISON, ...WRONG_SHAPE_RISON]) {
      // Sent as typed (not percent-encoded by us) where it is safe, so "%ZZ" reaches the Worker undecodable.
      const query = label === "bad percent encoding" ? q : encodeURIComponent(q);
      const res = await admin.get(`${path}?q=${query}`);
      const malformed = MALFORMED_RISON.some(([l]) => l === label);
      const refused = res.status >= 400 && res.status < 500;
      if (res.status >= 500 || (takesQ && malformed && !refused)) {
        findings.push({ route: name, input: `q ${label}`, status: res.status, body: await res.text() });
      } else if (refused) {
        const problem = await problemWith(res);
        if (problem) findings.push({ route: name, input: `q ${label}`, status: res.status, body: `answer ${problem}` });
      } else await res.body?.cancel();
    }
  });
  console.log(`hostile rison: ${getRoutes.length} GET routes, ${readsQ.length} read ?q= (${readsQ.join(", ")})`);
  expect(describe(findings)).toEqual([]);
}, 300_000);

interface Answer {
  status: number;
  text: string;
}

async function send(route: RouteDefinition, body: string | ArrayBuffer): Promise<Answer> {
  const res = await workerFetch(`${samplePath(route.path)}`, {
    method: route.method,
    headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "application/json" },
    body,
  });
  return { status: res.status, text: await res.text() };
}

const LARGE = 64 * 1024;
const sizeOf = (body: string | ArrayBuffer) => (typeof body === "string" ? body.length : body.byteLength);

/**
 * Whether a route parses its JSON body before anything else: it refuses "{" as invalid JSON. Large bodies go
 * only to those. A route that answers first (404 for the sample id, 401) never reads the upload, and the local
 * dev proxy then resets the connection mid-upload, which would test wrangler's proxy rather than the Worker.
 */
const parsesBodyFirst = (probe: Answer) => probe.status === 400 && /JSON|body/i.test(probe.text);

test("malformed JSON bodies are a 4xx with a clear message on every POST/PUT/PATCH route, never a 5xx", async () => {
  const writeRoutes = routes.filter((r) => ["POST", "PUT", "PATCH"].includes(r.method));
  expect(writeRoutes.length).toBeGreaterThan(3);
  expect(MALFORMED_JSON.length).toBeGreaterThanOrEqual(20);
  const findings: Finding[] = [];
  const bodyless: string[] = [];
  await eachLimited(writeRoutes, 4, async (route) => {
    const name = `${route.method} ${route.path}`;
    // A route that reads a JSON body refuses "{"; one that answers 2xx to it takes no body (an action such
    // as "refresh"), and is then only held to "never a 5xx".
    const probe = await send(route, "{");
    const readsBody = probe.status >= 400 && probe.status < 500;
    if (!readsBody) bodyless.push(name);
    for (const [label, body] of [...MALFORMED_JSON, ...WRONG_SHAPE_JSON]) {
      if (sizeOf(body) > LARGE && !parsesBodyFirst(probe)) continue;
      const res = await send(route, body);
      const arrayAllowed = ACCEPTS_JSON_ARRAYS.has(name) && typeof body === "string" && body.startsWith("[");
      const refused = res.status >= 400 && res.status < 500;
      if (res.status >= 500 || (readsBody && !refused && !arrayAllowed)) {
        findings.push({ route: name, input: `body ${label}`, status: res.status, body: res.text });
      } else if (refused) {
        const problem = problemIn(res.text);
        if (problem) findings.push({ route: name, input: `body ${label}`, status: res.status, body: `answer ${problem}` });
      }
    }
  });
  console.log(
    `hostile JSON: ${writeRoutes.length} POST/PUT/PATCH routes, ${MALFORMED_JSON.length + WRONG_SHAPE_JSON.length} bodies each; ` +
      `taking no body: ${bodyless.join(", ") || "none"}`,
  );
  expect(describe(findings)).toEqual([]);
}, 300_000);

/** A body streamed without Content-Length (chunked), as a browser streams an upload: the Worker must read it. */
async function sendStreamed(route: RouteDefinition, body: string): Promise<Answer> {
  const bytes = new TextEncoder().encode(body);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 256 * 1024) controller.enqueue(bytes.subarray(i, i + 256 * 1024));
      controller.close();
    },
  });
  const res = await workerFetch(`${samplePath(route.path)}`, {
    method: route.method,
    headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "application/json" },
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { status: res.status, text: await res.text() };
}

test("a body over the 4 MB cap is refused with a clear 4xx by every create route", async () => {
  // Create routes (POST without path parameters) that parse their body first (see parsesBodyFirst). The body
  // is streamed: a declared Content-Length over the cap is refused before reading, which the local dev proxy
  // turns into a hang-up mid-upload, so it would test wrangler's proxy rather than the Worker.
  const creates = routes.filter((r) => r.method === "POST" && !r.path.includes(":"));
  const findings: Finding[] = [];
  let checked = 0;
  for (const route of creates) {
    if (!parsesBodyFirst(await send(route, "{"))) continue;
    checked++;
    const res = await sendStreamed(route, OVER_CAP_BODY);
    const problem = res.status >= 400 && res.status < 500 ? problemIn(res.text) : `answered ${res.status}: ${res.text.slice(0, 120)}`;
    if (problem) findings.push({ route: `POST ${route.path}`, input: "streamed body over the cap", status: res.status, body: problem });
  }
  console.log(`over-cap body: ${checked} create routes checked`);
  expect(checked).toBeGreaterThan(3);
  expect(describe(findings)).toEqual([]);
}, 300_000);
