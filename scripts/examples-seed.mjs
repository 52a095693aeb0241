// The example data is generated, never shipped: core/examples/ describes and generates the data sets,
// scripts/write-examples-sql.ts turns them into one SQL file, cached under .cache/ by a hash of the generator.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");

export function examplesSeedFile() {
  const writer = join(ROOT, "scripts/write-examples-sql.ts");
  if (!existsSync(writer)) return null;
  const hash = createHash("sha256");
  hash.update(readFileSync(writer));
  const dir = join(ROOT, "core/examples");
  if (existsSync(dir)) for (const f of readdirSync(dir).sort()) if (!f.endsWith(".test.ts")) hash.update(readFileSync(join(dir, f)));
  const out = join(ROOT, ".cache", `examples-${hash.digest("hex").slice(0, 12)}.sql`);
  if (!existsSync(out)) {
    mkdirSync(join(ROOT, ".cache"), { recursive: true });
    execFileSync(join(ROOT, "node_modules/.bin/tsx"), [writer, out], { cwd: ROOT, stdio: "inherit" });
  }
  return out;
}
