// Starts the real Worker (the built bundle) in workerd through `wrangler dev`, isolated in its own temp
// folder: its own bundle, assets copy, D1 state and port. Tests, e2e runs and benchmarks all use this, so
// several can run side by side while the source tree is rebuilt.
import { spawn, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parse } from "smol-toml";
import { examplesStateTemplate } from "./examples-template.mjs";
import { wranglerDevArgs } from "../../scripts/dev-server.mjs";

const ROOT = resolve(import.meta.dirname, "../..");
const WRANGLER = join(ROOT, "node_modules/.bin/wrangler");
// wrangler needs Node 22, which node_modules/.bin holds (the machine has Node 20): put it first on PATH.
const QUIET = { ...process.env, PATH: `${join(ROOT, "node_modules/.bin")}:${process.env.PATH}`, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", NO_COLOR: "1" };

export const TEST_ADMIN = { username: "admin", password: "admin-test-password-1" };

/** The secrets and vars every test Worker gets (wrangler dev here, the worker projects' Miniflare too). */
export const TEST_VARS = {
  SECRET_KEY: "test-secret-key-0123456789abcdef0123456789abcdef",
  GUEST_TOKEN_JWT_SECRET: "test-guest-token-secret-0123456789abcdef01234567",
  ADMIN_USERNAME: TEST_ADMIN.username,
  ADMIN_PASSWORD: TEST_ADMIN.password,
  LOCAL_DEV: "true",
};

export function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
    srv.on("error", rej);
  });
}

/**
 * Bundles the current build into `dir` and writes a wrangler config that runs it without rebundling;
 * `extraConfig` adds top-level wrangler settings (a test's own bindings, e.g. `hyperdrive`).
 */
// what wrangler bundles the two Workers from (the app's routes reach the main one through build/server)
const BUNDLE_INPUT_FILES = ["wrangler.toml", "wrangler.render.toml", "package-lock.json", "node_modules/.package-lock.json"];
const BUNDLE_INPUT_DIRS = ["build/server", "workers", "services", "durable-objects", "db", "core", "types"];

export function prepareWorker(dir, extraConfig = {}) {
  const config = parse(readFileSync(join(ROOT, "wrangler.toml"), "utf8"));
  // Bundle and copy under the build lock (package.json "build" takes it too), so a rebuild running
  // at the same moment can never hand us a half-written build/.
  mkdirSync(join(ROOT, ".cache"), { recursive: true });
  // Both bundles are made once per content of what they are made from (the build, the Worker sources, the wrangler
  // files, the installed packages) and kept under .cache/bundles/<hash>: every test server of a run (16 an npm test)
  // copies them, where each bundled both again (two wrangler runs of seconds each).
  const script = [
    'test -f build/server/index.js || { echo "No build found: run npm run build first." >&2; exit 3; }',
    `key=$( { cat ${BUNDLE_INPUT_FILES.join(" ")}; find ${BUNDLE_INPUT_DIRS.join(" ")} -type f ! -name '*.test.ts' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum; } | sha256sum | cut -c1-16 )`,
    'cache=.cache/bundles/$key',
    'if [ ! -d "$cache" ]; then rm -rf .cache/bundles; mkdir -p "$cache.new"'
      + ' && wrangler deploy --dry-run --outdir "$cache.new/bundle" --config wrangler.toml'
      + ' && wrangler deploy --dry-run --outdir "$cache.new/render-bundle" --config wrangler.render.toml'
      + ' && mv "$cache.new" "$cache"; fi',
    `cp -r "$cache/bundle" "${join(dir, "bundle")}"`,
    `cp -r "$cache/render-bundle" "${join(dir, "render-bundle")}"`,
    `cp -r build/client "${join(dir, "assets")}"`,
  ].join(" && ");
  try {
    execFileSync("flock", [join(ROOT, ".cache/build.lock"), "sh", "-c", script], { cwd: ROOT, env: QUIET, stdio: "pipe" });
  } catch (e) {
    throw new Error(`Could not prepare the Worker: ${e.stderr?.toString() || e.message}`);
  }
  const isolated = {
    ...config,
    main: join(dir, "bundle/index.js"),
    no_bundle: true,
    rules: [{ type: "ESModule", globs: ["**/*.js"] }],
    assets: { ...config.assets, directory: join(dir, "assets") },
    d1_databases: config.d1_databases.map((d) => ({ ...d, migrations_dir: join(ROOT, d.migrations_dir) })),
    ...extraConfig,
  };
  writeFileSync(join(dir, "wrangler.json"), JSON.stringify(isolated, null, 2));
  // the render Worker (ADR 0014) the main one reaches through its RENDERER service binding; runWranglerDev
  // starts it in the same session when it finds this file beside the main config
  const render = parse(readFileSync(join(ROOT, "wrangler.render.toml"), "utf8"));
  writeFileSync(join(dir, RENDER_CONFIG), JSON.stringify({
    ...render, main: join(dir, "render-bundle/index.js"), no_bundle: true,
    rules: [{ type: "ESModule", globs: ["**/*.js"] }, { type: "CompiledWasm", globs: ["**/*.wasm"] }, { type: "Data", globs: ["**/*.ttf"] }],
  }, null, 2));
  return join(dir, "wrangler.json");
}

