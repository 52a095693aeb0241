// Starts bench/connector-harness/worker.ts in wrangler dev (workerd), with the product's compatibility
// settings and bundle aliases and an EXAMPLES D1 binding of its own; answers { url, stateDir, stop }.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parse } from "smol-toml";
import { freePort, runWranglerDev } from "../../tests/support/server.mjs";

const ROOT = resolve(import.meta.dirname, "../..");

export async function startHarness() {
  const product = parse(readFileSync(join(ROOT, "wrangler.toml"), "utf8"));
  const dir = mkdtempSync(join(tmpdir(), "connector-harness-"));
  const config = {
    name: "connector-harness",
    main: join(ROOT, "bench/connector-harness/worker.ts"),
    compatibility_date: product.compatibility_date,
    compatibility_flags: product.compatibility_flags,
    alias: Object.fromEntries(Object.entries(product.alias ?? {}).map(([k, v]) => [k, join(ROOT, v)])),
    d1_databases: [{ binding: "EXAMPLES", database_name: "harness-examples", database_id: "00000000-0000-0000-0000-0000000000aa" }],
  };
  writeFileSync(join(dir, "wrangler.json"), JSON.stringify(config, null, 2));
  const stateDir = join(dir, "state");
  const dev = await runWranglerDev({ dir, configPath: join(dir, "wrangler.json"), stateDir, port: await freePort(), logLevel: "warn" });
  return { ...dev, stateDir };
}

/** One harness request: a warm-up run and `runs` more; answers the row count of the last. */
export async function harnessRun(url, body) {
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`connector harness: ${json.error ?? res.status}`);
  return json.rows;
}
