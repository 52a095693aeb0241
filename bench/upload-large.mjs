// A large CSV upload into D1 (issue 13: "a 100 MB CSV must upload on D1 within D1's limits"): a CSV of SIZE_MB
// (100 by default) generated on disk, sent with its fields first so the Worker streams it, timed from sending to
// the 201, then checked (row count and sums counted while generating). Figures: wall time, rows/s, the CPU of
// this run's workerd processes (/proc: the runtime, its HTTP and D1's own service, not wrangler) and the peak RSS of
// workerd sampled every 200 ms, over its level before the upload: an upper bound of the Worker's memory, since the
// same process holds D1's SQLite; and the Worker isolate's own JavaScript heap (DevTools' Runtime.getHeapUsage,
// sampled every 250 ms: the figure to hold against the 128 MB a Worker may use). The Worker runs alone (render:
// false), as the DevTools endpoint reaches the product Worker only then.
// ENGINE=clickhouse uploads into the machine's ClickHouse (127.0.0.1:8123), and sends the same file straight to
// ClickHouse's HTTP interface too (INSERT … FORMAT CSVWithNames into a table of the upload's types): the floor
// the Worker's path is held against. ROWS caps the rows (ROWS=100000: the issue's 100k-row figure).
// Run: npm run bench -- upload-large (SIZE_MB=20 for a shorter run; ENGINE=clickhouse ROWS=100000)
import { execFileSync } from "node:child_process";
import { mkdtempSync, openAsBlob, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
import { writeGeneratedCsv } from "../tests/support/generated-csv.mjs";
import { round, saveResults } from "./_lib.mjs";
import { devtools } from "./_profile.mjs";

const SIZE_MB = Number(process.env.SIZE_MB ?? 100);
// ENGINE=postgresql uploads into the machine's PostgreSQL instead: the same Worker path without D1's SQLite in
// workerd, so workerd's RSS there is the Worker's own (D1's page cache included otherwise)
const ENGINE = process.env.ENGINE ?? "d1";
const ROWS = process.env.ROWS ? Number(process.env.ROWS) : Infinity;
const SERVER_URIS = { postgresql: "postgresql://postgres@127.0.0.1:5432/test", mysql: "mysql://root@127.0.0.1:3306/test", clickhouse: "clickhousedb://default@127.0.0.1:8123/test" };
const CH = "http://127.0.0.1:8123/";
const tick = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

/** CPU seconds and summed RSS (MB) of the workerd processes in the group. */
function workerd(pgid) {
  let cpu = 0;
  let rss = 0;
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.split(") ")[1].split(" ");
      if (stat.slice(stat.indexOf("(") + 1, stat.indexOf(") ")) !== "workerd" || Number(fields[2]) !== pgid) continue;
      cpu += (Number(fields[11]) + Number(fields[12])) / tick;
      rss += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
    } catch {
      // gone
    }
  }
  return { cpu, rss };
}

