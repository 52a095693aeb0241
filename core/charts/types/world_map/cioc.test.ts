import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { currentCiocModule, OUT } from "../../../../scripts/world-map-cioc.mjs";
import { CIOC_TO_CCA3 } from "./cioc";

test("cioc.ts is what scripts/world-map-cioc.mjs writes from the installed world-countries", () => {
  expect(readFileSync(OUT, "utf8"), "run `node scripts/world-map-cioc.mjs` and commit core/charts/types/world_map/cioc.ts").toBe(currentCiocModule());
});

test("cioc table: IOC codes that differ from ISO alpha-3, and those that coincide", () => {
  expect([CIOC_TO_CCA3.GER, CIOC_TO_CCA3.NED, CIOC_TO_CCA3.SUI, CIOC_TO_CCA3.USA, CIOC_TO_CCA3.CHI, CIOC_TO_CCA3.FRA]).toEqual(["DEU", "NLD", "CHE", "USA", "CHL", "FRA"]);
  expect(Object.keys(CIOC_TO_CCA3).length).toBeGreaterThan(200);
  expect(Object.keys(CIOC_TO_CCA3).every((code) => /^[A-Z]{3}$/.test(code))).toBe(true);
});
