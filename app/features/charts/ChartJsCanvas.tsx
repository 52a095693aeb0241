import { useEffect, useMemo, useRef, useState } from "react";
import { Alert, Center, Loader } from "@mantine/core";
import { Chart as ChartJS, registerables, type ChartType as ChartJsType } from "chart.js";
import { Chart } from "react-chartjs-2";
import { useTranslation } from "../../i18n/react";
import type { ChartJsModel } from "../../../core/charts/contract";
import type { ChartPick } from "../../../core/charts/cross-filter";

// Loaded only when a Chart.js model is drawn (ChartView imports this module lazily), so chart.js stays out of
// pages that draw no chart. The built-in controllers, elements, scales and plugins are registered once; the
// chart types Chart.js lacks come from plugins, each imported the first time a chart of its type is drawn.
ChartJS.register(...registerables);

type Registrable = Parameters<typeof ChartJS.register>[0];
const PLUGIN_TYPES: Record<string, () => Promise<Registrable[]>> = {
  matrix: async () => { const m = await import("chartjs-chart-matrix"); return [m.MatrixController, m.MatrixElement]; },
  treemap: async () => { const m = await import("chartjs-chart-treemap"); return [m.TreemapController, m.TreemapElement]; },
  boxplot: async () => { const m = await import("@sgratzl/chartjs-chart-boxplot"); return [m.BoxPlotController, m.BoxAndWiskers]; },
  sankey: async () => { const m = await import("chartjs-chart-sankey"); return [m.SankeyController, m.Flow]; },
  funnel: async () => { const m = await import("chartjs-chart-funnel"); return [m.FunnelController, m.TrapezoidElement]; },
  wordCloud: async () => { const m = await import("chartjs-chart-wordcloud"); return [m.WordCloudController, m.WordElement]; },
  forceDirectedGraph: async () => {
    const [m, { SettledForceDirectedGraphController }] = await Promise.all([import("chartjs-chart-graph"), import("./settled-force")]);
    return [SettledForceDirectedGraphController, m.EdgeLine];
  },
  graph: async () => { const m = await import("chartjs-chart-graph"); return [m.GraphController, m.EdgeLine]; },
  tree: async () => { const m = await import("chartjs-chart-graph"); return [m.TreeController, m.EdgeLine]; },
  choropleth: async () => {
    const m = await import("chartjs-chart-geo");
    return [m.ChoroplethController, m.BubbleMapController, m.GeoFeature, m.ColorScale, m.SizeScale, m.ProjectionScale];
  },
};
/** Plugins a model asks for through a flag on its first dataset (node names, chord ribbons, slice labels, a colour legend, values on cells and bars, texts placed in data units). */
const DATASET_PLUGINS: Record<string, () => Promise<Registrable[]>> = {
  nodeLabels: async () => [(await import("../../../core/charts/graph-plugins")).nodeLabels],
  chordRibbons: async () => [(await import("../../../core/charts/graph-plugins")).chordRibbons],
  labelTexts: async () => [(await import("../../../core/charts/slice-labels")).sliceLabels],
  colorLegend: async () => [(await import("../../../core/charts/color-legend")).colorLegend],
  valueTexts: async () => [(await import("../../../core/charts/value-labels")).valueLabels],
  textMarks: async () => [(await import("../../../core/charts/text-marks")).textMarks],
};
/** Models that need data loaded where they are drawn: the world map's country shapes (world-atlas). */
type Prepare = (model: ChartJsModel) => ChartJsModel;
const PREPARE: Record<string, () => Promise<Prepare>> = {
  choropleth: async () => {
    const [{ attachWorldFeatures, worldShapes }, atlas] = await Promise.all([import("../../../core/charts/types/world_map/atlas"), import("world-atlas/countries-110m.json")]);
    // converted here, while the code loads, rather than in the chart's turn to draw
    worldShapes(atlas.default as never);
    return (model) => attachWorldFeatures(model, atlas.default as never);
  },
};
const prepared = new Map<string, Prepare>();
/** Model types drawn by a controller of the browser's own: the force graph laid out in idle time, drawn once. */
const DRAWN_AS: Record<string, string> = { forceDirectedGraph: "settledForceDirectedGraph" };
const loadAnnotation = async (): Promise<Registrable[]> => [(await import("chartjs-plugin-annotation")).default];

const loaded = new Map<string, Promise<void>>();
/** plugins registered already: a model needing only these draws in its first render */
const registered = new Set<string>();
function ensure(name: string, load: () => Promise<Registrable[]>): Promise<void> {
  if (!loaded.has(name)) loaded.set(name, load().then((items) => (ChartJS.register(...items), void registered.add(name))));
  return loaded.get(name)!;
}

/** The plugins a model needs: its chart type's, and the annotation plugin when it carries annotations. */
function needed(model: ChartJsModel): [string, () => Promise<Registrable[]>][] {
  const out: [string, () => Promise<Registrable[]>][] = [];
  if (PLUGIN_TYPES[model.type]) out.push([model.type, PLUGIN_TYPES[model.type]]);
  const plugins = model.options.plugins as Record<string, unknown> | undefined;
  if (plugins?.annotation) out.push(["annotation", loadAnnotation]);
  for (const [flag, load] of Object.entries(DATASET_PLUGINS)) if (model.data.datasets[0]?.[flag]) out.push([flag, load]);
  const prepare = PREPARE[model.type];
  if (prepare) out.push([`prepare:${model.type}`, async () => (prepared.set(model.type, await prepare()), [])]);
  return out;
}

