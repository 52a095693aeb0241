// Loading the example data and migrating the metadata database cost wrangler runs per test server. They are done
// once into a template D1 state folder under .cache/, keyed by the generated SQL and both databases' migrations
// and settings, and every test server starts from a copy of it.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { examplesSeedFile } from "../../scripts/examples-seed.mjs";

const ROOT = resolve(import.meta.dirname, "../..");
const WRANGLER = join(ROOT, "node_modules/.bin/wrangler");
// wrangler needs Node 22, which node_modules/.bin holds (the machine has Node 20): put it first on PATH.
const QUIET = { ...process.env, PATH: `${join(ROOT, "node_modules/.bin")}:${process.env.PATH}`, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", NO_COLOR: "1", CI: "true" };

function templateKey(seedFile, configPath) {
  const hash = createHash("sha256").update(seedFile);
  const config = JSON.parse(readFileSync(configPath, "utf8"));
  for (const binding of TEMPLATE_DATABASES) {
    const db = config.d1_databases.find((d) => d.binding === binding);
    hash.update(JSON.stringify(db ?? null));
    const migrations = db ? db.migrations_dir : null;
    // the .sql files are what wrangler applies (drizzle keeps its meta/ folder beside them)
    if (migrations && existsSync(migrations)) for (const f of readdirSync(migrations).filter((f) => f.endsWith(".sql")).sort()) hash.update(f).update(readFileSync(join(migrations, f)));
  }
  return hash.digest("hex").slice(0, 12);
}

// the metadata database too: it starts migrated and empty (the Worker's first request fills it)
const TEMPLATE_DATABASES = ["EXAMPLES", "DB"];

/** A D1 state folder holding the migrated and seeded EXAMPLES database and the migrated DB, or null when there is no seed writer. */
export function examplesStateTemplate(configPath) {
  const seed = examplesSeedFile();
  if (!seed) return null;
  const cache = join(ROOT, ".cache");
  const template = join(cache, `examples-state-${templateKey(seed, configPath)}`);
  if (existsSync(template)) return template;
  mkdirSync(cache, { recursive: true });
  // built aside and renamed into place, so parallel test runs never copy a half-seeded folder
  const building = mkdtempSync(join(cache, "examples-state-building-"));
  try {
    const wrangler = (args) => execFileSync(WRANGLER, [...args, "--local", "--persist-to", building, "--config", configPath], {
      env: QUIET, stdio: "pipe", maxBuffer: 64 * 1024 * 1024,
    });
    wrangler(["d1", "migrations", "apply", "EXAMPLES"]);
    wrangler(["d1", "execute", "EXAMPLES", "--file", seed, "--yes"]);
    wrangler(["d1", "migrations", "apply", "DB"]);
    // older templates (from an earlier generator) are only disk space now
    for (const f of readdirSync(cache)) if (/^examples-state-[0-9a-f]{12}$/.test(f)) rmSync(join(cache, f), { recursive: true, force: true });
    try {
      renameSync(building, template);
    } catch (e) {
      if (!existsSync(template)) throw e; // another run finished first: use theirs
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}
