import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { workerProjectPlugin, workerProvide } from "./tests/support/worker-project";

// The route-coverage and hostile-input tests import the whole app (workers/app.ts) in Node to read its route
// table; workerd-only modules it reaches are replaced by small shims there. Nothing else relies on them.
const workerdShims = {
  alias: {
    "cloudflare:workers": fileURLToPath(new URL("./tests/support/node-shims/cloudflare-workers.ts", import.meta.url)),
    "cloudflare:sockets": fileURLToPath(new URL("./tests/support/node-shims/cloudflare-sockets.ts", import.meta.url)),
  },
};

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
          include: ["core/**/*.test.ts", "db/**/*.test.ts", "app/**/*.test.ts", "workers/**/*.test.ts"],
          environment: "node",
          env: { TZ: "UTC" },
        },
      },
      {
        plugins: [workerProjectPlugin()],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          setupFiles: ["tests/support/worker-setup.ts"],
          isolate: false,
          provide: workerProvide,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: { TZ: "UTC" },
        },
      },
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
