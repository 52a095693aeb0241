import { expect, test } from "vitest";
import { timeseriesLine } from ".";
import { annotationLayers, fractionalIndex } from "./annotations";
import { compileFormula } from "./formula";

test("formulas: precedence, right-associative powers, unary signs, x; anything else refused", () => {
  expect(compileFormula("2 * x + 1")(3)).toBe(7);
  expect(compileFormula("2 ^ 3 ^ 2")(0)).toBe(512);
  expect(compileFormula("-(x - 4) / 2 % 3")(0)).toBe(2);
  expect(compileFormula("1.5e3 + .5")(0)).toBe(1500.5);
  expect(() => compileFormula("alert(1)")).toThrow("Unexpected text in formula");
  expect(() => compileFormula("(x + 1")).toThrow("Missing closing parenthesis");
  expect(() => compileFormula("x x")).toThrow("Unexpected");
});

test("moments sit at fractional indices of the category axis; outside the range they have none", () => {
  expect([fractionalIndex([0, 10, 30], 10), fractionalIndex([0, 10, 30], 20), fractionalIndex([0, 10, 30], 0), fractionalIndex([0, 10, 30], 31)]).toEqual([1, 1.5, 0, null]);
});

const xs = [0, 100, 200];

test("event, interval and formula layers", () => {
  const formData = {
    annotation_layers: [
      { name: "Releases", annotationType: "EVENT", sourceType: "NATIVE", value: 1, show: true, showLabel: true, color: "#FF0000", style: "dashed", width: 2 },
      { name: "Outages", annotationType: "INTERVAL", sourceType: "NATIVE", value: 2, show: true, opacity: "opacityMedium" },
      { name: "Target", annotationType: "FORMULA", sourceType: "", value: "x / 100 + 1", show: true },
      { name: "Hidden", annotationType: "FORMULA", value: "x", show: false },
    ],
  };
  const query = {
    data: [],
    annotation_data: {
      Releases: { records: [{ start_dttm: 150, end_dttm: 150, short_descr: "v2" }, { start_dttm: 500, short_descr: "later" }] },
      Outages: { records: [{ start_dttm: -50, end_dttm: 50, short_descr: "down" }, { start_dttm: 300, end_dttm: 400 }] },
    },
  };
  const out = annotationLayers(formData, query, xs);
  expect(out.datasets).toEqual([{ type: "line", label: "Target", data: [1, 2, 3], borderColor: "#666666", borderWidth: 1, borderDash: [], pointRadius: 0, fill: false, yAxisID: "y" }]);
  expect(out.boxes).toEqual({
    "Releases-0": { type: "line", xMin: 1.5, xMax: 1.5, borderColor: "#FF0000", borderWidth: 2, borderDash: [5, 5], label: { display: true, content: "v2" } },
    "Outages-0": { type: "box", xMin: 0, xMax: 0.5, backgroundColor: "#66666680", borderWidth: 0, label: { display: false, content: "down" } },
  });
});

test("the line chart carries formula datasets and the annotation plugin's boxes", () => {
  const model = timeseriesLine.transformProps({
    formData: { x_axis: "ds", metrics: ["count"], annotation_layers: [{ name: "Go live", annotationType: "EVENT", value: 3, show: true }, { name: "Two", annotationType: "FORMULA", value: "2", show: true }] },
    queriesData: [{ data: [{ ds: 0, count: 1 }, { ds: 100, count: 2 }], colnames: ["ds", "count"], coltypes: [2, 0], annotation_data: { "Go live": { records: [{ start_dttm: 100 }] } } }],
    width: 1, height: 1,
  });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.data.datasets.map((d) => [d.label, d.data])).toEqual([["count", [1, 2]], ["Two", [2, 2]]]);
  expect((model.options.plugins as any).annotation.annotations["Go live-0"]).toMatchObject({ type: "line", xMin: 1, xMax: 1 });
});
