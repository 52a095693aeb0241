import { expect, test } from "vitest";
import { parseDashboardCopy, remapMetadata, remapPositions } from "./copy";

test("a copy body needs json_metadata as a JSON object and names every bad field", () => {
  const fieldsOf = (body: Record<string, unknown>) => {
    try {
      parseDashboardCopy(body);
    } catch (e) {
      return (e as { fieldErrors?: Record<string, unknown> }).fieldErrors;
    }
    return null;
  };
  expect(fieldsOf({ dashboard_title: "x" })).toEqual({ json_metadata: ["Missing data for required field."] });
  expect(fieldsOf({ json_metadata: "[1]", duplicate_slices: "yes", extra: 1 })).toEqual({
    json_metadata: ["JSON not valid"], duplicate_slices: ["Not a valid boolean."], extra: ["Unknown field."],
  });
  expect(fieldsOf({ json_metadata: "{oops" })).toEqual({ json_metadata: ["JSON not valid"] });
  expect(parseDashboardCopy({ json_metadata: "{}", dashboard_title: "  " })).toEqual({ dashboard_title: "[ untitled dashboard ]", css: null, json_metadata: {}, duplicate_slices: false });
  expect(parseDashboardCopy({ json_metadata: '{"a":1}', dashboard_title: "Sales [copy]", css: ".a{}", duplicate_slices: true }))
    .toEqual({ dashboard_title: "Sales [copy]", css: ".a{}", json_metadata: { a: 1 }, duplicate_slices: true });
});

test("chart ids move to their copies in the layout and in the metadata", () => {
  const ids = new Map([[1, 11], [2, 12]]);
  const positions = { "CHART-a": { type: "CHART", id: "CHART-a", meta: { chartId: 1, width: 4 } }, "ROW-1": { type: "ROW", children: ["CHART-a"] }, "CHART-b": { type: "CHART", meta: { chartId: 3 } } };
  expect(remapPositions(positions, ids)).toEqual({ ...positions, "CHART-a": { type: "CHART", id: "CHART-a", meta: { chartId: 11, width: 4 } } });
  expect(remapMetadata({ timed_refresh_immune_slices: [1, 3], expanded_slices: { "2": true }, color_scheme: "x", native_filter_configuration: [{ chartsInScope: [1, 2], scope: { excluded: [2] } }] }, ids))
    .toEqual({ timed_refresh_immune_slices: [11, 3], expanded_slices: { "12": true }, color_scheme: "x", native_filter_configuration: [{ chartsInScope: [11, 12], scope: { excluded: [12] } }] });
});
