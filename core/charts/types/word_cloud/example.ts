import type { ChartExample } from "../../contract";
import { noTimeFilter, where } from "../../example-filters";

export const example: ChartExample = {
  name: "Popular girls' names",
  dataset: "birth_names",
  params: {
    series: "name", metric: "sum__num", adhoc_filters: [noTimeFilter("ds"), where("gender", "==", "girl")],
    row_limit: 60, sort_by_metric: true, size_from: 10, size_to: 70, rotation: "square", color_scheme: "supersetColors",
  },
};
