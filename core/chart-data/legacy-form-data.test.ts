import { expect, test } from "vitest";
import { legacyDatasourceId, legacyQueryObject } from "./legacy-form-data";
import { parseQueryContext } from "./query-context";

test("legacy form_data becomes one query object, as superset-ui's buildQueryObject builds it", () => {
  const q = legacyQueryObject({
    datasource: "3__table", viz_type: "word_cloud", groupby: ["name"], metric: "count", metrics: ["count", { label: "s", expressionType: "SQL", sqlExpression: "SUM(num)" }],
    adhoc_filters: [
      { clause: "WHERE", expressionType: "SIMPLE", subject: "gender", operator: "==", comparator: "girl" },
      { clause: "WHERE", expressionType: "SQL", sqlExpression: "num > 10" },
      { clause: "HAVING", expressionType: "SQL", sqlExpression: "SUM(num) > 100" },
    ],
    granularity_sqla: "ds", time_range: "Last year", time_grain_sqla: "P1Y", row_limit: "50", limit: 5, timeseries_limit_metric: "count",
    order_by_cols: ['["name", true]', "not json"], url_params: { region: "east" },
  });
  expect(q).toEqual({
    columns: ["name"], metrics: ["count", { label: "s", expressionType: "SQL", sqlExpression: "SUM(num)" }],
    filters: [{ col: "gender", op: "==", val: "girl" }],
    extras: { time_grain_sqla: "P1Y", where: "(num > 10)", having: "(SUM(num) > 100)" },
    orderby: [["name", true]], granularity: "ds", time_range: "Last year", is_timeseries: false, row_limit: 50, order_desc: true,
    series_columns: ["name"], series_limit: 5, series_limit_metric: "count", url_params: { region: "east" },
  });
  // and it is a valid query object
  expect(parseQueryContext({ datasource: { id: 3 }, queries: [q] }).queries[0]).toMatchObject({ columns: ["name"], row_limit: 50 });
  expect(legacyDatasourceId({ datasource: "3__table" })).toBe(3);
});

test("raw mode reads all_columns and no metrics; bad datasources are named", () => {
  expect(legacyQueryObject({ query_mode: "raw", all_columns: ["a", "b"], metrics: ["count"] })).toMatchObject({ columns: ["a", "b"], metrics: [] });
  expect(() => legacyDatasourceId({})).toThrow(/datasource such as "12__table"/);
  expect(() => legacyDatasourceId({ datasource: "3__druid" })).toThrow(/druid is not supported/);
});

test("a dashboard's data mask is merged into legacy form data as Superset's merge_extra_form_data merges it", () => {
  const saved = {
    datasource: "3__table", viz_type: "word_cloud", groupby: ["name"], metric: "count", granularity_sqla: "ds", time_grain_sqla: "P1D",
    adhoc_filters: [{ clause: "WHERE", expressionType: "SIMPLE", subject: "ds", operator: "TEMPORAL_RANGE", comparator: "No filter" }],
  };
  expect(legacyQueryObject(saved)).toMatchObject({ granularity: "ds", filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "No filter" }], extras: { time_grain_sqla: "P1D" } });
  const q = legacyQueryObject({
    ...saved,
    extra_form_data: {
      time_range: "1990-01-01 : 2000-01-01", granularity_sqla: "registered", time_grain_sqla: "P1Y", relative_start: "now",
      filters: [{ col: "gender", op: "IN", val: ["girl"] }], adhoc_filters: [{ clause: "WHERE", expressionType: "SQL", sqlExpression: "num > 1" }],
    },
  });
  expect(q).toMatchObject({
    granularity: "registered", time_range: "1990-01-01 : 2000-01-01", extras: { time_grain_sqla: "P1Y", relative_start: "now", where: "(num > 1)" },
    filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "No filter" }, { col: "gender", op: "IN", val: ["girl"] }],
  });
  // without a time column of its own, the mask's range replaces the chart's TEMPORAL_RANGE filters
  const { granularity_sqla: _none, ...noColumn } = saved;
  expect(legacyQueryObject({ ...noColumn, extra_form_data: { time_range: "Last year" } }).filters).toEqual([{ col: "ds", op: "TEMPORAL_RANGE", val: "Last year" }]);
});
