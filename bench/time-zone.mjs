// Issue 29's budget for the viewer's zone: "no query round trip and ≤ 1 ms of Worker CPU per chart". Resolving a
// chart's relative time ranges is the zone's whole cost on the Worker (the SQL carries UTC instants; no extra
// query), so this measures core/time-range's resolveTimeRange in process, per call, for UTC and for zones with
// offsets and daylight saving, over the ranges a dashboard's charts use.
// Since time grains bucket in the zone too, the second part measures compileQuery (core/query/compile.ts) of a
// day-grained chart per engine, UTC against zones: the SQL generation cost, the SQL's size, and the one-off cost of
// a zone's first open-ended window (its transitions, worked out once per isolate with Intl).
import { build } from "esbuild";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { percentile, round, saveResults } from "./_lib.mjs";

const root = join(import.meta.dirname, "..");
const out = mkdtempSync(join(tmpdir(), "bench-tz-"));
await build({
  entryPoints: [join(root, "core/time-range/resolve.ts")], bundle: true, format: "esm", platform: "neutral",
  outfile: join(out, "resolve.mjs"), logLevel: "error",
});
const { resolveTimeRange } = await import(pathToFileURL(join(out, "resolve.mjs")).href);
await build({
  stdin: { contents: `export { compileQuery } from "./core/query/compile"; export { parseQueryContext } from "./core/chart-data/query-context";`, resolveDir: root, loader: "ts" },
  bundle: true, format: "esm", platform: "node", outfile: join(out, "compile.mjs"), logLevel: "error",
});
const { compileQuery, parseQueryContext } = await import(pathToFileURL(join(out, "compile.mjs")).href);
rmSync(out, { recursive: true, force: true });

const RANGES = ["Today", "Yesterday", "Last week", "Last month", "Last quarter", "Last year", "Current month", "previous calendar year",
  "DATEADD(DATETIME(\"today\"), -7, day) : today", "Last day", "No filter", "2024-01-01 : now"];
const ZONES = ["UTC", "Asia/Kolkata", "America/Chicago", "Europe/Berlin", "Australia/Lord_Howe"];
const ROUNDS = 2_000;

const figures = {};
for (const zone of ZONES) {
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    const now = new Date(Date.UTC(2026, 2, 29, 0, 30) + i * 3_600_000); // walks across Europe's and Chicago's spring change
    const t0 = performance.now();
    for (const range of RANGES) resolveTimeRange(range, { now, timeZone: zone });
    times.push((performance.now() - t0) / RANGES.length);
  }
  times.sort((a, b) => a - b);
  figures[zone] = { p50_us: round(percentile(times, 50) * 1000, 1), p99_us: round(percentile(times, 99) * 1000, 1) };
  console.log(`${zone.padEnd(20)} resolveTimeRange per range: p50 ${figures[zone].p50_us} µs, p99 ${figures[zone].p99_us} µs`);
}

// ---- SQL generation of a zoned time grain ----
const dataset = {
  table_name: "events", schema: null, sql: null, main_dttm_col: "ts", metrics: [],
  columns: [{ column_name: "ts", expression: null, is_dttm: true, type: "TIMESTAMP WITHOUT TIME ZONE" }, { column_name: "kind", expression: null, is_dttm: false, type: "TEXT" }],
};
const chart = (timeRange) => parseQueryContext({ datasource: { id: 1, type: "table" }, queries: [{
  columns: [{ columnType: "BASE_AXIS", sqlExpression: "ts", label: "ts", expressionType: "SQL" }, "kind"],
  metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "n" }], extras: { time_grain_sqla: "P1D" }, time_range: timeRange, granularity: "ts",
}] }).queries[0];
const now = new Date(Date.UTC(2026, 2, 29, 0, 30));
const compileWith = (engine, zone, q) => compileQuery(q, dataset, {
  engine, allowAdhocSubquery: false, maxRows: 10_000, zone: { name: zone, now },
  resolveTimeRange: (range) => resolveTimeRange(range, { now, timeZone: zone }),
});
const SQL_ROUNDS = 2_000;
// the process's first compile (module set-up, JIT) is not a zone's cost: done once before anything is timed
compileWith("d1", "UTC", chart("No filter"));
const sqlFigures = {};
for (const zone of ZONES) {
  // the first open-ended window of the zone in this process: its transitions, 20 years back and one forward
  const c0 = performance.now();
  compileWith("d1", zone, chart("No filter"));
  const coldMs = round(performance.now() - c0, 2);
  sqlFigures[zone] = { first_open_window_ms: coldMs };
  for (const engine of ["postgresql", "mysql", "d1"]) {
    for (const [name, range] of [["last_week", "Last week"], ["no_filter", "No filter"]]) {
      const q = chart(range);
      const times = [];
      let sql = "";
      for (let i = 0; i < SQL_ROUNDS; i++) {
        const t0 = performance.now();
        sql = compileWith(engine, zone, q).sql;
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      sqlFigures[zone][`${engine}_${name}`] = { p50_us: round(percentile(times, 50) * 1000, 1), p99_us: round(percentile(times, 99) * 1000, 1), sql_bytes: sql.length };
    }
  }
  const f = sqlFigures[zone];
  console.log(`${zone.padEnd(20)} compileQuery P1D µs p50 (Last week / No filter): pg ${f.postgresql_last_week.p50_us}/${f.postgresql_no_filter.p50_us}, mysql ${f.mysql_last_week.p50_us}/${f.mysql_no_filter.p50_us}, d1 ${f.d1_last_week.p50_us}/${f.d1_no_filter.p50_us}; d1 SQL ${f.d1_last_week.sql_bytes}/${f.d1_no_filter.sql_bytes} B; first open window ${coldMs} ms`);
}
saveResults("time-zone", { rounds: ROUNDS, ranges: RANGES.length, per_range: figures, sql_rounds: SQL_ROUNDS, compile_p1d: sqlFigures });
