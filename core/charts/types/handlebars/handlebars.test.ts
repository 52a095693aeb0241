import { expect, test } from "vitest";
import { example } from "./example";
import { getChartType } from "../../registry";
import { DEFAULT_TEMPLATE, handlebars } from ".";
import { renderTemplate } from "./render";

const fd = { datasource: "3__table", viz_type: "handlebars", adhoc_filters: [], row_limit: 100 };

test("handlebars: registered under Superset's viz_type", () => {
  expect(getChartType("handlebars")).toBe(handlebars);
});

test("handlebars: aggregate mode groups and orders by the sort metric, else the first metric", () => {
  const [q] = handlebars.buildQuery({ ...fd, query_mode: "aggregate", groupby: ["name"], metrics: ["sum__num", "count"], all_columns: ["ds"], order_desc: true }).queries;
  expect(q.columns).toEqual(["name"]);
  expect(q.metrics).toEqual(["sum__num", "count"]);
  expect(q.orderby).toEqual([["sum__num", false]]);
  expect(q.row_limit).toBe(100);
  const [asc] = handlebars.buildQuery({ ...fd, groupby: ["name"], metrics: ["sum__num"], timeseries_limit_metric: "count", order_desc: false }).queries;
  expect(asc.orderby).toEqual([["count", true]]);
});

test("handlebars: raw mode asks for the columns as they are, without metrics", () => {
  const [q] = handlebars.buildQuery({ ...fd, query_mode: "raw", all_columns: ["name", "ds"], groupby: ["state"], metrics: ["sum__num"] }).queries;
  expect(q.columns).toEqual(["name", "ds"]);
  expect(q.metrics ?? []).toEqual([]);
});

test("handlebars: the model carries the template, the CSS and the rows; the default template lists the rows", () => {
  const rows = [{ name: "Ann", sum__num: 3 }];
  const model = handlebars.transformProps({ formData: { ...fd, styleTemplate: ".x{}" }, queriesData: [{ data: rows }], width: 400, height: 300 });
  expect(model).toEqual({ kind: "handlebars", template: DEFAULT_TEMPLATE, style: ".x{}", data: rows });
  const out = renderTemplate(DEFAULT_TEMPLATE, rows).html?.replace(/\s+/g, " ");
  expect(out).toBe('<ul class="data-list"> <li>{&quot;name&quot;:&quot;Ann&quot;,&quot;sum__num&quot;:3}</li> </ul>');
  expect(handlebars.transformProps({ formData: fd, queriesData: [{ data: [] }], width: 400, height: 300 }).kind).toBe("empty");
});

test("handlebars: the example's template renders over rows like its query's", () => {
  const params = example.params;
  const out = renderTemplate(String(params.handlebarsTemplate), [{ name: "Ann", gender: "girl", sum__num: 12345 }, { name: "Bo", gender: "boy", sum__num: 7 }]);
  expect(out.html?.replace(/\s+/g, " ").trim()).toBe('<ol class="names"> <li><b>Ann</b> 12,345 births <span class="girl">girl</span></li> <li><b>Bo</b> 7 births</li> </ol>');
});
