import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { CHART_TYPES } from "./registry";

// The viz gallery shows a picture per chart type, drawn from the type's example chart by
// scripts/viz-thumbnails.mjs: a type added without running it would show a broken image.

test("every registered chart type has its gallery thumbnail", () => {
  const dir = join(import.meta.dirname, "..", "..", "public", "viz-thumbnails");
  const missing = Object.keys(CHART_TYPES).filter((t) => !existsSync(join(dir, `${t}.webp`)) || statSync(join(dir, `${t}.webp`)).size < 500);
  expect(missing, "run `npm run build && node scripts/viz-thumbnails.mjs <types>` and commit public/viz-thumbnails/").toEqual([]);
});
