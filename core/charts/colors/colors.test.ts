import { expect, test } from "vitest";
import { colorFnFromFormData, labelColorFn } from "./label-colors";
import { categoricalColors, sequentialColor, withAlpha } from "./schemes";

test("labels take the scheme's colours in first-asked order and keep them; unknown schemes fall back to supersetColors", () => {
  const color = labelColorFn({ scheme: "d3Category10" });
  expect([color("b"), color("a"), color("b")]).toEqual(["#1f77b4", "#ff7f0e", "#1f77b4"]);
  expect(categoricalColors("no such scheme")[0]).toBe("#1FA8C9");
  const many = labelColorFn({ scheme: "echarts5Colors" });
  const names = Array.from({ length: 10 }, (_, i) => many(`s${i}`));
  expect(names[9]).toBe(names[0]); // 9 colours, the 10th label wraps around
});

test("a dashboard's label_colors win over shared label colours and the scheme", () => {
  const color = colorFnFromFormData({ color_scheme: "supersetColors", label_colors: { boys: "#ff0000" }, shared_label_colors: { boys: "#00ff00", girls: "#0000ff" } });
  expect([color("boys"), color("girls"), color("other")]).toEqual(["#ff0000", "#0000ff", "#1FA8C9"]);
});

test("sequential schemes interpolate between stops; alpha colours", () => {
  const bw = sequentialColor("white_black");
  expect([bw(0), bw(0.5), bw(1), bw(2), bw(Number.NaN)]).toEqual(["#ffffff", "#808080", "#000000", "#000000", "#ffffff"]);
  const fire = sequentialColor("fire"); // white, yellow, red, black at 0, 1/3, 2/3, 1
  expect(fire(0.5)).toBe("#ff8000");
  expect(withAlpha("#1FA8C9", 0.2)).toBe("rgba(31,168,201,0.2)");
});

test("scheme and colour names every object inherits fall back to the defaults", () => {
  expect(categoricalColors("constructor")).toEqual(categoricalColors("no such scheme"));
  expect(categoricalColors("__proto__")).toEqual(categoricalColors("no such scheme"));
  expect(sequentialColor("toString")(0)).toBe(sequentialColor("no such scheme")(0));
});
