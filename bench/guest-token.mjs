// Guest tokens (issue 28): what verifying X-GuestToken adds to a request. Over an isolated `wrangler dev` of the
// last build with the example content: a chart of an embedded dashboard answered from the cache by chart id
// (GET /api/v1/chart/{pk}/data/, warm) with the admin's bearer token, with one guest token (verified once per
// isolate, then looked up), and with a fresh guest token on every request (the HMAC and claim checks each time).
// The guest's token carries no rule, so all three read the same cached answer: the difference is authentication.
// First, in process (one thread, so its time is CPU time): the Worker's own verifiedGuestToken
// (workers/http/guest-token.ts, bundled with esbuild) on a token it has not seen (HS256 check, claim checks, the
// guest key's HMAC) and on one it has (the isolate's lookup): the "≤ 1 ms of Worker CPU per request".
import { build } from "esbuild";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
import { percentile, round, saveResults, summary, adminApi } from "./_lib.mjs";

const RUNS = 200;
const CPU_RUNS = 2_000;

async function verifyCpu() {
  const out = mkdtempSync(join(tmpdir(), "bench-guest-"));
  await build({
    stdin: { contents: `export { signGuestToken, verifiedGuestToken } from "./workers/http/guest-token";`, resolveDir: join(import.meta.dirname, ".."), loader: "ts" },
    bundle: true, format: "esm", platform: "node", outfile: join(out, "guest.mjs"), logLevel: "error",
  });
  const { signGuestToken, verifiedGuestToken } = await import(pathToFileURL(join(out, "guest.mjs")).href);
  rmSync(out, { recursive: true, force: true });
  const env = { GUEST_TOKEN_JWT_SECRET: "bench-guest-secret-0123456789abcdef0123456789", GUEST_TOKEN_JWT_AUDIENCE: "http://0.0.0.0:8080/" };
  const now = Math.floor(Date.now() / 1000);
  // a token as a host mints one: a user with attributes, one dashboard, two rules
  const claims = (i) => ({
    user: { username: `tenant-${i}`, first_name: "Guest", last_name: String(i), region: "emea" }, resources: [{ type: "dashboard", id: "5b0d4d1e-3c54-4b0a-9d5b-1f2d3c4b5a69" }],
    rls_rules: [{ clause: "region = {{ guest_user.region }}", dataset: 12 }, { clause: "deal_size <> 'Large'" }], iat: now, exp: now + 300, aud: env.GUEST_TOKEN_JWT_AUDIENCE, type: "guest",
  });
  const tokens = [];
  for (let i = 0; i < CPU_RUNS + 200; i++) tokens.push(await signGuestToken(claims(i), env.GUEST_TOKEN_JWT_SECRET));
  for (let i = 0; i < 200; i++) if (!(await verifiedGuestToken(tokens[CPU_RUNS + i], env))) throw new Error("a bench token did not verify"); // warm the JIT
  const per = async (token) => {
    const t0 = performance.now();
    if (!(await verifiedGuestToken(token, env))) throw new Error("a bench token did not verify");
    return performance.now() - t0;
  };
  const cpu0 = process.cpuUsage();
  const fresh = [];
  for (let i = 0; i < CPU_RUNS; i++) fresh.push(await per(tokens[i]));
  const cpuFresh = process.cpuUsage(cpu0);
  const seen = [];
  for (let i = 0; i < CPU_RUNS; i++) seen.push(await per(tokens[i % 50]));
  const stats = (times) => {
    times.sort((a, b) => a - b);
    return { p50_us: round(percentile(times, 50) * 1000, 1), p99_us: round(percentile(times, 99) * 1000, 1) };
  };
  const figures = {
    runs: CPU_RUNS,
    fresh_token: { ...stats(fresh), process_cpu_us_per_token: round((cpuFresh.user + cpuFresh.system) / CPU_RUNS, 1) },
    seen_token: stats(seen),
  };
  console.log(`verifying a guest token in process: fresh p50 ${figures.fresh_token.p50_us} µs (p99 ${figures.fresh_token.p99_us}, process CPU ${figures.fresh_token.process_cpu_us_per_token} µs/token); seen p50 ${figures.seen_token.p50_us} µs`);
  return figures;
}

const verifyFigures = await verifyCpu();

const worker = await startWorker();
try {
  const { api, bearer } = await adminApi(worker.url, TEST_ADMIN);
  const q = encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))");
  const ds = (await api(`/api/v1/dataset/?q=${q}`, {}, bearer)).result[0].id;
  const dashboard = (await api("/api/v1/dashboard/", { method: "POST", body: JSON.stringify({ dashboard_title: `bench guest ${Date.now()}` }) }, bearer)).id;
  const context = { datasource: { id: ds, type: "table" }, queries: [{ columns: ["gender"], metrics: [{ expressionType: "SQL", sqlExpression: "SUM(num)", label: "births" }], row_limit: 10 }], result_format: "json", result_type: "full" };
  const chart = (await api("/api/v1/chart/", { method: "POST", body: JSON.stringify({ slice_name: "bench guest", viz_type: "table", datasource_id: ds, datasource_type: "table", dashboards: [dashboard], params: "{}", query_context: JSON.stringify(context) }) }, bearer)).id;
  const { uuid } = (await api(`/api/v1/dashboard/${dashboard}/embedded`, { method: "POST", body: JSON.stringify({ allowed_domains: [] }) }, bearer)).result;
  const mint = async () => (await api("/api/v1/security/guest_token/", { method: "POST", body: JSON.stringify({ user: { username: "bench" }, resources: [{ type: "dashboard", id: uuid }], rls: [] }) }, bearer)).token;

  const timed = async (headers) => {
    const t0 = performance.now();
    const res = await fetch(`${worker.url}/api/v1/chart/${chart}/data/`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`chart data: ${res.status}`);
    return performance.now() - t0;
  };
  const series = async (headersFor) => {
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push(await timed(await headersFor(i)));
    return summary(times);
  };
  const guest = await mint();
  const fresh = [];
  for (let i = 0; i < 3 * RUNS; i++) fresh.push(await mint());
  // warm every path once (the cache entry, the isolate's principal, reach and token caches)
  for (const h of [bearer, { "X-GuestToken": guest }]) for (let i = 0; i < 5; i++) await timed(h);

  const rounds = [];
  for (let r = 0; r < 3; r++) {
    rounds.push({
      bearer: await series(() => bearer),
      guest_same_token: await series(() => ({ "X-GuestToken": guest })),
      guest_fresh_token: await series((i) => ({ "X-GuestToken": fresh[r * RUNS + i] })),
    });
  }
  const median = (key) => summary(rounds.map((x) => x[key].p50_ms));
  const figures = { verify_in_process: verifyFigures, runs: RUNS, rounds, p50_of_rounds: { bearer: median("bearer").p50_ms, guest_same_token: median("guest_same_token").p50_ms, guest_fresh_token: median("guest_fresh_token").p50_ms } };
  console.table(rounds.map((x) => ({ bearer: x.bearer.p50_ms, "guest, same token": x.guest_same_token.p50_ms, "guest, fresh token": x.guest_fresh_token.p50_ms })));
  saveResults("guest-token", figures);
} finally {
  await worker.stop();
}
