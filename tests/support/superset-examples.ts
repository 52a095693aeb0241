import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

// Superset's own example bundle (../shared/data/superset-examples/configs, never committed), read on the Node side
// and handed to workerd tests through `provide`: a map of bundle path to YAML text, or null when it is absent.

const ROOT = resolve(import.meta.dirname, "../..");
/** `../shared` beside the checkout (a worktree sits one level deeper, so its parent's sibling counts too). */
export const SUPERSET_EXAMPLES_DIR = [resolve(ROOT, "../shared"), resolve(ROOT, "../../shared")]
  .map((d) => join(d, "data/superset-examples/configs"))
  .find((d) => existsSync(d)) ?? resolve(ROOT, "../shared/data/superset-examples/configs");

export function supersetExampleConfigs(dir = process.env.SUPERSET_EXAMPLES_DIR ?? SUPERSET_EXAMPLES_DIR): Record<string, string> | null {
  if (!existsSync(join(dir, "metadata.yaml"))) return null;
  const out: Record<string, string> = {};
  const walk = (sub: string) => {
    for (const name of readdirSync(join(dir, sub))) {
      const rel = sub ? `${sub}/${name}` : name;
      if (statSync(join(dir, rel)).isDirectory()) walk(rel);
      else if (/\.ya?ml$/.test(name)) out[rel] = readFileSync(join(dir, rel), "utf8");
    }
  };
  walk("");
  return out;
}
