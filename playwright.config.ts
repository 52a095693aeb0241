import { defineConfig } from "@playwright/test";

// Browser journeys in Debian's Chromium (never a downloaded browser) against isolated real Workers started by
// tests/e2e/global-setup.ts, one per Playwright worker: this file is loaded again in each worker process, where
// Playwright has set TEST_PARALLEL_INDEX, and points that process's E2E_BASE_URL (helpers, shared pages, baseURL)
// at its own Worker. Spec files are spread over the workers whole (fullyParallel: false), so a file's tests still
// run in order against one Worker. Two workers unless E2E_WORKERS says otherwise: a journey mostly waits (on
// the page, the Worker, its own polls), so one worker left this 2-core machine half idle (the whole e2e step used
// about 6 CPU-minutes in 28 wall-minutes). Superset's example bundle, the longest file, runs first (its own
// project below): started last, beside the other worker's journeys, it once lost to its time limit.
const parallelIndex = process.env.TEST_PARALLEL_INDEX;
if (parallelIndex !== undefined && process.env[`E2E_BASE_URL_${parallelIndex}`]) {
  process.env.E2E_BASE_URL = process.env[`E2E_BASE_URL_${parallelIndex}`];
}
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [["list"]],
  // the longest file first (on a Worker of its own: global-setup.ts), so it never starts last beside the other
  // workers' journeys; the rest in name order
  projects: [
    { name: "example-bundle", testMatch: /superset-examples\.spec\.ts$/ },
    { name: "journeys", testIgnore: /superset-examples\.spec\.ts$/ },
  ],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: process.env.E2E_BASE_URL,
    timezoneId: "UTC",
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      // Every host but localhost and 127.0.0.1 fails to resolve at once: a page that names an outside host (Superset's Slack
      // example dashboard shows an image from a CDN) must not wait on this machine's network, which refuses such
      // connections on some machines and lets them hang on others (a CI run lost a dashboard's load event to one)
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"],
    },
  },
});
