import type { ChartExample } from "../../contract";
import { noTimeFilter } from "../../example-filters";

// The ten most common names as a list, each with its births formatted and its gender as a badge.
export const example: ChartExample = {
  name: "Top names (handlebars)",
  dataset: "birth_names",
  params: {
    query_mode: "aggregate", groupby: ["name", "gender"], metrics: ["sum__num"], adhoc_filters: [noTimeFilter("ds")], row_limit: 10, order_desc: true,
    handlebarsTemplate: `<ol class="names">
  {{#each data}}
    <li><b>{{name}}</b> {{formatNumber sum__num}} births{{#if (eq gender "girl")}} <span class="girl">girl</span>{{/if}}</li>
  {{/each}}
</ol>`,
    styleTemplate: `.names li { padding: 2px 0; }
.girl { color: #a0357b; }`,
  },
};
