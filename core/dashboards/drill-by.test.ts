import { describe, expect, test } from "vitest";
import { dimensionControl, drillByBreadcrumbs, drillByColumns, drillByFormData } from "./drill-by";

const pie = { viz_type: "pie", groupby: ["state"], metric: "count", adhoc_filters: [{ expressionType: "SQL", clause: "WHERE", sqlExpression: "num > 0" }] };

describe("drillByFormData", () => {
  test("replaces the clicked dimension with the column and filters to the value clicked", () => {
    const fd = drillByFormData(pie, [{ filters: [{ col: "state", op: "==", val: "CA" }], column: "gender" }]);
    expect(fd.groupby).toEqual(["gender"]);
    expect(fd.adhoc_filters).toEqual([pie.adhoc_filters[0], { expressionType: "SIMPLE", clause: "WHERE", subject: "state", operator: "==", comparator: "CA" }]);
    expect(pie.groupby).toEqual(["state"]); // the chart's own form data is left as it was
  });
  test("steps add up, and a NULL value is filtered with IS NULL", () => {
    const fd = drillByFormData(pie, [
      { filters: [{ col: "state", op: "==", val: "CA" }], column: "gender" },
      { filters: [{ col: "gender", op: "==", val: null }], column: "name" },
    ]);
    expect(fd.groupby).toEqual(["name"]);
    expect((fd.adhoc_filters as { subject?: string; operator?: string }[]).slice(1).map((f) => [f.subject, f.operator])).toEqual([["state", "=="], ["gender", "IS NULL"]]);
  });
  test("a single-column dimension (a world map's entity) takes the column's name", () => {
    const fd = drillByFormData({ viz_type: "world_map", entity: "country_code" }, [{ filters: [{ col: "country_code", op: "==", val: "FR" }], column: "region" }]);
    expect(fd.entity).toBe("region");
  });
});

test("dimensionControl: the control that holds the clicked column, else the first one set", () => {
  expect(dimensionControl({ groupbyRows: ["a"], groupbyColumns: ["b"] }, "b")).toBe("groupbyColumns");
  expect(dimensionControl({ x_axis: "ds", groupby: ["g"] }, "g")).toBe("groupby");
  expect(dimensionControl({ entity: "c" }, undefined)).toBe("entity");
  expect(dimensionControl({}, "x")).toBe("groupby");
});

test("drillByColumns: groupable columns the chart is not already grouped by", () => {
  const columns = [{ column_name: "state", groupby: true }, { column_name: "gender", groupby: true }, { column_name: "num", groupby: false }, { column_name: "name" }];
  expect(drillByColumns(columns, pie)).toEqual(["gender", "name"]);
});

test("drillByBreadcrumbs: each level's column and value, then the current column", () => {
  expect(drillByBreadcrumbs("state", [])).toEqual(["state"]);
  expect(drillByBreadcrumbs("state", [
    { filters: [{ col: "state", op: "==", val: "CA" }], column: "gender" },
    { filters: [{ col: "gender", op: "==", val: "boy" }], column: "name" },
  ])).toEqual(["state (CA)", "gender (boy)", "name"]);
});
