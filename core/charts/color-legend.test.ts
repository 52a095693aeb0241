import { expect, test } from "vitest";
import { colorLegendOf } from "./color-legend";
import { sequentialColor } from "./colors/schemes";

test("colorLegendOf: evenly spaced colours from the low end to the high one, with the ends' texts", () => {
  const scale = (t: number) => `t=${t}`;
  expect(colorLegendOf(scale, 5, "10", "1k")).toEqual({ colors: ["t=0", "t=0.25", "t=0.5", "t=0.75", "t=1"], low: "10", high: "1k" });
  expect(colorLegendOf(scale, 1, "0", "0").colors).toEqual(["t=0"]);
  // a real scheme: its three stops, #00d1c1, white and #ffb400, at 0, ½ and 1
  expect(colorLegendOf(sequentialColor("blue_white_yellow"), 3, "0", "1").colors).toEqual(["#00d1c1", "#ffffff", "#ffb400"]);
});
