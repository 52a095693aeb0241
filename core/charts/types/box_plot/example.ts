import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

export const example: ChartExample = {
  name: "Arrival delays of the airlines across airports",
  dataset: "flights",
  params: {
    columns: ["origin"], groupby: ["airline_name"], metrics: ["avg__arrival_delay"], adhoc_filters: [noTimeFilter("scheduled_departure")], row_limit: 10000,
    whiskerOptions: "Tukey", number_format: ",.1f", x_axis_title: "Airline", y_axis_title: "Average arrival delay (minutes)", color_scheme: "supersetColors",
  },
};
