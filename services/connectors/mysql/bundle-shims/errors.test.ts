import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { parse } from "smol-toml";
import shim from "./errors.cjs";

// mysql2's package exports hide lib/, so the real table is loaded by its file path.
const require = createRequire(import.meta.url);
const real = require(require.resolve("mysql2").replace(/index\.js$/, "lib/constants/errors.js")) as Record<string, string | number>;

test("every name the shim keeps has mysql2's number, both ways", () => {
  const entries = Object.entries(shim as Record<string, string | number>).filter(([key]) => !/^\d+$/.test(key));
  expect(entries.length).toBeGreaterThan(20);
  for (const [name, errno] of entries) {
    expect(real[name]).toBe(errno);
    expect(real[errno as number]).toBe(name);
    expect((shim as Record<number, string>)[errno as number]).toBe(name);
  }
});

test("the names our connector and mysql2's pool compare against are kept", () => {
  for (const name of ["ER_ACCESS_DENIED_ERROR", "ER_BAD_DB_ERROR", "ER_DBACCESS_DENIED_ERROR", "ER_OPTION_PREVENTS_STATEMENT", "ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION", "ER_READ_ONLY_MODE"])
    expect((shim as Record<string, number>)[name]).toBe(real[name]);
});

test("the alias that swaps it in is the path only mysql2's own modules require it by", () => {
  const config = parse(readFileSync(new URL("../../../../wrangler.toml", import.meta.url), "utf8")) as { alias: Record<string, string> };
  expect(config.alias["../constants/errors.js"]).toBe("./services/connectors/mysql/bundle-shims/errors.cjs");
});
