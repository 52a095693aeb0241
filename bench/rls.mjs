// Row-level security (issue 28): what a rule costs where rows leave a dataset. Over an isolated `wrangler dev` of
// the last build with the example content: chart data on birth_names (by gender, over all rows) run on the engine
// each time (force) without a rule and with a Base rule binding the caller, and the same query answered from the
// cache with the rule in place; also what the RLS API's save costs (the clause through the SQL gate, one batch).
// With RLS_IN_SQLLAB on: a SQL Lab query naming birth_names without and with the rule (the rule's tables read,
// the SQL lexed and the table wrapped in the filtered subquery), which is also what an alert's SQL pays.
import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
import { load, percentile, round, saveResults } from "./_lib.mjs";

const RUNS = 20;
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50_ms: round(percentile(sorted, 50)), p95_ms: round(percentile(sorted, 95)) };
};

const worker = await startWorker({ vars: { RLS_IN_SQLLAB: "true" } });
try {
  const login = await fetch(`${worker.url}/api/v1/security/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...TEST_ADMIN, provider: "db" }) });
  const headers = { Authorization: `Bearer ${(await login.json()).access_token}`, "Content-Type": "application/json" };
  const q = encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))");
  const found = (await (await fetch(`${worker.url}/api/v1/dataset/?q=${q}`, { headers })).json()).result[0];
  const ds = found.id;
  const sqlLab = async () => {
    const t0 = performance.now();
    const res = await fetch(`${worker.url}/api/v1/sqllab/execute/`, {
      method: "POST", headers,
      body: JSON.stringify({ database_id: found.database.id, runAsync: false, client_id: Math.random().toString(36).slice(2, 13).padEnd(11, "x"), sql: "SELECT gender, SUM(num) AS births FROM birth_names GROUP BY gender" }),
    });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`sql lab: ${res.status} ${JSON.stringify(json)}`);
    return { ms: performance.now() - t0, rows: json.data.length };
  };
  const sqlLabRuns = async () => {
    const times = [];
    let rows = 0;
    for (let i = 0; i < RUNS; i++) ({ ms: times[i], rows } = await sqlLab());
    return { ...summary(times), rows };
  };
  const body = (force) => JSON.stringify({
    datasource: { id: ds, type: "table" }, force,
    queries: [{ columns: ["gender"], metrics: [{ expressionType: "SQL", sqlExpression: "SUM(num)", label: "births" }], row_limit: 10 }],
    result_format: "json", result_type: "full",
  });
  const chartData = async (force) => {
    const t0 = performance.now();
    const res = await fetch(`${worker.url}/api/v1/chart/data`, { method: "POST", headers, body: body(force) });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`chart data: ${res.status} ${JSON.stringify(json)}`);
    return { ms: performance.now() - t0, rows: json.result[0].data.length };
  };
  const runs = async (force) => {
    const times = [];
    let rows = 0;
    for (let i = 0; i < RUNS; i++) ({ ms: times[i], rows } = await chartData(force));
    return { ...summary(times), rows };
  };

  const without = await runs(true);
  const sqlLabWithout = await sqlLabRuns();
  const saves = [];
  let ruleId = null;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const res = await fetch(`${worker.url}/api/v1/rowlevelsecurity/`, { method: "POST", headers, body: JSON.stringify({ name: `bench girls ${Date.now()}-${i}`, filter_type: "Base", tables: [ds], roles: [], clause: "gender = 'girl'" }) });
    saves.push(performance.now() - t0);
    const made = await res.json();
    if (res.status !== 201) throw new Error(`rule save: ${res.status} ${JSON.stringify(made)}`);
    if (ruleId !== null) await fetch(`${worker.url}/api/v1/rowlevelsecurity/${made.id}`, { method: "DELETE", headers });
    else ruleId = made.id;
  }
  // rules are read per isolate for up to 2 s, as datasets are
  await new Promise((r) => setTimeout(r, 2_500));
  const withRule = await runs(true);
  if (withRule.rows !== 1) throw new Error(`the Base rule should leave one gender, got ${withRule.rows} rows`);
  const sqlLabWithRule = await sqlLabRuns();
  if (sqlLabWithRule.rows !== 1) throw new Error(`RLS_IN_SQLLAB should leave one gender, got ${sqlLabWithRule.rows} rows`);
  const cached = await load(() => fetch(`${worker.url}/api/v1/chart/data`, { method: "POST", headers, body: body(false) }), { total: 200, concurrency: 4 });
  await fetch(`${worker.url}/api/v1/rowlevelsecurity/${ruleId}`, { method: "DELETE", headers });

  const figures = { chart_data_forced_without_rule: without, chart_data_forced_with_rule: withRule, chart_data_cached_with_rule: cached, rule_save: summary(saves), sqllab_without_rule: sqlLabWithout, sqllab_with_rule: sqlLabWithRule };
  console.table({
    "forced, no rule": { p50_ms: without.p50_ms, p95_ms: without.p95_ms, rows: without.rows },
    "forced, Base rule": { p50_ms: withRule.p50_ms, p95_ms: withRule.p95_ms, rows: withRule.rows },
    "cached, Base rule": { p50_ms: cached.p50_ms, rps: cached.rps },
    "rule save": figures.rule_save,
    "SQL Lab, no rule": { p50_ms: sqlLabWithout.p50_ms, p95_ms: sqlLabWithout.p95_ms, rows: sqlLabWithout.rows },
    "SQL Lab, Base rule (RLS_IN_SQLLAB)": { p50_ms: sqlLabWithRule.p50_ms, p95_ms: sqlLabWithRule.p95_ms, rows: sqlLabWithRule.rows },
  });
  saveResults("rls", figures);
} finally {
  await worker.stop();
}
