// Starts bench/connector-harness/worker.ts in wrangler dev (workerd), with the product's compatibility
// settings and bundle aliases and an EXAMPLES D1 binding of its own; answers { url, stateDir, stop }.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parse } from "smol-toml";
import { freePort } from "../../tests/support/server.mjs";

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
  const port = await freePort();
  const env = { ...process.env, PATH: `${join(ROOT, "node_modules/.bin")}:${process.env.PATH}`, WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1" };
  const child = spawn(join(ROOT, "node_modules/.bin/wrangler"), ["dev", "--config", join(dir, "wrangler.json"), "--port", String(port), "--ip", "127.0.0.1",
    "--persist-to", stateDir, "--inspector-port", String(await freePort()), "--show-interactive-dev-session=false", "--log-level", "warn"],
  { cwd: dir, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the connector harness exited early:\n${output}`);
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the connector harness did not start within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dir, { recursive: true, force: true });
  };
  return { url, stateDir, stop, logs: () => output };
}

/** One harness request: a warm-up run and `runs` more; answers the row count of the last. */
export async function harnessRun(url, body) {
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`connector harness: ${json.error ?? res.status}`);
  return json.rows;
}
