import { CHART_TYPES } from "../../../core/charts/registry";

// Chart types whose models name a Chart.js plugin chart type (matrix, treemap, boxplot, sankey, funnel): the
// renderer cannot draw them until those plugins are added, so Explore does not offer them yet.
const NEEDS_PLUGIN = new Set(["heatmap_v2", "treemap_v2", "box_plot", "sankey_v2", "funnel"]);

export const canDraw = (vizType: string) => Object.hasOwn(CHART_TYPES, vizType) && !NEEDS_PLUGIN.has(vizType);

/** The viz types Explore's picker offers. */
export const DRAWABLE_VIZ_TYPES = Object.keys(CHART_TYPES).filter(canDraw);
