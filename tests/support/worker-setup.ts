/// <reference types="@cloudflare/vitest-plugin/types" />
import { applyD1Migrations, type D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Runs inside workerd before each test file of the `worker` project: the metadata migrations and the example
// data, as `wrangler d1 migrations apply` and the examples template give the wrangler-dev Worker. The first
// request then runs the Worker's own first-start setup (roles, admin, examples registration).
const testEnv = env as unknown as { DB: D1Database; EXAMPLES: D1Database; TEST_MIGRATIONS: D1Migration[]; TEST_EXAMPLES: D1Migration[] };
await applyD1Migrations(testEnv.DB, testEnv.TEST_MIGRATIONS);
await applyD1Migrations(testEnv.EXAMPLES, testEnv.TEST_EXAMPLES);
