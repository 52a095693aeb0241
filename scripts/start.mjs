// `npm start`: the whole product on http://localhost:8787 with the example data, nothing else to run.
// Generates a local SECRET_KEY on first run, builds, applies D1 migrations, loads the examples, serves.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { examplesSeedFile } from "./examples-seed.mjs";
import { startMinuteTicker } from "./minute-ticker.mjs";
import { startArgs } from "./dev-server.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const WRANGLER = join(ROOT, "node_modules/.bin/wrangler");
const env = { ...process.env, PATH: `${join(ROOT, "node_modules/.bin")}:${process.env.PATH}`, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true" };
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { cwd: ROOT, env, stdio: "inherit", ...opts });

const devVars = join(ROOT, ".dev.vars");
const current = existsSync(devVars) ? readFileSync(devVars, "utf8") : "";
if (!/^SECRET_KEY=/m.test(current)) {
  appendFileSync(devVars, `${current && !current.endsWith("\n") ? "\n" : ""}SECRET_KEY=${randomBytes(32).toString("hex")}\nLOCAL_DEV=true\n`);
  console.log("Generated a local SECRET_KEY in .dev.vars (never commit it).");
}
// guest tokens (embedded dashboards) are signed with a secret of their own, never SECRET_KEY and never a default
const withSecret = readFileSync(devVars, "utf8");
if (!/^GUEST_TOKEN_JWT_SECRET=/m.test(withSecret)) {
  appendFileSync(devVars, `${withSecret && !withSecret.endsWith("\n") ? "\n" : ""}GUEST_TOKEN_JWT_SECRET=${randomBytes(32).toString("hex")}\n`);
  console.log("Generated a local GUEST_TOKEN_JWT_SECRET in .dev.vars (never commit it).");
}

run("npm", ["run", "build", "--silent"]);
for (const db of ["DB", "EXAMPLES"]) run(WRANGLER, ["d1", "migrations", "apply", db, "--local"]);

const marker = join(ROOT, ".wrangler", "examples-seeded");
const seed = examplesSeedFile();
if (seed && (!existsSync(marker) || readFileSync(marker, "utf8") !== seed)) {
  console.log("Loading the example data into the local EXAMPLES database ...");
  run(WRANGLER, ["d1", "execute", "EXAMPLES", "--local", "--file", seed, "--yes"], { stdio: ["ignore", "ignore", "inherit"] });
  writeFileSync(marker, seed);
}

// the main Worker and the render Worker that draws report PNGs/PDFs (ADR 0014), in one session: the first config
// is the one served on the port, the second is reached through the main Worker's RENDERER service binding
// (both bound to loopback only: scripts/dev-server.mjs says why)
const child = spawn(WRANGLER, startArgs(process.env.PORT ?? "8787"), {
  cwd: ROOT, env, stdio: "inherit",
});
// The first request runs the first-start work (roles, first admin, examples registration), so the generated
// admin password, if any, is printed now rather than whenever someone first opens the page.
const port = process.env.PORT ?? "8787";
(async () => {
  for (let i = 0; i < 300 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) {
        console.log(`\nEdge Superset is ready on http://localhost:${port}`);
        startMinuteTicker(`http://127.0.0.1:${port}`); // wrangler dev fires no cron by itself
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
})();

const stop = () => child.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => process.exit(code ?? 0));
