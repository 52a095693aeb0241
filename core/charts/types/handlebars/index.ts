import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData, QueryContextBody } from "../../contract";
import * as c from "../../controls/shared";
import { emptyModel, rowsOf } from "../../data";
import { buildQueryContext } from "../../query/build-query-context";
import { ensureArray } from "../../query/labels";
import { queryMode } from "../table/control-panel";

// Superset's Handlebars chart: the query's rows handed to a user's Handlebars template as `{ data: rows }`, with
// the user's CSS. The model carries the template and rows; the browser parses and evaluates it (./render.ts,
// loaded only when such a chart is drawn) and sanitises the HTML it gives.

export const DEFAULT_TEMPLATE = `<ul class="data-list">
  {{#each data}}
    <li>{{stringify this}}</li>
  {{/each}}
</ul>`;
export const DEFAULT_STYLE = `.data-list {
  background-color: yellow;
}`;

const isAggregate = (fd: FormData) => queryMode(fd) === "aggregate";
const isRaw = (fd: FormData) => queryMode(fd) === "raw";

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        { name: "query_mode", type: "SelectControl", label: "Query mode", default: "aggregate", choices: [["aggregate", "Aggregate"], ["raw", "Raw records"]] },
        c.groupby({ visibility: isAggregate }),
        c.metrics({ visibility: isAggregate, validators: [] }),
        { name: "all_columns", type: "GroupByControl", label: "Columns", multi: true, default: [], visibility: isRaw, validators: [{ kind: "nonEmpty" }] },
        { ...c.seriesLimitMetric(), visibility: isAggregate },
        { ...c.orderDesc(), visibility: isAggregate },
        c.adhocFilters(),
        c.rowLimit(),
      ],
    },
    {
      label: "Options",
      expanded: true,
      controls: [
        { name: "handlebarsTemplate", type: "TextAreaControl", label: "Template", default: DEFAULT_TEMPLATE, renderTrigger: true, description: "A Handlebars template; the rows are `data`." },
        { name: "styleTemplate", type: "TextAreaControl", label: "CSS Styles", default: DEFAULT_STYLE, renderTrigger: true, description: "CSS applied to the chart, scoped to it." },
      ],
    },
  ],
};

/** Superset's handlebars buildQuery: aggregate mode orders by the sort metric (else the first metric). */
function buildQuery(formData: FormData): QueryContextBody {
  const mode = queryMode(formData);
  const fd = mode === "raw" ? { ...formData, groupby: [], metrics: [] } : { ...formData, all_columns: [] };
  return buildQueryContext(fd, (base) => {
    if (mode === "raw") return [base];
    const sortBy = ensureArray(formData.timeseries_limit_metric)[0] ?? base.metrics?.[0];
    return [{ ...base, orderby: sortBy ? [[sortBy, !(formData.order_desc ?? true)]] : [] }];
  });
}

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData } = input;
  return {
    kind: "handlebars",
    template: typeof formData.handlebarsTemplate === "string" ? formData.handlebarsTemplate : DEFAULT_TEMPLATE,
    style: typeof formData.styleTemplate === "string" ? formData.styleTemplate : "",
    data: rows,
  };
}

export const handlebars: ChartType = {
  metadata: {
    name: "Handlebars",
    category: "Table",
    description: "Write a handlebars template to render the data",
    tags: ["Formattable", "Tabular", "Text"],
  },
  controlPanel,
  buildQuery,
  transformProps,
};
