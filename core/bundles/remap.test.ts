import { expect, test } from "vitest";
import { dashboardForExport, dashboardForImport, defaultPosition } from "./remap";

const U1 = "c3d643cd-fd6f-4659-a5b7-59402487a8d0";
const U2 = "bd20fc69-dd51-46c1-99b5-09e37a434bf1";
const DS = "e8623bb9-5e00-f531-506a-19607f5f8005";

const position = {
  ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
  "CHART-a": { type: "CHART", id: "CHART-a", children: [], meta: { chartId: 115, width: 4, height: 50 } },
  "CHART-b": { type: "CHART", id: "CHART-b", children: [], meta: { chartId: 112, width: 4, height: 50 } },
};
const metadata = {
  timed_refresh_immune_slices: [115],
  expanded_slices: { "112": true },
  filter_scopes: { "115": { region: { scope: ["ROOT_ID"], immune: [112] } } },
  default_filters: JSON.stringify({ "115": { region: ["EMEA"] } }),
  native_filter_configuration: [{ id: "NATIVE_FILTER-1", targets: [{ datasetId: 21, column: { name: "deal_size" } }], scope: { rootPath: ["ROOT_ID"], excluded: [112] }, chartsInScope: [115] }],
  chart_configuration: { "115": { id: 115, crossFilters: { scope: "global", chartsInScope: [112] } } },
  global_chart_configuration: { scope: { rootPath: ["ROOT_ID"], excluded: [] }, chartsInScope: [115, 112] },
};

test("export writes chart uuids into the layout and filter targets by dataset uuid", () => {
  const out = dashboardForExport(position, metadata, new Map([[115, U1], [112, U2]]), new Map([[21, DS]]));
  expect((out.position["CHART-a"] as { meta: { uuid: string } }).meta.uuid).toBe(U1);
  const target = (out.metadata.native_filter_configuration as { targets: Record<string, unknown>[] }[])[0].targets[0];
  expect(target).toEqual({ datasetUuid: DS, column: { name: "deal_size" } });
  expect(metadata.native_filter_configuration[0].targets[0]).toHaveProperty("datasetId", 21); // the input is untouched
});

test("import maps every chart id reference to the new ids through the uuids", () => {
  const exported = dashboardForExport(position, metadata, new Map([[115, U1], [112, U2]]), new Map([[21, DS]]));
  const { position: p, metadata: m } = dashboardForImport(exported.position, exported.metadata, new Map([[U1, 1], [U2, 2]]), new Map([[DS, 9]]));
  expect((p["CHART-a"] as { meta: { chartId: number } }).meta.chartId).toBe(1);
  expect((p["CHART-b"] as { meta: { chartId: number } }).meta.chartId).toBe(2);
  expect(m.timed_refresh_immune_slices).toEqual([1]);
  expect(m.expanded_slices).toEqual({ "2": true });
  expect(m.filter_scopes).toEqual({ "1": { region: { scope: ["ROOT_ID"], immune: [2] } } });
  expect(JSON.parse(m.default_filters as string)).toEqual({ "1": { region: ["EMEA"] } });
  expect(m.native_filter_configuration).toEqual([{ id: "NATIVE_FILTER-1", targets: [{ datasetId: 9, column: { name: "deal_size" } }], scope: { rootPath: ["ROOT_ID"], excluded: [2] }, chartsInScope: [1] }]);
  expect(m.chart_configuration).toEqual({ "1": { id: 1, crossFilters: { scope: "global", chartsInScope: [2] } } });
  expect((m.global_chart_configuration as { chartsInScope: number[] }).chartsInScope).toEqual([1, 2]);
});

test("a dashboard without a layout gets its charts in rows of three", () => {
  const pos = defaultPosition([1, 2, 3, 4].map((id) => ({ id, uuid: `0000000${id}-0000-0000-0000-000000000000`, name: `c${id}` })));
  expect((pos.GRID_ID as { children: string[] }).children).toHaveLength(2);
  expect(Object.values(pos).filter((n) => (n as { type?: string }).type === "CHART")).toHaveLength(4);
});
