import { expect, test } from "vitest";
import { getChartType } from "../charts/registry";
import { drillFilterLabel, drillPayload, samplesPath } from "./drill-detail";

const formData = {
  datasource: "7__table", viz_type: "pie", groupby: ["state"], metric: "count", time_range: "Last year",
  adhoc_filters: [
    { clause: "WHERE", expressionType: "SIMPLE", subject: "gender", operator: "==", comparator: "girl" },
    { clause: "WHERE", expressionType: "SQL", sqlExpression: "num > 10" },
    { clause: "HAVING", expressionType: "SQL", sqlExpression: "COUNT(*) > 5" },
  ],
};

test("the chart's own filters, WHERE and time range, without HAVING, plus the clicked values", () => {
  const context = getChartType("pie")!.buildQuery(formData as never);
  const { datasourceId, body } = drillPayload(context, [{ col: "state", op: "==", val: "CA" }]);
  expect(datasourceId).toBe(7);
  expect(drillPayload(context).origin).toBeNull(); // not from a dashboard
  expect(body.filters).toEqual(expect.arrayContaining([{ col: "gender", op: "==", val: "girl" }, { col: "state", op: "==", val: "CA" }]));
  expect(body.filters.at(-1)).toEqual({ col: "state", op: "==", val: "CA" });
  expect(JSON.stringify(body.extras)).toContain("num > 10");
  expect(body.extras).not.toHaveProperty("having");
  expect(JSON.stringify(body)).not.toContain("COUNT(*) > 5");
});

test("the samples address keeps Superset's path and parameters; labels name the clicked value", () => {
  expect(samplesPath(7, 3)).toBe("/datasource/samples?force=false&datasource_type=table&datasource_id=7&per_page=50&page=3");
  expect(drillFilterLabel({ col: "state", op: "==", val: "CA" })).toBe("state = CA");
  expect(drillFilterLabel({ col: "state", op: "==", val: null })).toBe("state = NULL");
});

test("a drill from a dashboard's chart names the dashboard and the chart in the samples address", () => {
  const context = getChartType("pie")!.buildQuery({ ...formData, dashboardId: 4, slice_id: 12 } as never);
  const { origin } = drillPayload(context);
  expect(origin).toEqual({ dashboardId: 4, sliceId: 12 });
  expect(samplesPath(7, 1, 50, origin)).toBe("/datasource/samples?force=false&datasource_type=table&datasource_id=7&per_page=50&page=1&dashboard_id=4&slice_id=12");
});
