import { expect, test } from "vitest";
import { supersetQuery, temporalRange } from "../../test-fixtures";
import { funnel } from ".";

// params of the example bundle's "Featured Charts/Funnel.yaml"
const example = {
  datasource: "22__table", viz_type: "funnel", groupby: ["status"], metric: "count", adhoc_filters: [temporalRange], row_limit: 10, sort_by_metric: true,
  percent_calculation_type: "first_step", color_scheme: "supersetColors", show_legend: true, legendOrientation: "top", legendMargin: 50,
  tooltip_label_type: 5, number_format: "SMART_NUMBER", show_labels: true, show_tooltip_labels: true, extra_form_data: {},
};

test("funnel: the example bundle's query context, ordered by the metric", () => {
  expect(funnel.buildQuery(example).queries).toEqual([supersetQuery({
    columns: ["status"],
    metrics: ["count"],
    orderby: [["count", false]],
    row_limit: 10,
  })]);
});

test("funnel transformProps: shares of the first step, the previous step or the total", () => {
  const data = [{ status: "Shipped", count: 200 }, { status: "Resolved", count: 100 }, { status: "Cancelled", count: 50 }];
  const model = funnel.transformProps({ formData: example, queriesData: [{ data }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.type).toBe("funnel");
  expect(model.data.datasets[0]).toMatchObject({ data: [200, 100, 50], shares: [1, 0.5, 0.25], backgroundColor: ["#1FA8C9", "#454E7C", "#5AC189"] });
  expect(model.data.datasets[0].labelTexts).toEqual(["Shipped: 200 (100.00%)", "Resolved: 100 (50.00%)", "Cancelled: 50 (25.00%)"]);
  const prev = funnel.transformProps({ formData: { ...example, percent_calculation_type: "prev_step" }, queriesData: [{ data }], width: 1, height: 1 });
  expect(prev.kind === "chartjs" && prev.data.datasets[0].shares).toEqual([1, 0.5, 0.5]);
  const total = funnel.transformProps({ formData: { ...example, percent_calculation_type: "total" }, queriesData: [{ data }], width: 1, height: 1 });
  expect(total.kind === "chartjs" && total.data.datasets[0].shares).toEqual([200 / 350, 100 / 350, 50 / 350]);
});
