import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData } from "../../contract";
import { crossFilter } from "./cross-filter";
import * as c from "../../controls/shared";
import { BASE_OPTIONS } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { sequentialColor } from "../../colors/schemes";
import { emptyModel, num, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { rgbaText } from "../big_number";
import { buildQueryContext } from "../../query/build-query-context";
import { getColumnLabel, getMetricLabel } from "../../query/labels";
import { COUNTRY_FIELD_TYPES, countryName, isoNumeric } from "./countries";
import { DEFAULT_BUBBLE_COLOR } from "./bubble-color";

// Superset's world_map: a metric per country coloured on a world choropleth, with optional bubbles sized by a
// secondary metric. Drawn with chartjs-chart-geo's `choropleth` (and a `bubbleMap` dataset for the bubbles).
// Countries are named here by ISO numeric code; the shapes (world-atlas, ~100 KB) are joined in by
// attachWorldFeatures only where the map is drawn, so the chart types' code stays small.

export const MISSING_COLOR = "#f0f0f0";
const byMetric = (fd: FormData) => fd.color_by !== "country";

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        { name: "entity", type: "ColumnControl", label: "Country Column", validators: [{ kind: "nonEmpty" }], description: "3 letter code of the country" },
        { name: "country_fieldtype", type: "SelectControl", label: "Country Field Type", default: "cca2", choices: COUNTRY_FIELD_TYPES, description: "The country code standard that Superset should expect to find in the [country] column" },
        c.metric({ description: "Metric that defines the size of the bubble" }),
        c.adhocFilters(), c.rowLimit(), c.sortByMetric(),
      ],
    },
    {
      label: "Options",
      expanded: true,
      controls: [
        c.checkbox("show_bubbles", "Show Bubbles", false, "Whether to display bubbles on top of countries"),
        { name: "secondary_metric", type: "MetricControl", label: "Bubble Size", description: "Metric that defines the size of the bubble", visibility: (fd) => Boolean(fd.show_bubbles) },
        {
          name: "max_bubble_size", type: "SelectControl", label: "Max Bubble Size", freeForm: true, default: "25", renderTrigger: true, visibility: (fd) => Boolean(fd.show_bubbles),
          choices: ["5", "10", "15", "25", "50", "75", "100"].map((v) => [v, v]),
        },
        { name: "color_picker", type: "ColorPickerControl", label: "Bubble Color", default: DEFAULT_BUBBLE_COLOR, renderTrigger: true, visibility: (fd) => Boolean(fd.show_bubbles), description: "Fixed color" },
        { name: "color_by", type: "SelectControl", label: "Color by", default: "metric", renderTrigger: true, choices: [["metric", "Metric"], ["country", "Country"]], description: "Choose whether a country should be shaded by the metric, or assigned a color based on a categorical color palette" },
        { ...c.linearColorScheme(), visibility: byMetric },
        { ...c.colorScheme(), visibility: (fd) => !byMetric(fd) },
        c.numberFormat("y_axis_format", "Number format"),
      ],
    },
  ],
};

function buildQuery(formData: FormData) {
  const orderby: [unknown, boolean][] | undefined = formData.sort_by_metric && formData.metric ? [[formData.metric, false]] : undefined;
  return buildQueryContext(formData, (base) => [{ ...base, columns: formData.entity ? [formData.entity] : [], ...(orderby ? { orderby } : {}) }]);
}

/** `entity`: the country column's own value (what a click cross-filters by) */
export interface CountryValue { id: string; name: string; entity: unknown; m1: number | null; m2: number | null }

/** Superset's WorldMapViz.get_data: rows keyed by ISO code, unknown countries dropped, m2 = m1 without a secondary metric. */
export function countryValues(rows: Record<string, unknown>[], entity: string, fieldType: unknown, metric: string, secondary?: string): CountryValue[] {
  return rows.flatMap((r) => {
    const id = isoNumeric(r[entity], fieldType);
    if (!id) return [];
    const m1 = num(r[metric]);
    return [{ id, name: countryName(id) ?? String(r[entity]), entity: r[entity], m1, m2: secondary ? num(r[secondary]) : m1 }];
  });
}

