import { expect, test } from "vitest";
import { graphChart } from ".";

test("graph: a clicked node filters by its name on the column it first appeared in", () => {
  const formData = { viz_type: "graph_chart", source: "origin", target: "destination", metric: "count", layout: "circular" };
  const data = [{ origin: "ATL", destination: "ORD", count: 3 }, { origin: "ORD", destination: "DEN", count: 1 }];
  const model = graphChart.transformProps({ formData, queriesData: [{ data }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  const dataset = model.data.datasets[0] as Record<string, unknown>;
  const labels = model.data.labels as string[];
  const pick = (name: string) => graphChart.crossFilter!(formData, { label: name, index: labels.indexOf(name), dataset });
  expect(pick("ATL")).toEqual([{ col: "origin", value: "ATL" }]);
  expect(pick("ORD")).toEqual([{ col: "destination", value: "ORD" }]);
  expect(pick("DEN")).toEqual([{ col: "destination", value: "DEN" }]);
  expect(graphChart.crossFilter!(formData, { label: "ATL" })).toBeNull();
});
