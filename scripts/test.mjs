// `npm test`: typecheck, build, unit tests, worker tests (inside workerd beside the real Worker), integration
// tests against the real Worker in `wrangler dev`, then the browser journeys.
// Each step runs even when one before failed (so one run shows every failure); the exit code reports any failure.
import { spawnSync } from "node:child_process";

const steps = [
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
    if (failed.includes("build")) {
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
