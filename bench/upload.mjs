// File upload (issue 13): the time of POST /api/v1/database/<pk>/upload/ for a generated CSV of a few MB on
// D1 (the examples binding), PostgreSQL and MariaDB, from sending the file to the 201 (both passes, the staging
// table, the rename and the dataset). Superset's sales.csv (0.5 MB, goal ≤ 2 s) is timed too when ../shared
// holds it. Each figure is the median of RUNS uploads with already_exists=replace, after one warm-up.
// Then Superset's example bundle (7 dashboards, 86 charts, 18 datasets; goal ≤ 3 s) is imported through
// POST /api/v1/dashboard/import/ into the PostgreSQL database, as the e2e acceptance zips it: the first import
// (everything created) once, then the median of RUNS imports over it with overwrite=true (everything updated).
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { tsImport } from "tsx/esm/api";
import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
import { round, saveResults } from "./_lib.mjs";

const ROWS = 60_000;
const RUNS = 3;
// ../shared beside the repository (a worktree under wt/ has it one level further up)
const SALES = ["../..", "../../.."].map((up) => join(import.meta.dirname, up, "shared/data/superset-examples/datasets/examples/sales.csv")).find(existsSync);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function generatedCsv() {
  const lines = ["id,category,amount,ratio,flag,day,stamp,note"];
  const cats = ["alpha", "beta", "gamma", "delta", "epsilon"];
  for (let i = 1; i <= ROWS; i++) {
    const d = new Date(Date.UTC(2020, 0, 1) + (i % 1500) * 86_400_000).toISOString();
    lines.push(`${i},${cats[i % 5]},${(i * 7919) % 100_003},${((i % 997) / 7).toFixed(4)},${i % 3 === 0 ? "true" : "false"},${d.slice(0, 10)},${d.slice(0, 10)} ${String(i % 24).padStart(2, "0")}:15:00,"note ${i}, with a comma and some text to widen the row"`);
  }
  return lines.join("\n") + "\n";
}

const worker = await startWorker({ probe: "/favicon.svg" });
try {
  const login = await fetch(`${worker.url}/api/v1/security/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...TEST_ADMIN, provider: "db" }) });
  const auth = { Authorization: `Bearer ${(await login.json()).access_token}` };
  const api = (path, init = {}) => fetch(`${worker.url}${path}`, { ...init, headers: { ...auth, ...(init.body && typeof init.body === "string" ? { "Content-Type": "application/json" } : {}), ...(init.headers ?? {}) } });
  const list = await (await api("/api/v1/database/?q=(page_size:100)")).json();
  const ids = { d1: list.result.find((d) => d.database_name === "examples").id };
  await api(`/api/v1/database/${ids.d1}`, { method: "PUT", body: JSON.stringify({ allow_file_upload: true }) });
  for (const [engine, uri] of [["postgresql", "postgresql://postgres@127.0.0.1:5432/test"], ["mysql", "mysql://root@127.0.0.1:3306/test"]]) {
    const res = await api("/api/v1/database/", { method: "POST", body: JSON.stringify({ database_name: `bench upload ${engine}`, sqlalchemy_uri: uri, allow_file_upload: true }) });
    ids[engine] = (await res.json()).id;
  }

  const upload = async (id, name, text, table, extra = {}) => {
    const form = new FormData();
    form.set("file", new File([text], name, { type: "text/csv" }));
    form.set("type", "csv");
    form.set("table_name", table);
    form.set("already_exists", "replace");
    for (const [k, v] of Object.entries(extra)) form.set(k, v);
    const t0 = performance.now();
    const res = await api(`/api/v1/database/${id}/upload/`, { method: "POST", body: form });
    const body = await res.text();
    if (res.status !== 201) throw new Error(`upload ${table}: ${res.status} ${body}`);
    return performance.now() - t0;
  };
  const measure = async (id, name, text, table, extra) => {
    await upload(id, name, text, table, extra);
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push(await upload(id, name, text, table, extra));
    return round(median(times), 0);
  };

  const csv = generatedCsv();
  const mb = Buffer.byteLength(csv) / 1024 / 1024;
  const figures = { generated_csv: { rows: ROWS, columns: 8, megabytes: round(mb, 2) }, generated_ms: {}, generated_mb_per_s: {}, sales_csv_ms: {} };
  for (const engine of ["d1", "postgresql", "mysql"]) {
    const ms = await measure(ids[engine], "bench.csv", csv, "bench_upload", { column_dates: "stamp" });
    figures.generated_ms[engine] = ms;
    figures.generated_mb_per_s[engine] = round(mb / (ms / 1000), 2);
    console.log(`${engine}: ${ROWS} rows (${round(mb, 2)} MB) in ${ms} ms`);
  }
  if (SALES) {
    const sales = readFileSync(SALES, "utf8");
    for (const engine of ["d1", "postgresql", "mysql"]) {
      figures.sales_csv_ms[engine] = await measure(ids[engine], "sales.csv", sales, "bench_sales_upload", { column_dates: "order_date" });
      console.log(`${engine}: sales.csv (0.5 MB) in ${figures.sales_csv_ms[engine]} ms (goal ≤ 2000)`);
    }
  } else {
    console.log("sales.csv not found under ../shared: skipped");
  }
  figures.example_bundle_import = await bundleImport(api, ids.postgresql);
  figures.load_average = loadavg().map((l) => round(l, 2));
  saveResults("upload", figures);
} finally {
  await worker.stop();
}

async function bundleImport(api, databaseId) {
  // the e2e acceptance's own bundle maker (TypeScript, loaded through tsx)
  const examples = await tsImport("../tests/e2e/superset-examples-bundle.ts", import.meta.url);
  if (!examples.examplesPresent()) {
    console.log("Superset's example bundle not found under ../shared: import not timed");
    return null;
  }
  const db = (await (await api(`/api/v1/database/${databaseId}`)).json()).result;
  const configs = examples.readConfigs();
  const zip = examples.bundleInOneSchema(configs, { uuid: db.uuid, name: db.database_name, uri: "postgresql://postgres@127.0.0.1:5432/test" }, "bench_examples");
  const once = async (overwrite) => {
    const form = new FormData();
    form.set("formData", new File([zip], "examples.zip", { type: "application/zip" }));
    if (overwrite) form.set("overwrite", "true");
    const t0 = performance.now();
    const res = await api("/api/v1/dashboard/import/", { method: "POST", body: form });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`bundle import: ${res.status} ${body.slice(0, 500)}`);
    return performance.now() - t0;
  };
  const first = round(await once(false), 0);
  const times = [];
  for (let i = 0; i < RUNS; i++) times.push(await once(true));
  const out = { zip_kilobytes: round(zip.length / 1024, 0), dashboards: configs.dashboards.length, chart_files: configs.charts.files, first_ms: first, overwrite_ms: round(median(times), 0) };
  console.log(`example bundle (${out.zip_kilobytes} kB): first import ${out.first_ms} ms, again with overwrite ${out.overwrite_ms} ms (goal ≤ 3000)`);
  return out;
}