const extent = (values: number[]) => [Math.min(...values), Math.max(...values)];

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData } = input;
  const metric = getMetricLabel(formData.metric);
  const secondary = formData.secondary_metric ? getMetricLabel(formData.secondary_metric) : undefined;
  const values = countryValues(rows, getColumnLabel(formData.entity), formData.country_fieldtype ?? "cca2", metric, secondary);
  const [lo, hi] = extent(values.flatMap((v) => (v.m1 === null ? [] : [v.m1])));
  const ramp = sequentialColor(formData.linear_color_scheme);
  const categorical = colorFnFromFormData(formData);
  const colorOf = (v: CountryValue) => (!byMetric(formData) ? categorical(v.name) : v.m1 === null ? MISSING_COLOR : ramp(hi > lo ? (v.m1 - lo) / (hi - lo) : 1));
  const text = getNumberFormatter(formData.y_axis_format as string | undefined);
  type Raw = { raw?: { name?: string; value?: number | null; color?: string; radius?: number } };
  const tooltip = (ctx: Raw) => (ctx.raw?.value === null || ctx.raw?.value === undefined ? String(ctx.raw?.name ?? "") : `${ctx.raw.name}: ${text(ctx.raw.value)}`);
  const datasets: Record<string, unknown>[] = [{
    label: metric,
    worldCountries: true,
    // Chart.js paints higher `order` first: the countries beneath, the bubbles on top
    order: 1,
    data: values.map((v) => ({ id: v.id, name: v.name, entity: v.entity, value: v.m1, color: colorOf(v) })),
    backgroundColor: (ctx: Raw) => ctx.raw?.color ?? MISSING_COLOR,
    borderColor: "#ffffff",
    borderWidth: 0.5,
  }];
  if (formData.show_bubbles) {
    // Superset: radius linear in √m2 over the data's range, from 1 to max_bubble_size pixels
    const sizes = values.flatMap((v) => (v.m2 === null || v.m2 < 0 ? [] : [Math.sqrt(v.m2)]));
    const [rlo, rhi] = extent(sizes);
    const maxSize = num(formData.max_bubble_size) ?? 25;
    const radius = (m2: number) => (rhi > rlo ? 1 + ((Math.sqrt(m2) - rlo) / (rhi - rlo)) * (maxSize - 1) : maxSize);
    const fill = rgbaText(formData.color_picker ?? DEFAULT_BUBBLE_COLOR);
    datasets.push({
      type: "bubbleMap",
      label: secondary ?? metric,
      worldCountries: true,
      order: 0,
      data: values.flatMap((v) => (v.m2 === null || v.m2 < 0 ? [] : [{ id: v.id, name: v.name, entity: v.entity, value: v.m2, radius: radius(v.m2) }])),
      radius: (ctx: Raw) => ctx.raw?.radius ?? 0,
      backgroundColor: fill,
      borderColor: "#ffffff",
      borderWidth: 1,
    });
  }
  return {
    kind: "chartjs",
    type: "choropleth",
    data: { labels: [], datasets },
    options: {
      ...BASE_OPTIONS,
      showOutline: false,
      scales: {
        projection: { axis: "x", projection: "equalEarth" },
        color: { axis: "x", display: false },
        ...(formData.show_bubbles ? { size: { axis: "x", display: false } } : {}),
      },
      plugins: { legend: { display: false }, tooltip: { callbacks: { title: () => "", label: tooltip } } },
    },
  };
}

export const worldMap: ChartType = {
  crossFilter,
  metadata: {
    name: "World Map",
    category: "Map",
    description: "A map of the world, that can indicate values in different countries.",
    tags: ["2D", "Comparison", "Intensity", "Legacy", "Multi-Dimensions", "Multi-Layers", "Multi-Variables", "Scatter", "Featured"],
  },
  controlPanel,
  buildQuery,
  transformProps,
};
