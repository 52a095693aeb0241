// `npm test`: typecheck, lint, build and unit tests side by side, then worker tests (inside workerd beside the real
// Worker) beside integration tests against the real Worker in `wrangler dev`, then the browser journeys.
// Each step runs even when one before failed (so one run shows every failure), unless a step it needs failed; the
// exit code reports any failure, and a table at the end gives each step's wall time.
// `npm test -- unit lint` runs only the named steps.
import { spawn } from "node:child_process";

const env = { ...process.env, TZ: "UTC", WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

// needs: steps that must have passed (else this one is reported failed without running); after: steps that must
// have ended first (passed or not). The first five share the machine: none reads another's output, and together they
// leave less of it idle (tsc and eslint are single-threaded) than one after another; their output is held and printed
// whole when each ends. worker and integration then run side by side: the worker project times nothing, and
// integration mostly waits (wrangler dev, PostgreSQL's sleeps, the cron, report pictures), so it streams its output
// and worker's is held. `alone` steps (e2e: browsers and Workers beside them, and long journeys with timeouts) wait for every step
// before them and stream their output.
const FIRST = ["superset-ui", "typecheck", "lint", "build", "unit"];
const steps = [
  // Superset's own client library for the compatibility tests (tests/support/superset-ui.ts): its own folder and
  // lockfile, because its React 17 peers would disturb the app's; installed here so a fresh clone has it.
  { name: "superset-ui", cmd: "npm", args: ["install", "--prefix", "tests/superset-ui", "--no-audit", "--no-fund", "--legacy-peer-deps"] },
  { name: "typecheck", cmd: "tsc", args: ["--noEmit"] },
  { name: "lint", cmd: "eslint", args: [".", "--max-warnings=0"] },
  { name: "build", cmd: "npm", args: ["run", "build", "--silent"] },
  { name: "unit", cmd: "vitest", args: ["run", "--project", "unit"] },
  // the worker projects serve build/client as the Worker's assets
  { name: "worker", cmd: "vitest", args: ["run", "--project", "worker", "--project", "worker-isolated"], needs: ["build"], after: FIRST },
  { name: "integration", cmd: "vitest", args: ["run", "--project", "integration"], needs: ["build", "superset-ui"], after: FIRST, stream: true },
  { name: "e2e", cmd: "playwright", args: ["test"], needs: ["build"], alone: true },
];

const only = process.argv.slice(2);
const chosen = steps.filter((s) => !only.length || only.includes(s.name));
const names = new Set(chosen.map((s) => s.name));
const results = new Map(); // name -> { status: "passed" | "failed" | "not run", seconds, code }
// The lines that name a failure (vitest's FAIL and ×, Playwright's ✘ and numbered failures), kept per step and
// printed again under the table: in a long CI log the step's own report can be far above its tail.
// The first error messages are kept too (fewer: a passing test may log one on purpose).
const FAILURE_LINE = /^\s*(FAIL\s|×|✘|\d+\) \[)/;
const ERROR_LINE = /^\s*\w*Error: /;
const failureLines = new Map(); // name -> { failures: string[], errors: string[] }
function keepFailures(name, text) {
  const kept = failureLines.get(name) ?? { failures: [], errors: [] };
  // eslint-disable-next-line no-control-regex -- colour codes, which vitest prints even into a pipe
  for (const line of text.replace(/\x1b\[[0-9;]*m/g, "").split("\n")) {
    if (FAILURE_LINE.test(line) && kept.failures.length < 40) kept.failures.push(line.trimEnd());
    else if (ERROR_LINE.test(line) && kept.errors.length < 10) kept.errors.push(line.trimEnd().slice(0, 300));
  }
  failureLines.set(name, kept);
}
const t0 = Date.now();

function run(step) {
  return new Promise((done) => {
    const started = Date.now();
    const stream = Boolean(step.alone || step.stream);
    let held = "";
    if (stream) console.log(`\n=== ${step.name} ===`);
    else console.log(`... ${step.name} started`);
    const child = spawn(step.cmd, step.args, { env, stdio: ["ignore", "pipe", "pipe"] });
    // a streamed step's output is passed on as it comes; partial lines are joined before the failure scan
    const partial = { stdout: "", stderr: "" };
    const take = (key, out) => (d) => {
      if (!stream) held += d;
      else out.write(d);
      const text = partial[key] + d;
      const cut = text.lastIndexOf("\n");
      partial[key] = text.slice(cut + 1);
      if (cut >= 0) keepFailures(step.name, text.slice(0, cut));
    };
    child.stdout.on("data", take("stdout", process.stdout));
    child.stderr.on("data", take("stderr", process.stderr));
    const finish = (code, error) => {
      const seconds = (Date.now() - started) / 1000;
      keepFailures(step.name, partial.stdout + "\n" + partial.stderr);
      if (!stream) process.stdout.write(`\n=== ${step.name} (${seconds.toFixed(0)} s) ===\n${held}${held.endsWith("\n") || !held ? "" : "\n"}`);
      if (error) console.log(`${step.name}: ${error.message}`);
      results.set(step.name, { status: code === 0 ? "passed" : "failed", seconds, code });
      done();
    };
    child.on("error", (e) => finish(null, e));
    child.on("close", (code) => finish(code));
  });
}

// a step starts once every step it waits for (among those chosen) has finished; one whose `needs` failed is
// reported without running, as before
const running = new Map();
const pending = [...chosen];
while (pending.length || running.size) {
  for (const step of [...pending]) {
    const before = chosen.slice(0, chosen.indexOf(step)).map((s) => s.name);
    const waits = step.alone ? before : [...(step.needs ?? []), ...(step.after ?? [])].filter((n) => names.has(n));
    if (!waits.every((n) => results.has(n))) continue;
    if (step.alone && running.size) continue;
    pending.splice(pending.indexOf(step), 1);
    const unmet = (step.needs ?? []).filter((n) => names.has(n) && results.get(n).status !== "passed");
    if (unmet.length) {
      console.log(`\n=== ${step.name} === not run: ${unmet.join(", ")} failed`);
      results.set(step.name, { status: "not run", seconds: 0 });
      continue;
    }
    running.set(step.name, run(step).then(() => running.delete(step.name)));
  }
  if (running.size) await Promise.race(running.values());
}

const clock = (seconds) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};
const failed = chosen.filter((s) => results.get(s.name).status !== "passed").map((s) => s.name);
const width = Math.max(...chosen.map((s) => s.name.length));
console.log("\nstep".padEnd(width + 3) + "result   wall time");
for (const s of chosen) {
  const r = results.get(s.name);
  const time = r.status === "not run" ? "-" : clock(r.seconds);
  console.log(`${s.name.padEnd(width + 2)}${r.status.padEnd(9)}${time.padStart(9)}`);
}
console.log(`${"total".padEnd(width + 2)}${"".padEnd(9)}${clock((Date.now() - t0) / 1000).padStart(9)}`);
console.log(failed.length ? `\nFailed steps: ${failed.join(", ")}` : "\nAll test steps passed.");
for (const name of failed) {
  const { failures = [], errors = [] } = failureLines.get(name) ?? {};
  if (failures.length) console.log(`\n${name}, what failed (as printed above):\n${failures.join("\n")}`);
  if (errors.length) console.log(`${name}, its first error lines:\n${errors.join("\n")}`);
}
process.exit(failed.length ? 1 : 0);
