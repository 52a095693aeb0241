import { defineConfig } from "vitest/config";

// unit: pure code beside its source (core/, app/ helpers). integration: the real Worker in workerd over HTTP.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["core/**/*.test.ts", "db/**/*.test.ts", "app/**/*.test.ts", "workers/**/*.test.ts"],
          environment: "node",
          env: { TZ: "UTC" },
        },
      },
      {
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
