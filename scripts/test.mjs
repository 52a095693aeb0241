// `npm test`: typecheck, build, unit tests, worker tests (inside workerd beside the real Worker), integration
// tests against the real Worker in `wrangler dev`, then the browser journeys.
// Each step runs even when one before failed (so one run shows every failure); the exit code reports any failure.
import { spawnSync } from "node:child_process";

const steps = [
  // Superset's own client library for the compatibility tests (tests/support/superset-ui.ts): its own folder and
  // lockfile, because its React 17 peers would disturb the app's; installed here so a fresh clone has it.
  ["superset-ui", "npm", ["install", "--prefix", "tests/superset-ui", "--no-audit", "--no-fund", "--legacy-peer-deps"]],
  ["typecheck", "tsc", ["--noEmit"]],
  ["lint", "eslint", [".", "--max-warnings=0"]],
  ["build", "npm", ["run", "build", "--silent"]],
  ["unit", "vitest", ["run", "--project", "unit"]],
  ["worker", "vitest", ["run", "--project", "worker", "--project", "worker-isolated"]],
  ["integration", "vitest", ["run", "--project", "integration"]],
  ["e2e", "playwright", ["test"]],
];

const only = process.argv.slice(2);
let failed = [];
for (const [name, cmd, args] of steps) {
  if (only.length && !only.includes(name)) continue;
  if (name === "worker" || name === "integration" || name === "e2e") {
    if (failed.includes("build") || (name === "integration" && failed.includes("superset-ui"))) {
      failed.push(name);
      continue;
    }
  }
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, TZ: "UTC", WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" } });
  if (r.status !== 0) failed.push(name);
}
console.log(failed.length ? `\nFailed steps: ${failed.join(", ")}` : "\nAll test steps passed.");
process.exit(failed.length ? 1 : 0);
