import type { FormData } from "../../charts/contract";
import { CHART_EXAMPLES } from "../../charts/examples";
import type { ExampleChart } from "./births";

// A small builder for the example dashboards' position_json: tabs of rows, each row a list of charts,
// markdown, or a header/divider on a line of its own. It fills in ids, parents and widths, so an example
// dashboard reads as its outline instead of a hundred lines of component maps.

export type Cell =
  | { chart: string; width: number; height?: number }
  | { markdown: string; width: number; height?: number; id: string };

export type Line = Cell[] | { header: string; id: string } | { divider: string };

export interface TabOutline {
  id: string;
  text: string;
  lines: Line[];
}

/** An example chart whose form data is its type's own example (core/charts/types/<type>), plus overrides. */
export function chartFromTypeExample(key: string, uuid: string, vizType: string, name?: string, overrides: FormData = {}, dataset?: string): ExampleChart {
  const example = Object.hasOwn(CHART_EXAMPLES, vizType) ? CHART_EXAMPLES[vizType] : undefined;
  if (!example) throw new Error(`Chart type ${vizType} has no example`);
  return { key, uuid, name: name ?? example.name, vizType, dataset: dataset ?? example.dataset, params: { ...example.params, ...overrides } };
}

/** The position_json of a dashboard made of one TABS container holding `tabs`. */
export function tabbedLayout(slug: string, tabs: TabOutline[], charts: ExampleChart[], ids: Record<string, number>): Record<string, unknown> {
  const tabsId = `TABS-${slug}`;
  const out: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: [tabsId] },
    [tabsId]: { type: "TABS", id: tabsId, children: tabs.map((t) => t.id), parents: ["ROOT_ID"], meta: {} },
  };
  for (const tab of tabs) {
    const tabParents = ["ROOT_ID", tabsId];
    const children: string[] = [];
    tab.lines.forEach((line, i) => {
      const parents = [...tabParents, tab.id];
      if (!Array.isArray(line)) {
        const id = "header" in line ? `HEADER-${line.id}` : `DIVIDER-${line.divider}`;
        out[id] = "header" in line
          ? { type: "HEADER", id, children: [], parents, meta: { text: line.header, headerSize: "MEDIUM_HEADER", background: "BACKGROUND_TRANSPARENT" } }
          : { type: "DIVIDER", id, children: [], parents, meta: {} };
        children.push(id);
        return;
      }
      const rowId = `ROW-${tab.id.replace(/^TAB-/, "")}-${i}`;
      const cells = line.map((cell) => {
        if ("markdown" in cell) {
          const id = `MARKDOWN-${cell.id}`;
          out[id] = { type: "MARKDOWN", id, children: [], parents: [...parents, rowId], meta: { width: cell.width, height: cell.height ?? 50, code: cell.markdown } };
          return id;
        }
        const chart = charts.find((c) => c.key === cell.chart);
        if (!chart) throw new Error(`No chart ${cell.chart} in ${slug}`);
        const id = `CHART-${cell.chart}`;
        out[id] = { type: "CHART", id, children: [], parents: [...parents, rowId], meta: { chartId: ids[cell.chart], width: cell.width, height: cell.height ?? 50, sliceName: chart.name } };
        return id;
      });
      out[rowId] = { type: "ROW", id: rowId, children: cells, parents, meta: { background: "BACKGROUND_TRANSPARENT" } };
      children.push(rowId);
    });
    out[tab.id] = { type: "TAB", id: tab.id, children, parents: tabParents, meta: { text: tab.text } };
  }
  return out;
}