const dir = mkdtempSync(join(tmpdir(), "bench-upload-large-"));
const worker = await startWorker({ probe: "/favicon.svg", render: false });
try {
  const login = await fetch(`${worker.url}/api/v1/security/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...TEST_ADMIN, provider: "db" }) });
  const auth = { Authorization: `Bearer ${(await login.json()).access_token}` };
  const api = (path, init = {}) => fetch(`${worker.url}${path}`, { ...init, headers: { ...auth, ...(typeof init.body === "string" ? { "Content-Type": "application/json" } : {}), ...(init.headers ?? {}) } });
  const list = await (await api("/api/v1/database/?q=(page_size:100)")).json();
  let d1 = list.result.find((d) => d.database_name === "examples").id;
  await api(`/api/v1/database/${d1}`, { method: "PUT", body: JSON.stringify({ allow_file_upload: true }) });
  if (ENGINE !== "d1") {
    if (ENGINE === "clickhouse") await fetch(CH, { method: "POST", body: "CREATE DATABASE IF NOT EXISTS test" });
    const made = await api("/api/v1/database/", { method: "POST", body: JSON.stringify({ database_name: `bench upload large ${ENGINE}`, sqlalchemy_uri: SERVER_URIS[ENGINE], allow_file_upload: true }) });
    d1 = (await made.json()).id;
  }

  const path = join(dir, "big.csv");
  const totals = await writeGeneratedCsv(path, SIZE_MB * 1024 * 1024, ROWS);
  console.log(`generated ${round(totals.bytes / 1024 / 1024, 1)} MB, ${totals.rows} rows`);

  const before = workerd(worker.pgid);
  let rssPeak = before.rss;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, workerd(worker.pgid).rss)), 200);
  const inspector = await devtools(worker.inspectorPort);
  const heapBefore = (await inspector.send("Runtime.getHeapUsage")).usedSize;
  let heapPeak = heapBefore;
  let heapSamples = 0;
  const heapSampler = setInterval(() => {
    inspector.send("Runtime.getHeapUsage").then(({ usedSize }) => {
      heapSamples++;
      heapPeak = Math.max(heapPeak, usedSize);
    }, () => {});
  }, 250);

  const form = new FormData();
  form.set("type", "csv");
  form.set("table_name", "bench_upload_large");
  form.set("already_exists", "replace");
  form.set("file", await openAsBlob(path), "big.csv");
  const t0 = performance.now();
  const res = await api(`/api/v1/database/${d1}/upload/`, { method: "POST", body: form });
  const answer = await res.text();
  const ms = performance.now() - t0;
  clearInterval(sampler);
  clearInterval(heapSampler);
  inspector.close();
  const after = workerd(worker.pgid);
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${answer}`);

  const check = await api("/api/v1/sqllab/execute/", { method: "POST", body: JSON.stringify({ client_id: "benchlg", database_id: d1, sql: "SELECT COUNT(*) AS n, SUM(amount) AS amount, SUM(ratio) AS ratio FROM bench_upload_large" }) });
  const [agg] = (await check.json()).data;
  const ok = agg.n === totals.rows && agg.amount === totals.amountSum && agg.ratio === totals.ratioSum;
  if (!ok) throw new Error(`the table does not hold the file: ${JSON.stringify(agg)} vs ${JSON.stringify(totals)}`);

  const direct = ENGINE === "clickhouse" ? await clickhouseDirect(path) : undefined;

  const figures = {
    engine: ENGINE,
    csv: { megabytes: round(totals.bytes / 1024 / 1024, 1), rows: totals.rows, columns: 7 },
    upload_ms: round(ms, 0),
    mb_per_s: round(totals.bytes / 1024 / 1024 / (ms / 1000), 2),
    rows_per_s: round(totals.rows / (ms / 1000), 0),
    workerd_cpu_s: round(after.cpu - before.cpu, 1),
    workerd_rss_mb: { before: round(before.rss, 0), peak: round(rssPeak, 0), peak_over_before: round(rssPeak - before.rss, 0) },
    worker_heap_mb: { before: round(heapBefore / 1048576, 1), peak: round(heapPeak / 1048576, 1), samples: heapSamples },
    ...(direct ? { clickhouse_direct: { ms: round(direct, 0), rows_per_s: round(totals.rows / (direct / 1000), 0), worker_over_direct: round(ms / direct, 2) } } : {}),
    checked: "row count, SUM(amount), SUM(ratio) equal the generator's",
    load_average: loadavg().map((l) => round(l, 2)),
  };
  console.log(JSON.stringify(figures, null, 2));
  saveResults(ENGINE === "d1" ? "upload-large" : `upload-large-${ENGINE}${ROWS === Infinity ? "" : `-${ROWS}`}`, figures);
} finally {
  await worker.stop();
  rmSync(dir, { recursive: true, force: true });
}

/** ms to send the file straight to ClickHouse into a table of the upload's types, flag as text (median of 3). */
async function clickhouseDirect(path) {
  const ch = async (sql, body) => {
    const res = await fetch(`${CH}?${new URLSearchParams({ database: "test", ...(body ? { query: sql } : {}) })}`, { method: "POST", body: body ?? sql });
    if (!res.ok) throw new Error(await res.text());
  };
  const times = [];
  for (let i = 0; i < 3; i++) {
    await ch("DROP TABLE IF EXISTS bench_upload_direct");
    await ch("CREATE TABLE bench_upload_direct AS bench_upload_large");
    // ClickHouse's CSV reads no true/false into UInt8: the flag stays text (the Worker converts it to 1/0)
    await ch("ALTER TABLE bench_upload_direct MODIFY COLUMN flag String");
    const t0 = performance.now();
    await ch("INSERT INTO bench_upload_direct FORMAT CSVWithNames", await openAsBlob(path));
    times.push(performance.now() - t0);
  }
  await ch("DROP TABLE IF EXISTS bench_upload_direct");
  return times.sort((a, b) => a - b)[1];
}
