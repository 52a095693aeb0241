// Guest tokens (issue 28): what verifying X-GuestToken adds to a request. Over an isolated `wrangler dev` of the
// last build with the example content: a chart of an embedded dashboard answered from the cache by chart id
// (GET /api/v1/chart/{pk}/data/, warm) with the admin's bearer token, with one guest token (verified once per
// isolate, then looked up), and with a fresh guest token on every request (the HMAC and claim checks each time).
// The guest's token carries no rule, so all three read the same cached answer: the difference is authentication.
import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
import { saveResults, summary, adminApi } from "./_lib.mjs";

const RUNS = 200;

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
  const figures = { runs: RUNS, rounds, p50_of_rounds: { bearer: median("bearer").p50_ms, guest_same_token: median("guest_same_token").p50_ms, guest_fresh_token: median("guest_fresh_token").p50_ms } };
  console.table(rounds.map((x) => ({ bearer: x.bearer.p50_ms, "guest, same token": x.guest_same_token.p50_ms, "guest, fresh token": x.guest_fresh_token.p50_ms })));
  saveResults("guest-token", figures);
} finally {
  await worker.stop();
}
