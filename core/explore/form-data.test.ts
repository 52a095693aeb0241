import { expect, test } from "vitest";
import { defaultTimeColumn, formDataForViz } from "./form-data";

const births = { id: 3, main_dttm_col: "ds", columns: [{ column_name: "name" }, { column_name: "ds", is_dttm: true }, { column_name: "gender" }] };

test("a bar chart on a bare dataset starts on its time column with the panel's defaults", () => {
  const fd = formDataForViz({ datasource: "3__table", viz_type: "table" }, "echarts_timeseries_bar", births);
  expect(fd).toMatchObject({ viz_type: "echarts_timeseries_bar", datasource: "3__table", x_axis: "ds", time_grain_sqla: "P1D", row_limit: 10000, groupby: [] });
});

test("metrics and metric stand in for each other; values the new type lacks are kept for the way back", () => {
  const bar = { viz_type: "echarts_timeseries_bar", datasource: "3__table", x_axis: "ds", metrics: ["count"], groupby: ["gender"], stack: "Stack" };
  const pie = formDataForViz(bar, "pie", births);
  expect(pie).toMatchObject({ viz_type: "pie", metric: "count", groupby: ["gender"], stack: "Stack" });
  const back = formDataForViz({ ...pie, metrics: [] }, "echarts_timeseries_bar", births);
  expect(back.metrics).toEqual(["count"]);
  expect(() => formDataForViz(bar, "no_such_chart", births)).toThrow("Unknown visualization type: no_such_chart");
});

test("the default time column: the main one when it exists, else the first temporal one, else none", () => {
  expect(defaultTimeColumn(births)).toBe("ds");
  expect(defaultTimeColumn({ ...births, main_dttm_col: "gone" })).toBe("ds");
  expect(defaultTimeColumn({ id: 1, columns: [{ column_name: "a" }] })).toBeNull();
});

test("a table opened with named columns and no query mode (SQL Lab's Save dataset) is in raw mode", () => {
  expect(formDataForViz({ viz_type: "table", all_columns: ["name", "ds"] }, "table", births).query_mode).toBe("raw");
  expect(formDataForViz({ viz_type: "table", all_columns: [] }, "table", births).query_mode).toBe("aggregate");
  expect(formDataForViz({ viz_type: "table", all_columns: ["name"], query_mode: "aggregate" }, "table", births).query_mode).toBe("aggregate");
});
