// `npm run deploy`: creates the two D1 databases when missing, writes their ids into wrangler.toml,
// applies migrations remotely, loads the example data once, checks secrets, then deploys the render Worker and
// the main one.
// Needs `wrangler login` (or CLOUDFLARE_API_TOKEN) first.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { examplesSeedFile } from "./examples-seed.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const env = { ...process.env, PATH: `${join(ROOT, "node_modules/.bin")}:${process.env.PATH}` };
const wrangler = (args, opts = {}) => execFileSync("wrangler", args, { cwd: ROOT, env, encoding: "utf8", ...opts });

const PLACEHOLDER_IDS = { "edge-superset-meta": "00000000-0000-0000-0000-000000000001", "edge-superset-examples": "00000000-0000-0000-0000-000000000002" };

let toml = readFileSync(join(ROOT, "wrangler.toml"), "utf8");
const existing = JSON.parse(wrangler(["d1", "list", "--json"]));
for (const [name, placeholder] of Object.entries(PLACEHOLDER_IDS)) {
  if (!toml.includes(placeholder)) continue;
  let db = existing.find((d) => d.name === name);
  if (!db) {
    console.log(`Creating D1 database ${name} ...`);
    wrangler(["d1", "create", name], { stdio: "inherit" });
    db = JSON.parse(wrangler(["d1", "list", "--json"])).find((d) => d.name === name);
  }
  toml = toml.replace(placeholder, db.uuid);
}
writeFileSync(join(ROOT, "wrangler.toml"), toml);

const secrets = JSON.parse(wrangler(["secret", "list", "--format", "json"], { stdio: ["ignore", "pipe", "ignore"] }).trim() || "[]");
if (!secrets.some((s) => s.name === "SECRET_KEY")) {
  console.error("SECRET_KEY is not set. Run: openssl rand -hex 32 | npx wrangler secret put SECRET_KEY");
  console.error("Optionally also: npx wrangler secret put ADMIN_PASSWORD (otherwise the first admin's password is printed once in the Worker's logs).");
  process.exit(1);
}

execFileSync("npm", ["run", "build", "--silent"], { cwd: ROOT, env, stdio: "inherit" });
for (const db of ["DB", "EXAMPLES"]) wrangler(["d1", "migrations", "apply", db, "--remote"], { stdio: "inherit" });
const seeded = wrangler(["d1", "execute", "EXAMPLES", "--remote", "--json", "--command", "SELECT count(*) AS n FROM sqlite_master WHERE name='birth_names'"]);
if (!/"n":\s*1/.test(seeded)) {
  const seed = examplesSeedFile();
  if (seed) wrangler(["d1", "execute", "EXAMPLES", "--remote", "--file", seed, "--yes"], { stdio: "inherit" });
}
// the render Worker first (ADR 0014): the main Worker's RENDERER service binding names it
wrangler(["deploy", "--minify", "--config", "wrangler.render.toml"], { stdio: "inherit" });
wrangler(["deploy", "--minify"], { stdio: "inherit" });
