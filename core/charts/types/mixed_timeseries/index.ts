import type { ChartType } from "../../contract";
import { buildQuery } from "./build-query";
import { controlPanel } from "./control-panel";
import { transformProps } from "./transform-props";
import { crossFilter } from "./cross-filter";

export const mixedTimeseries: ChartType = {
  metadata: {
    name: "Mixed Chart",
    category: "Evolution",
    description: "Visualize two different series using the same x-axis. Note that both series can be visualized with a different chart type (e.g. 1 using bars and 1 using a line).",
    tags: ["Advanced-Analytics", "ECharts", "Line", "Multi-Variables", "Time", "Transformable", "Featured"],
  },
  controlPanel,
  buildQuery,
  transformProps,
  crossFilter,
};
