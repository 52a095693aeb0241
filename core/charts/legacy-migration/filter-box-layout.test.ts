import { expect, test } from "vitest";
import { dropFilterBoxes, noteFor } from "./filter-box-layout";

test("a filter box's place becomes a markdown note, its references follow, and the legacy filter settings leave the metadata", () => {
  const position = {
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-1"], parents: ["ROOT_ID"] },
    "ROW-1": { type: "ROW", id: "ROW-1", children: ["CHART-box", "CHART-line"], parents: ["ROOT_ID", "GRID_ID"] },
    "CHART-box": { type: "CHART", id: "CHART-box", children: [], parents: ["ROOT_ID", "GRID_ID", "ROW-1"], meta: { chartId: 7, uuid: "u7", width: 3, height: 40 } },
    "CHART-line": { type: "CHART", id: "CHART-line", children: [], parents: ["ROOT_ID", "GRID_ID", "ROW-1"], meta: { chartId: 8, uuid: "u8", width: 9, height: 50 } },
  };
  const metadata = { default_filters: "{}", filter_scopes: {}, color_scheme: "x", native_filter_configuration: [{ id: "f", scope: { rootPath: ["ROOT_ID"], excluded: [7, 9] } }] };
  const out = dropFilterBoxes(position, metadata, [{ chartId: 7, name: "Region *filters*" }]);
  expect(out.position["CHART-box"]).toBeUndefined();
  expect(out.position["MARKDOWN-box"]).toEqual({
    type: "MARKDOWN", id: "MARKDOWN-box", children: [], parents: ["ROOT_ID", "GRID_ID", "ROW-1"], meta: { width: 3, height: 40, code: noteFor("Region *filters*") },
  });
  expect((out.position["ROW-1"] as { children: string[] }).children).toEqual(["MARKDOWN-box", "CHART-line"]);
  expect(out.position["CHART-line"]).toEqual(position["CHART-line"]);
  expect(out.metadata).toEqual({ color_scheme: "x", native_filter_configuration: [{ id: "f", scope: { rootPath: ["ROOT_ID"], excluded: [9] } }] });
  // markup in a chart's name stays text
  expect(noteFor("Region *filters*")).toBe("⚠ The Region &#42;filters&#42; filter-box chart has been migrated to native filters.");
  // the inputs are untouched, and no box changes nothing
  expect(position["CHART-box"].type).toBe("CHART");
  expect(dropFilterBoxes(position, metadata, [])).toEqual({ position, metadata });
});
