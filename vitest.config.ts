import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { workerProjectPlugin, workerProvide, wranglerAliases } from "./tests/support/worker-project";

// The route-coverage and hostile-input tests import the whole app (workers/app.ts) in Node to read its route
// table; workerd-only modules it reaches are replaced by small shims there. Nothing else relies on them.
const workerdShims = {
  alias: {
    "cloudflare:workers": fileURLToPath(new URL("./tests/support/node-shims/cloudflare-workers.ts", import.meta.url)),
    "cloudflare:sockets": fileURLToPath(new URL("./tests/support/node-shims/cloudflare-sockets.ts", import.meta.url)),
  },
};

function workerProject(name: string, include: string[], options: { exclude?: string[]; isolate: boolean }) {
  return {
    plugins: [workerProjectPlugin()],
    resolve: { alias: wranglerAliases() },
    test: {
      name,
      include,
      exclude: options.exclude ?? [],
      isolate: options.isolate,
      setupFiles: ["tests/support/worker-setup.ts"],
      provide: workerProvide,
      testTimeout: 60_000,
      hookTimeout: 120_000,
      env: { TZ: "UTC" },
    },
  };
}

// unit: pure code beside its source (core/, app/ helpers). worker: test files inside workerd beside the real
// Worker, requests handed to its fetch handler (tests/support/worker-project.ts). integration: the real Worker in
// `wrangler dev` over HTTP, for what needs a socket, a long-lived server, PostgreSQL/MariaDB or the cron.
export default defineConfig({
  test: {
    projects: [
      {
        resolve: workerdShims,
        test: {
          name: "unit",
          include: ["core/**/*.test.ts", "db/**/*.test.ts", "app/**/*.test.ts", "workers/**/*.test.ts", "services/**/*.test.ts", "durable-objects/**/*.test.ts"],
          environment: "node",
          // pure code: files share a module graph per vitest worker instead of re-importing it for each file (the
          // import was 90% of the time: 316 s -> 26 s here). So a unit test must not leave global state behind:
          // restore its spies (vi.restoreAllMocks), never stub globals or vi.mock modules; a test needing that
          // belongs in a project of its own.
          isolate: false,
          // npm test runs this beside typecheck, lint and the build (scripts/test.mjs): a test's CPU share is then
          // halved, and the parquet and examples digests pass 5 s on a busy machine
          testTimeout: 30_000,
          env: { TZ: "UTC" },
        },
      },
      // one Miniflare (one Worker, one D1) for all these files, as the integration project shares one wrangler dev:
      // files share state, so they name what they create uniquely; and the Worker loads once, not per file
      workerProject("worker", ["tests/worker/**/*.test.ts"], { exclude: ["tests/worker/isolated/**"], isolate: false }),
      // files whose rows would disturb the others' listings, or that need other vars (useWorkerVars): a Miniflare,
      // D1 and Durable Objects of their own each
      workerProject("worker-isolated", ["tests/worker/isolated/**/*.test.ts"], { isolate: true }),
      {
        resolve: workerdShims,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          env: { TZ: "UTC" },
        },
      },
    ],
  },
});
