import type { ControlPanel, FormData } from "../../contract";
import * as c from "../../controls/shared";
import { SMART_DATE, TIME_FORMAT_CHOICES } from "../../format/time";

// Superset's table panel: aggregate mode (dimensions + metrics) or raw mode (columns as they are).

/** Superset's getQueryMode: an explicit query_mode, else raw when raw columns are chosen. */
export function queryMode(formData: FormData): "aggregate" | "raw" {
  if (formData.query_mode === "raw" || formData.query_mode === "aggregate") return formData.query_mode;
  return Array.isArray(formData.all_columns) && formData.all_columns.length ? "raw" : "aggregate";
}
const isAggregate = (fd: FormData) => queryMode(fd) === "aggregate";
const isRaw = (fd: FormData) => queryMode(fd) === "raw";

export const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        { name: "query_mode", type: "SelectControl", label: "Query mode", default: "aggregate", choices: [["aggregate", "Aggregate"], ["raw", "Raw records"]] },
        c.groupby({ visibility: isAggregate }),
        c.timeGrain(),
        // a table needs metrics or dimensions in aggregate mode; metrics alone are not required
        c.metrics({ visibility: isAggregate, validators: [] }),
        { name: "all_columns", type: "GroupByControl", label: "Columns", multi: true, default: [], visibility: isRaw, validators: [{ kind: "nonEmpty" }] },
        { name: "percent_metrics", type: "MetricsControl", label: "Percentage metrics", multi: true, default: [], visibility: isAggregate },
        c.adhocFilters(),
        { name: "order_by_cols", type: "SelectControl", label: "Ordering", multi: true, default: [], visibility: isRaw },
        { name: "server_pagination", type: "CheckboxControl", label: "Server pagination", default: false },
        c.rowLimit({ default: 1000 }),
        { ...c.seriesLimitMetric(), visibility: isAggregate },
        { ...c.orderDesc(), visibility: isAggregate },
        { name: "show_totals", type: "CheckboxControl", label: "Show summary", default: false, visibility: isAggregate },
      ],
    },
    {
      label: "Options",
      expanded: true,
      controls: [
        {
          name: "table_timestamp_format", type: "SelectControl", label: "Timestamp format", freeForm: true, default: SMART_DATE, renderTrigger: true,
          choices: TIME_FORMAT_CHOICES,
        },
        {
          name: "server_page_length", type: "SelectControl", label: "Server Page Length", freeForm: true, default: 10, renderTrigger: false,
          choices: [[10, "10"], [20, "20"], [50, "50"], [100, "100"], [200, "200"]], visibility: (fd) => fd.server_pagination === true,
        },
        {
          name: "page_length", type: "SelectControl", label: "Page length", freeForm: true, default: 0, renderTrigger: true,
          choices: [[0, "All"], [10, "10"], [20, "20"], [50, "50"], [100, "100"], [200, "200"]], validators: [{ kind: "integer" }],
        },
        c.checkbox("include_search", "Search box", false),
        c.checkbox("show_cell_bars", "Cell bars", true, "Whether to display a bar chart background in table columns"),
        c.checkbox("align_pn", "Align +/-", false),
        c.checkbox("color_pn", "Color +/-", true, "Whether to colorize numeric values by whether they are positive or negative"),
        c.checkbox("allow_rearrange_columns", "Allow columns to be rearranged", false),
        { name: "conditional_formatting", type: "ConditionalFormattingControl", label: "Conditional formatting", default: [], renderTrigger: true, description: "Apply conditional color formatting to numeric columns" },
      ],
    },
  ],
};
