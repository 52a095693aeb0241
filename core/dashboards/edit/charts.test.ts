import { expect, test } from "vitest";
import { builderChart } from "./charts";

test("a listed chart becomes the dashboard's chart data: datasource key, viz type and slice id in its form data", () => {
  const chart = builderChart({ id: 4, slice_name: "Pie", viz_type: "pie", datasource_id: 2, datasource_type: "table", form_data: { metric: "count" }, slice_url: "/explore/?slice_id=4" });
  expect(chart).toEqual({ id: 4, slice_name: "Pie", viz_type: "pie", slice_url: "/explore/?slice_id=4", form_data: { metric: "count", viz_type: "pie", slice_id: 4, datasource: "2__table" } });
});

test("a chart without a type or form data has no definition to add", () => {
  expect(builderChart({ id: 4, slice_name: "x", viz_type: null, datasource_id: 2, datasource_type: "table", form_data: {} })).toBeNull();
  expect(builderChart({ id: 4, slice_name: "x", viz_type: "pie", datasource_id: 2, datasource_type: "table", form_data: null })).toBeNull();
});
