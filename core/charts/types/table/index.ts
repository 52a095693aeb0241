import type { ChartType } from "../../contract";
import { crossFilter } from "./cross-filter";
import { buildQuery } from "./build-query";
import { controlPanel } from "./control-panel";
import { transformProps } from "./transform-props";

export const table: ChartType = {
  crossFilter,
  metadata: {
    name: "Table",
    category: "Table",
    description:
      "Classic row-by-column spreadsheet like view of a dataset. Use tables to showcase a view into the underlying data or to show aggregated metrics.",
    tags: ["Additive", "Business", "Pattern", "Popular", "Report", "Sequential", "Tabular", "Featured"],
  },
  controlPanel,
  buildQuery,
  transformProps,
};
