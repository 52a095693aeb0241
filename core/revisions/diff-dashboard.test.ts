import { describe, expect, test } from "vitest";
import { diffDashboardStates } from "./diff-dashboard";

type Node = { id: string; type: string; children: string[]; meta?: Record<string, unknown> };

function layout(nodes: Node[]): string {
  return JSON.stringify(Object.fromEntries(nodes.map((n) => [n.id, { meta: {}, ...n }])));
}
const root = (children: string[]): Node[] => [{ id: "ROOT_ID", type: "ROOT", children: ["GRID_ID"] }, { id: "GRID_ID", type: "GRID", children }];
const chart = (id: number, width = 4, name = `Chart ${id}`): Node => ({ id: `CHART-${id}`, type: "CHART", children: [], meta: { chartId: id, sliceName: name, width, height: 50 } });
const row = (id: string, children: string[]): Node => ({ id, type: "ROW", children });
const texts = (before: Record<string, unknown>, after: Record<string, unknown>) => diffDashboardStates(before, after).map((l) => l.text);

describe("dashboard diff in words", () => {
  test("title, publishing and CSS", () => {
    expect(texts({ dashboard_title: "Sales", published: 0, css: "a{}\nb{}" }, { dashboard_title: "Sales 2026", published: 1, css: "a{}\nc{}\nd{}" })).toEqual([
      'Title: "Sales" → "Sales 2026"', "Published", "CSS changed (2 lines added, 1 removed)",
    ]);
  });

  test("charts added, removed, resized and moved within a row: one move, not a shift of the neighbours", () => {
    const before = layout([...root(["ROW-1"]), row("ROW-1", ["CHART-1", "CHART-2", "CHART-3", "CHART-4"]), chart(1), chart(2), chart(3), chart(4)]);
    const after = layout([...root(["ROW-1"]), row("ROW-1", ["CHART-2", "CHART-3", "CHART-1", "CHART-5"]), chart(1), chart(2, 6), chart(3), chart(5, 4, "Revenue")]);
    expect(texts({ position_json: before }, { position_json: after })).toEqual([
      'Chart added: "Revenue"', 'Chart removed: "Chart 4"', 'Resized chart "Chart 2": 4×50 → 6×50', 'Moved chart "Chart 1"',
    ]);
  });

  test("a markdown box added or removed is named by its text", () => {
    const md = (id: string, code: string): Node => ({ id, type: "MARKDOWN", children: [], meta: { code, width: 4, height: 50 } });
    const before = layout([...root(["ROW-1"]), row("ROW-1", ["MARKDOWN-1"]), md("MARKDOWN-1", "# Notes")]);
    const after = layout([...root(["ROW-1"]), row("ROW-1", ["MARKDOWN-2"]), md("MARKDOWN-2", "Quarterly targets")]);
    expect(texts({ position_json: before }, { position_json: after })).toEqual(['Markdown added: "Quarterly targets"', 'Markdown removed: "# Notes"']);
  });

  test("a chart moved into another tab, tabs added and renamed, markdown edited", () => {
    const tabs = (second: string, with2: boolean, md: string): Node[] => [
      { id: "ROOT_ID", type: "ROOT", children: ["TABS-1"] },
      { id: "TABS-1", type: "TABS", children: ["TAB-a", "TAB-b", ...(with2 ? ["TAB-c"] : [])] },
      { id: "TAB-a", type: "TAB", children: with2 ? ["ROW-a"] : ["ROW-a", "ROW-m"], meta: { text: "Overview" } },
      { id: "TAB-b", type: "TAB", children: with2 ? ["ROW-b", "ROW-m"] : ["ROW-b"], meta: { text: second } },
      ...(with2 ? [{ id: "TAB-c", type: "TAB", children: [], meta: { text: "Extra" } }] : []),
      row("ROW-a", with2 ? [] : ["CHART-1"]), row("ROW-b", with2 ? ["CHART-1"] : []), row("ROW-m", ["MARKDOWN-1"]),
      chart(1), { id: "MARKDOWN-1", type: "MARKDOWN", children: [], meta: { code: md, width: 4, height: 50 } },
    ];
    const lines = texts({ position_json: layout(tabs("Details", false, "# Hello")) }, { position_json: layout(tabs("Detail view", true, "# Hello\nworld")) });
    expect(lines).toEqual([
      'Tab added: "Extra"',
      'Tab renamed: "Details" → "Detail view"',
      'Moved chart "Chart 1" to tab "Detail view"',
      'Markdown text changed (1 line added, 0 removed): "# Hello\nworld"',
    ]);
  });

  test("native filters added, removed and changed; cross-filter scopes; other metadata keys", () => {
    const f = (id: string, name: string, extra: Record<string, unknown> = {}) => ({ id, name, filterType: "filter_select", targets: [{ datasetId: 1, column: { name: "state" } }], ...extra });
    const before = { json_metadata: JSON.stringify({ native_filter_configuration: [f("A", "State"), f("B", "Gender")], color_scheme: "supersetColors", chart_configuration: { 1: { crossFilters: { scope: "global" } } } }) };
    const after = { json_metadata: JSON.stringify({ native_filter_configuration: [f("A", "State", { defaultDataMask: { filterState: { value: ["CA"] } } }), f("C", "Year")], color_scheme: "bnbColors", chart_configuration: { 1: { crossFilters: { scope: { rootPath: ["ROOT_ID"], excluded: [2] } } } } }) };
    expect(texts(before, after)).toEqual([
      'Native filter added: "Year"', 'Native filter removed: "Gender"', 'Native filter "State" changed: default value',
      'Cross-filter scope changed: chart "1"', 'Metadata color_scheme: "supersetColors" → "bnbColors"',
    ]);
  });

  test("equal states have no lines; broken JSON reads as empty instead of failing", () => {
    const s = { dashboard_title: "x", position_json: layout([...root(["ROW-1"]), row("ROW-1", ["CHART-1"]), chart(1)]), json_metadata: "{}" };
    expect(texts(s, { ...s })).toEqual([]);
    expect(() => texts({ position_json: "{broken", json_metadata: "[" }, s)).not.toThrow();
  });
});
