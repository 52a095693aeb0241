import { expect, test } from "vitest";
import { arcLabelPlace, textOn } from "./slice-labels";

// a quarter slice from 12 o'clock to 3 o'clock (Chart.js angles: clockwise from 3 o'clock, -π/2 at the top)
const quarter = { x: 100, y: 100, startAngle: -Math.PI / 2, endAngle: 0, innerRadius: 0, outerRadius: 80 };

test("arcLabelPlace: a pie's inside label at 60% of the radius on the slice's mid-angle (-45°)", () => {
  const p = arcLabelPlace(quarter, false);
  // 48 · cos(45°) = 33.94
  expect(p.x).toBeCloseTo(133.94, 2);
  expect(p.y).toBeCloseTo(66.06, 2);
  expect(p).toMatchObject({ align: "center" });
  expect(p.lineFrom).toBeUndefined();
});

test("arcLabelPlace: a donut's inside label midway between its radii", () => {
  const p = arcLabelPlace({ ...quarter, innerRadius: 40 }, false);
  // 60 · cos(45°) = 42.43
  expect(p.x).toBeCloseTo(142.43, 2);
  expect(p.y).toBeCloseTo(57.57, 2);
});

test("arcLabelPlace: outside, 12 px beyond the rim with a leader line from the rim, aligned away from the centre", () => {
  const right = arcLabelPlace(quarter, true);
  // 92 · cos(45°) = 65.05; 80 · cos(45°) = 56.57
  expect(right.x).toBeCloseTo(165.05, 2);
  expect(right.y).toBeCloseTo(34.95, 2);
  expect(right.align).toBe("left");
  expect(right.lineFrom!.x).toBeCloseTo(156.57, 2);
  expect(right.lineFrom!.y).toBeCloseTo(43.43, 2);
  // the opposite quarter (6 o'clock to 9 o'clock): mid-angle 135°, left of the centre
  const left = arcLabelPlace({ ...quarter, startAngle: Math.PI / 2, endAngle: Math.PI }, true);
  expect(left.x).toBeCloseTo(34.95, 2);
  expect(left.y).toBeCloseTo(165.05, 2);
  expect(left.align).toBe("right");
});

test("textOn: dark text on light slices, white on dark ones and on colours it cannot read", () => {
  expect(textOn("#FCC700")).toBe("#1f1f1f"); // 0.299·252 + 0.587·199 + 0.114·0 = 192.2
  expect(textOn("#1FA8C9")).toBe("#ffffff"); // 9.3 + 98.6 + 22.9 = 130.8
  expect(textOn("rgba(0,0,0,0.5)")).toBe("#ffffff");
});