const RENDER_CONFIG = "wrangler.render.json";

export function applyMigrations(configPath, stateDir) {
  // both databases come migrated (and EXAMPLES seeded) from a cached template (tests/support/examples-template.mjs)
  const template = examplesStateTemplate(configPath);
  if (template) cpSync(template, stateDir, { recursive: true });
  for (const db of template ? [] : ["DB", "EXAMPLES"]) {
    execFileSync(WRANGLER, ["d1", "migrations", "apply", db, "--local", "--persist-to", stateDir, "--config", configPath], {
      env: { ...QUIET, CI: "true" }, stdio: "pipe",
    });
  }
}

/**
 * Starts an isolated Worker and resolves once it answers `probe` (/health; a static asset keeps the Worker's
 * own code unrun, so a benchmark can time the real first request).
 * Returns { url, stop, logs } where logs() is everything workerd printed so far.
 * `render: false` leaves the render Worker out: with two Workers in one wrangler dev, its DevTools endpoint does not
 * reach the product Worker's isolate, so a CPU profile there reads nothing (the benchmarks that profile need no
 * report pictures).
 */
export async function startWorker({ vars = {}, port, probe = "/health", config = {}, render = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "edge-superset-"));
  const configPath = prepareWorker(dir, config);
  const stateDir = join(dir, "state");
  mkdirSync(stateDir);
  applyMigrations(configPath, stateDir);
  port ??= await freePort();
  const allVars = { ...TEST_VARS, ...vars };
  const dev = await runWranglerDev({ dir, configPath, stateDir, port, vars: allVars, probe, render });
  return { ...dev, stateDir, configPath };
}

/**
 * `wrangler dev` on a prepared config, in its own process group, resolved once `probe` answers 200.
 * Answers { url, stop, logs }; stop ends wrangler and workerd and removes `dir`.
 */
export async function runWranglerDev({ dir, configPath, stateDir, port, vars = {}, probe = "/", logLevel = "info", render = true }) {
  const inspectorPort = await freePort();
  const renderConfig = join(dirname(configPath), RENDER_CONFIG);
  // served as `npm start` serves it: on loopback only (scripts/dev-server.mjs)
  const args = wranglerDevArgs({
    configs: [configPath, ...(render && existsSync(renderConfig) ? [renderConfig] : [])],
    port,
    extra: ["--persist-to", stateDir, "--inspector-port", String(inspectorPort), "--show-interactive-dev-session=false", "--log-level", logLevel],
  });
  for (const [k, v] of Object.entries(vars)) args.push("--var", `${k}:${v}`);
  const child = spawn(WRANGLER, args, { cwd: dir, env: { ...QUIET, CI: "true" }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output}`);
    try {
      const res = await fetch(`${url}${probe}`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Worker did not start within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    try {
      process.kill(-child.pid, "SIGTERM"); // the whole group: wrangler spawns workerd
    } catch {
      // already gone
    }
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dir, { recursive: true, force: true });
  };
  // pgid: wrangler and the workerd it spawns share this process group (benchmarks read its CPU from /proc);
  // inspectorPort: the Worker's DevTools endpoint (benchmarks take CPU profiles of the Worker's isolate there)
  return { url, stop, logs: () => output, pgid: child.pid, inspectorPort };
}
