import { expect, test } from "vitest";
import { sunburstV2 } from "./index";
import { crossFilter } from "./cross-filter";

test("sunburst: an arc filters by its path from the centre, read from the model's ring paths", () => {
  const formData = { viz_type: "sunburst_v2", columns: ["state", "gender"], metric: "count" };
  const model = sunburstV2.transformProps({ formData, queriesData: [{ data: [{ state: "CA", gender: "boy", count: 2 }, { state: "CA", gender: "girl", count: 1 }, { state: "NY", gender: null, count: 4 }] }] as never, width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  const outer = model.data.datasets[1] as Record<string, unknown>;
  const paths = outer.paths as string[][];
  const nyIndex = paths.findIndex((p) => p[0] === "NY");
  expect(crossFilter(formData, { dataset: outer, index: nyIndex })).toEqual([{ col: "state", value: "NY" }, { col: "gender", value: null }]);
  expect(crossFilter(formData, { dataset: model.data.datasets[0] as Record<string, unknown>, index: 0 })).toHaveLength(1);
  expect(crossFilter(formData, { label: "CA" })).toBeNull();
});
