import type { ChartExample } from "../../contract";
import { DEFAULT_BUBBLE_COLOR } from "./bubble-color";

// The example chart made at first start (server side only: it is not part of the browser's chart registry).

export const example: ChartExample = {
  name: "Sales by country",
  dataset: "cleaned_sales_data",
  params: {
    entity: "country", country_fieldtype: "name", metric: "sum__sales", secondary_metric: "count", adhoc_filters: [], row_limit: 10000, sort_by_metric: true,
    show_bubbles: true, max_bubble_size: "25", color_picker: DEFAULT_BUBBLE_COLOR, color_by: "metric", linear_color_scheme: "superset_seq_1", y_axis_format: "SMART_NUMBER",
  },
};