/** Loads and registers every plugin `model` needs (a dashboard chart's turn to draw waits for it). */
export function prepareModel(model: ChartJsModel): Promise<void> {
  return Promise.all(needed(model).map(([name, load]) => ensure(name, load))).then(() => undefined);
}

/**
 * The canvas's text alternative (it has role="img"): "Chart" and the names of its first series, so a screen reader
 * says which chart it is on; the numbers are the table view's and drill to detail's to tell.
 */
export function canvasLabel(chart: string, data: { datasets?: { label?: unknown }[] }): string {
  const names = (data.datasets ?? []).map((d) => (typeof d.label === "string" ? d.label.trim() : "")).filter(Boolean);
  const shown = names.slice(0, 5).join(", ");
  return shown ? `${chart}: ${shown}${names.length > 5 ? ", …" : ""}` : chart;
}

/** A right-click: what is under the pointer (nothing when between elements) and where, for a context menu. */
export type ContextPick = (p: ChartPick | null, at: { x: number; y: number }) => void;

/**
 * `width` given (dashboards, whose boxes are measured already: chart-box.ts) draws the chart at `width` × `height`
 * without Chart.js's responsive mode, which measures the container and keeps a ResizeObserver per chart (about
 * 15% of creating a chart); a new size is handed to `chart.resize`. Without it (Explore) the chart fills its box.
 */
export default function ChartJsCanvas({ model, width, height, onPick, onContextPick, onDrawn }: { model: ChartJsModel; width?: number; height: number; onPick?: (p: ChartPick) => void; onContextPick?: ContextPick; onDrawn?: () => void }) {
  const chartRef = useRef<ChartJS>(null);
  const { t } = useTranslation();
  const fixed = width !== undefined;
  // the canvas's size attributes when the chart is made: later sizes go through chart.resize, because React
  // setting the attributes would clear the bitmap behind Chart.js's back
  const [first] = useState({ width, height });
  const wants = needed(model);
  const key = wants.map(([n]) => n).join(",");
  const [state, setState] = useState<{ key: string; error: string | null } | null>(wants.every(([n]) => registered.has(n)) ? { key, error: null } : null);
  useEffect(() => {
    if (state?.key === key) return;
    let live = true;
    Promise.all(wants.map(([name, load]) => ensure(name, load))).then(
      () => live && setState({ key, error: null }),
      (e: unknown) => live && setState({ key, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const ready = state?.key === key;
  // joined once per model, not per render, so Chart.js is not handed new data on every redraw
  const drawn = useMemo(() => {
    const m = ready ? (prepared.get(model.type)?.(model) ?? model) : model;
    return DRAWN_AS[m.type] ? { ...m, type: DRAWN_AS[m.type] } : m;
  }, [model, ready]);
  // a click on an element reports its label and series (dashboards turn it into a cross-filter)
  const options = useMemo(() => {
    const base = fixed ? { ...drawn.options, responsive: false, maintainAspectRatio: false } : drawn.options;
    return onPick ? {
      ...base,
      onClick: (_e: unknown, elements: { index: number; datasetIndex: number }[], chart: ChartJS) => {
        const el = elements[0];
        if (!el) return;
        const dataset = chart.data.datasets[el.datasetIndex] as unknown as Record<string, unknown> & { label?: string; data: unknown[] };
        onPick({ label: chart.data.labels?.[el.index], series: dataset?.label, raw: dataset?.data[el.index], index: el.index, dataset });
      },
    } : base;
  }, [drawn, onPick, fixed]);
  // runs after react-chartjs-2's own effects (a child's), so the chart exists; also when the chart is first made
  // (plugins loaded, or a new type) at the size it was mounted with. A chart at the size already is left be.
  useEffect(() => {
    const chart = chartRef.current;
    if (fixed && chart && (chart.width !== width || chart.height !== height)) chart.resize(width, height);
  }, [fixed, width, height, ready, drawn.type]);
  // react-chartjs-2 builds (or updates) the chart in its own effects, which run before this parent's
  const shown = ready && !state.error ? options : null;
  useEffect(() => {
    if (shown) onDrawn?.();
  }, [shown]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (state?.error) onDrawn?.();
  }, [state?.error]); // eslint-disable-line react-hooks/exhaustive-deps
  if (state?.error) return <Alert color="red" title="The chart could not be drawn">{state.error}</Alert>;
  if (!state || state.key !== key) return <Center h={height}><Loader size="sm" /></Center>;
  return (
    <div style={{ position: "relative", height }} data-testid="chartjs-chart" onContextMenu={onContextPick && ((e) => {
      const chart = chartRef.current;
      if (!chart) return;
      e.preventDefault();
      const el = chart.getElementsAtEventForMode(e.nativeEvent, "nearest", { intersect: true }, false)[0];
      onContextPick(el ? { label: chart.data.labels?.[el.index], series: chart.data.datasets[el.datasetIndex]?.label } : null, { x: e.clientX, y: e.clientY });
    })}>
      <Chart ref={chartRef as never} type={drawn.type as ChartJsType} data={drawn.data as never} options={options as never} aria-label={canvasLabel(t("Chart"), drawn.data)} {...(fixed ? first : {})} />
    </div>
  );
}
