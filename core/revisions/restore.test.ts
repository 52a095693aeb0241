import { describe, expect, test } from "vitest";
import { chartRestore, dashboardRestore } from "./restore";
import { revisionsKept, takeRevisionMessage } from "./revisions";

describe("restoring a kept state", () => {
  const positions = {
    ROOT_ID: { type: "ROOT", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", children: ["ROW-1", "ROW-2"] },
    "ROW-1": { type: "ROW", children: ["CHART-1", "CHART-2"] },
    "ROW-2": { type: "ROW", children: ["CHART-3"] },
    "CHART-1": { type: "CHART", children: [], meta: { chartId: 1, sliceName: "One" } },
    "CHART-2": { type: "CHART", children: [], meta: { chartId: 2, sliceName: "Two" } },
    "CHART-3": { type: "CHART", children: [], meta: { chartId: 3, sliceName: "Three" } },
  };

  test("a dashboard without its deleted charts: the rest comes back, the emptied row goes, the charts are named", () => {
    const { values, notRestored } = dashboardRestore({ dashboard_title: "T", published: 1, position_json: JSON.stringify(positions), unknown: 1 }, new Set([1]));
    expect(notRestored).toEqual([{ type: "chart", id: 2, name: "Two" }, { type: "chart", id: 3, name: "Three" }]);
    const layout = JSON.parse(values.position_json as string);
    expect(layout.GRID_ID.children).toEqual(["ROW-1"]);
    expect(layout["ROW-1"].children).toEqual(["CHART-1"]);
    expect(values).toMatchObject({ dashboard_title: "T", published: true });
    expect(values).not.toHaveProperty("unknown");
  });

  test("a chart whose dataset is gone keeps its current one, in its params too", () => {
    const state = { slice_name: "C", datasource_id: 9, datasource_type: "table", params: JSON.stringify({ datasource: "9__table", metrics: ["count"] }) };
    const { values, notRestored } = chartRestore(state, false, { datasource_id: 4, datasource_type: "table" });
    expect(notRestored).toEqual([{ type: "dataset", id: 9, name: null }]);
    expect(values).not.toHaveProperty("datasource_id");
    expect(JSON.parse(values.params as string)).toEqual({ datasource: "4__table", metrics: ["count"] });
    expect(chartRestore(state, true, { datasource_id: 4, datasource_type: "table" }).values.datasource_id).toBe(9);
  });

  test("retention and messages", () => {
    expect(revisionsKept(undefined)).toBe(50);
    expect(revisionsKept("7")).toBe(7);
    expect(revisionsKept("0")).toBe(50);
    expect(revisionsKept("x")).toBe(50);
    const body: Record<string, unknown> = { revision_message: "  fixed title ", a: 1 };
    expect(takeRevisionMessage(body)).toBe("fixed title");
    expect(body).toEqual({ a: 1 });
    expect(() => takeRevisionMessage({ revision_message: 5 })).toThrow();
  });
});
