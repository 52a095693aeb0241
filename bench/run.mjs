// `npm run bench`: runs every benchmark in bench/ one after another; each prints its figures and saves
// them as JSON in bench/results/. Pass names to run only some: npm run bench -- platform sqllab
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const scripts = readdirSync(dir)
  .filter((f) => f.endsWith(".mjs") && f !== "run.mjs" && !f.startsWith("_"))
  .filter((f) => !only.length || only.includes(f.replace(/\.mjs$/, "")));
let failed = 0;
for (const f of scripts) {
  console.log(`\n=== bench/${f} ===`);
  const r = spawnSync(process.execPath, [join(dir, f)], { stdio: "inherit", env: { ...process.env, TZ: "UTC" } });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
