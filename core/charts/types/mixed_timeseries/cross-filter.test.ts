import { expect, test } from "vitest";
import { mixedTimeseries } from ".";

test("mixed chart: a clicked series filters by the dimension of its own query", () => {
  const formData = { viz_type: "mixed_timeseries", x_axis: "ds", metrics: ["sum__num"], groupby: ["gender"], metrics_b: ["count"], groupby_b: ["state"], show_query_identifiers: true };
  const qa = { data: [{ ds: 1, "sum__num, girl": 5, "sum__num, boy": 4 }] };
  const qb = { data: [{ ds: 1, "count, CA": 2 }] };
  const model = mixedTimeseries.transformProps({ formData, queriesData: [qa, qb], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  const byLabel = (l: string) => model.data.datasets.find((d) => d.label === l) as Record<string, unknown>;
  const click = (l: string) => mixedTimeseries.crossFilter!(formData, { series: l, index: 0, dataset: byLabel(l) });
  expect(click("sum__num, girl (Query A)")).toEqual([{ col: "gender", value: "girl" }]);
  expect(click("count, CA (Query B)")).toEqual([{ col: "state", value: "CA" }]);
  expect(mixedTimeseries.crossFilter!({ ...formData, groupby: [] }, { series: "sum__num", dataset: { query: "A", seriesName: "sum__num" } })).toBeNull();
});
