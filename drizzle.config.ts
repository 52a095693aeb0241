import { defineConfig } from "drizzle-kit";

// Migrations are generated from db/schema and applied with `wrangler d1 migrations apply DB`.
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
});
