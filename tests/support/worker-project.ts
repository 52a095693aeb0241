import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { parse } from "smol-toml";
import { examplesSeedFile } from "../../scripts/examples-seed.mjs";
import { TEST_ADMIN, TEST_VARS } from "./server.mjs";
import { supersetExampleConfigs } from "./superset-examples";

// The `worker` vitest project: test files run inside workerd next to the real Worker (workers/index.ts, with
// wrangler.toml's bindings: D1, Durable Objects, assets, vars), and their requests enter its default fetch
// handler without a socket. Each test file gets its own Miniflare, so its own empty D1 and Durable Objects;
// tests/support/worker-setup.ts applies the migrations and loads the example data into them first.

const ROOT = resolve(import.meta.dirname, "../..");

/** The generated example data as a one-file "migrations" folder, so readD1Migrations splits it as wrangler does. */
function examplesSeedDir(): string {
  const seed = examplesSeedFile();
  if (!seed) throw new Error("scripts/write-examples-sql.ts is missing: no example data to load");
  const dir = join(ROOT, ".cache", basename(seed, ".sql"));
  if (!existsSync(join(dir, "0000_examples.sql"))) {
    mkdirSync(dir, { recursive: true });
    copyFileSync(seed, join(dir, "0000_examples.sql"));
  }
  return dir;
}

/** wrangler.toml's [alias] (bundle shims for mysql2's optional dependencies), so tests load what is deployed. */
export function wranglerAliases(): Record<string, string> {
  const config = parse(readFileSync(join(ROOT, "wrangler.toml"), "utf8")) as { alias?: Record<string, string> };
  return Object.fromEntries(Object.entries(config.alias ?? {}).map(([name, path]) => [name, resolve(ROOT, path)]));
}

export const WORKER_ORIGIN = "http://edge-superset.test";

export function workerProjectPlugin() {
  return cloudflareTest(async () => ({
    wrangler: { configPath: join(ROOT, "wrangler.toml") },
    miniflare: {
      // The render Worker (ADR 0014) is not started here: report drawing is tested end to end in the integration
      // project (tests/integration/reports-runner.test.ts); in these tests the binding answers that it is absent.
      // (the request's body is read first: a large one left unread holds the sending Worker's request open, and
      // with it the waitUntil of the page that sent it, so the next test file never started)
      serviceBindings: { RENDERER: async (request: Request) => (await request.arrayBuffer(), new Response("The render Worker does not run in the worker tests.", { status: 503 })) },
      bindings: {
        ...TEST_VARS,
        TEST_MIGRATIONS: await readD1Migrations(join(ROOT, "db/migrations")),
        TEST_EXAMPLES: await readD1Migrations(examplesSeedDir()),
      },
    },
  }));
}

// ci: whether the runner is CI (workerd's process.env holds the Worker's bindings, not the runner's environment)
export const workerProvide = { admin: TEST_ADMIN, baseUrl: WORKER_ORIGIN, supersetExamples: supersetExampleConfigs(), ci: Boolean(process.env.CI) };
