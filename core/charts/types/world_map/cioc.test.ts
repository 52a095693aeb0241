import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { CIOC_TO_CCA3 } from "./cioc";

// the generator is run, not imported: core/ imports nothing from scripts/ (workers/layering.test.ts)
const GENERATOR = fileURLToPath(new URL("../../../../scripts/world-map-cioc.mjs", import.meta.url));

test("cioc.ts is what scripts/world-map-cioc.mjs writes from the installed world-countries", () => {
  const run = spawnSync(process.execPath, [GENERATOR, "--check"], { encoding: "utf8" });
  expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
});

test("cioc table: IOC codes that differ from ISO alpha-3, and those that coincide", () => {
  expect([CIOC_TO_CCA3.GER, CIOC_TO_CCA3.NED, CIOC_TO_CCA3.SUI, CIOC_TO_CCA3.USA, CIOC_TO_CCA3.CHI, CIOC_TO_CCA3.FRA]).toEqual(["DEU", "NLD", "CHE", "USA", "CHL", "FRA"]);
  expect(Object.keys(CIOC_TO_CCA3).length).toBeGreaterThan(200);
  expect(Object.keys(CIOC_TO_CCA3).every((code) => /^[A-Z]{3}$/.test(code))).toBe(true);
});
