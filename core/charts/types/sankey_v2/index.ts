import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData } from "../../contract";
import * as c from "../../controls/shared";
import { BASE_OPTIONS } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { emptyModel, num, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { buildQueryContext } from "../../query/build-query-context";
import { ensureArray, getColumnLabel, getMetricLabel } from "../../query/labels";
import { hierarchyOrderby } from "../treemap_v2";
import { crossFilter } from "./cross-filter";

// Superset's sankey_v2: one metric flowing from a source column to a target column. Drawn with
// chartjs-chart-sankey's `sankey` type ({from, to, flow}); a flow graph with a loop cannot be laid out.

export const LOOP_MESSAGE = "There is a loop in your Sankey, please provide a tree";

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        { name: "source", type: "ColumnControl", label: "Source", validators: [{ kind: "nonEmpty" }] },
        { name: "target", type: "ColumnControl", label: "Target", validators: [{ kind: "nonEmpty" }] },
        c.metric(), c.adhocFilters(), c.rowLimit(), c.sortByMetric(false),
      ],
    },
    { label: "Chart Options", expanded: true, controls: [c.colorScheme(), c.numberFormat("number_format", "Number format")] },
  ],
};

function buildQuery(formData: FormData) {
  const groupby = [formData.source, ...ensureArray(formData.intermediate_levels), formData.target];
  const orderby = hierarchyOrderby(formData, groupby);
  return buildQueryContext(formData, (base) => [{ ...base, groupby, ...(orderby ? { orderby } : {}) }]);
}

function hasLoop(links: { from: string; to: string }[]): boolean {
  const next = new Map<string, string[]>();
  for (const l of links) next.set(l.from, [...(next.get(l.from) ?? []), l.to]);
  const state = new Map<string, 1 | 2>();
  const visit = (n: string): boolean => {
    if (state.get(n) === 1) return true;
    if (state.get(n) === 2) return false;
    state.set(n, 1);
    const loop = (next.get(n) ?? []).some(visit);
    state.set(n, 2);
    return loop;
  };
  return [...next.keys()].some(visit);
}

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData } = input;
  const [source, target] = [formData.source, formData.target].map(getColumnLabel);
  const metric = getMetricLabel(formData.metric);
  const links = rows.map((r) => ({ from: String(r[source]), to: String(r[target]), flow: num(r[metric]) ?? 0 }));
  if (hasLoop(links)) return emptyModel(LOOP_MESSAGE);
  const colorFn = colorFnFromFormData(formData);
  const text = getNumberFormatter(formData.number_format as string | undefined);
  return {
    kind: "chartjs",
    type: "sankey",
    data: {
      datasets: [{
        label: metric,
        data: links,
        colorFrom: (ctx: { dataIndex: number }) => colorFn(links[ctx.dataIndex]?.from),
        colorTo: (ctx: { dataIndex: number }) => colorFn(links[ctx.dataIndex]?.to),
        colorMode: "gradient",
      }],
    },
    options: {
      ...BASE_OPTIONS,
      plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item: { dataIndex: number }) => `${links[item.dataIndex].from} → ${links[item.dataIndex].to}: ${text(links[item.dataIndex].flow)}` } } },
    },
  };
}

export const sankeyV2: ChartType = {
  metadata: {
    name: "Sankey Chart",
    category: "Flow",
    description: "The Sankey chart visually tracks the movement and transformation of values across system stages. Nodes represent stages, connected by links depicting value flow.",
    tags: ["Directional", "ECharts", "Distribution", "Flow", "Featured"],
  },
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter,
};
