// Issue 29's budget for the viewer's zone: "no query round trip and ≤ 1 ms of Worker CPU per chart". Resolving a
// chart's relative time ranges is the zone's whole cost on the Worker (the SQL carries UTC instants; no extra
// query), so this measures core/time-range's resolveTimeRange in process, per call, for UTC and for zones with
// offsets and daylight saving, over the ranges a dashboard's charts use.
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
saveResults("time-zone", { rounds: ROUNDS, ranges: RANGES.length, per_range: figures });
