import { expect, test } from "vitest";
import { chartData, custom, ENGINES, monthOf, simple, sqlLab, yearOf, exampleSuite, num } from "../support/example-engines";

// The chart-data contract through HTTP with request bodies built by Superset's own chart plugins
// (@superset-ui 0.20.x buildQuery), POSTed by SupersetClient, over the product's example tables on D1, ClickHouse,
// PostgreSQL and MariaDB. Every expected figure comes from SQL written here and run through SQL Lab on the
// same engine (or from arithmetic on those rows), never from the chart-data engine itself.
// Table, timeseries (series limit, time comparison, cumulative + row contribution), pie and big numbers;
// chart-data-superset-ui-more.test.ts has pivot table, mixed timeseries, box plot and histogram.

const suite = exampleSuite();
const YEAR_MS = (y: number, m = 1) => Date.UTC(y, m - 1, 1);

for (const engine of ENGINES) {
  test(`${engine}: table, aggregate — saved and SQL metrics, five filter kinds, WHERE/HAVING, order, row limit, percent metric`, async () => {
    const { admin, client } = suite;
    const { datasets, tables, databaseId } = suite.engines[engine];
    const result = await chartData(client, datasets.birth_names, {
      viz_type: "table", query_mode: "aggregate", groupby: ["state"],
      metrics: ["sum__num", { expressionType: "SQL", sqlExpression: "SUM(num_boys) - SUM(num_girls)", label: "boys_minus_girls" }],
      percent_metrics: ["sum__num"], timeseries_limit_metric: "sum__num", order_desc: true, row_limit: 5,
      adhoc_filters: [
        simple("name", "IN", ["Michael", "Jennifer", "Jessica"]), simple("num", ">=", 10), simple("ds", "TEMPORAL_RANGE", "1990-01-01 : 2000-01-01"),
        custom("WHERE", "state <> 'other'"), custom("HAVING", "SUM(num) > 5000"),
      ],
    });
    const expected = await sqlLab(admin, databaseId, `SELECT state, SUM(num) AS s, SUM(num_boys) - SUM(num_girls) AS d FROM ${tables.birth_names}
      WHERE name IN ('Michael', 'Jennifer', 'Jessica') AND num >= 10 AND ds >= '1990-01-01' AND ds < '2000-01-01' AND state <> 'other'
      GROUP BY state HAVING SUM(num) > 5000 ORDER BY s DESC LIMIT 5`);
    expect(expected).toHaveLength(5);
    const shown = expected.reduce((n, r) => n + Number(r.s), 0);
    const r = result[0];
    expect(r.colnames).toEqual(["state", "sum__num", "boys_minus_girls", "%sum__num"]);
    expect(r.data.map((row) => [row.state, num(row.sum__num), num(row.boys_minus_girls)])).toEqual(expected.map((e) => [e.state, num(e.s), num(e.d)]));
    r.data.forEach((row, i) => expect(row["%sum__num"]).toBeCloseTo(Number(expected[i].s) / shown, 12));
    expect(r.applied_filters.map((f) => f.column).sort()).toEqual(["ds", "name", "num"]);
  });

  test(`${engine}: table, raw records — equality, LIKE, NOT IN and a time range, ordered by three columns`, async () => {
    const { admin, client } = suite;
    const { datasets, tables, databaseId } = suite.engines[engine];
    const [r] = await chartData(client, datasets.birth_names, {
      viz_type: "table", query_mode: "raw", all_columns: ["name", "state", "num"], row_limit: 7,
      order_by_cols: ['["num", false]', '["state", true]', '["name", true]'],
      adhoc_filters: [simple("gender", "==", "girl"), simple("name", "LIKE", "Jen%"), simple("state", "NOT IN", ["other"]), simple("ds", "TEMPORAL_RANGE", "2000-01-01 : 2001-01-01")],
    });
    const expected = await sqlLab(admin, databaseId, `SELECT name, state, num FROM ${tables.birth_names}
      WHERE gender = 'girl' AND name LIKE 'Jen%' AND state NOT IN ('other') AND ds >= '2000-01-01' AND ds < '2001-01-01'
      ORDER BY num DESC, state ASC, name ASC LIMIT 7`);
    expect(expected).toHaveLength(7);
    expect(r.colnames).toEqual(["name", "state", "num"]);
    expect(r.data.map((row) => [row.name, row.state, num(row.num)])).toEqual(expected.map((e) => [e.name, e.state, num(e.num)]));
  });

  test(`${engine}: line chart — yearly x-axis grain, series by name limited to the top 3 by a metric`, async () => {
    const { admin, client } = suite;
    const { datasets, tables, databaseId } = suite.engines[engine];
    const [r] = await chartData(client, datasets.birth_names, {
      viz_type: "echarts_timeseries_line", x_axis: "ds", time_grain_sqla: "P1Y", metrics: ["sum__num"], groupby: ["name"],
      limit: 3, timeseries_limit_metric: "sum__num", order_desc: true, row_limit: 10_000, comparison_type: "values",
      adhoc_filters: [simple("state", "IN", ["CA", "TX"]), simple("ds", "TEMPORAL_RANGE", "1995-01-01 : 2000-01-01")],
    });
    const where = `state IN ('CA', 'TX') AND ds >= '1995-01-01' AND ds < '2000-01-01'`;
    const top = (await sqlLab(admin, databaseId, `SELECT name FROM ${tables.birth_names} WHERE ${where} GROUP BY name ORDER BY SUM(num) DESC LIMIT 3`)).map((e) => e.name as string);
    const cells = await sqlLab(admin, databaseId, `SELECT ${yearOf(engine, "ds")} AS y, name, SUM(num) AS s FROM ${tables.birth_names}
      WHERE ${where} AND name IN (${top.map((n) => `'${n}'`).join(", ")}) GROUP BY ${yearOf(engine, "ds")}, name`);
    // 0.20's buildQuery pivots and flattens without renaming: each series is "<metric>, <value>"
    expect(r.colnames).toEqual(["ds", ...[...top].sort().map((n) => `sum__num, ${n}`)]);
    const expected = [1995, 1996, 1997, 1998, 1999].map((y) => ({
      ds: YEAR_MS(y), ...Object.fromEntries(top.map((n) => [`sum__num, ${n}`, num(cells.find((c) => Number(c.y) === y && c.name === n)?.s)])),
    }));
    expect(r.data.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, k === "ds" ? v : num(v)])))).toEqual(expected);
  });

  test(`${engine}: line chart — series by gender, each compared with itself one year back as a difference`, async () => {
    const { admin, client } = suite;
    const { datasets, tables, databaseId } = suite.engines[engine];
    const [r] = await chartData(client, datasets.birth_names, {
      viz_type: "echarts_timeseries_line", x_axis: "ds", time_grain_sqla: "P1Y", metrics: ["sum__num"], groupby: ["gender"], row_limit: 10_000,
      time_compare: ["1 year ago"], comparison_type: "difference",
      adhoc_filters: [simple("state", "==", "NY"), simple("ds", "TEMPORAL_RANGE", "1995-01-01 : 2000-01-01")],
    });
    const yearly = await sqlLab(admin, databaseId, `SELECT ${yearOf(engine, "ds")} AS y, gender, SUM(num) AS s FROM ${tables.birth_names}
      WHERE state = 'NY' AND ds >= '1994-01-01' AND ds < '2000-01-01' GROUP BY ${yearOf(engine, "ds")}, gender`);
    const births = (y: number, g: string) => Number(yearly.find((e) => Number(e.y) === y && e.gender === g)!.s);
    const column = (g: string) => `difference__sum__num__sum__num__1 year ago, ${g}`;
    expect(r.colnames).toEqual(["ds", column("boy"), column("girl")]);
    expect(r.data.map((row) => [row.ds, num(row[column("boy")]), num(row[column("girl")])])).toEqual(
      [1995, 1996, 1997, 1998, 1999].map((y) => [YEAR_MS(y), births(y, "boy") - births(y - 1, "boy"), births(y, "girl") - births(y - 1, "girl")]));
  });

  test(`${engine}: bar chart — quarterly grain, top 3 product lines, cumulative sum, then each quarter's shares`, async () => {
    const { admin, client } = suite;
    const { datasets, tables, databaseId } = suite.engines[engine];
    const [r] = await chartData(client, datasets.cleaned_sales_data, {
      viz_type: "echarts_timeseries_bar", x_axis: "order_date", time_grain_sqla: "P3M", metrics: ["sum__sales"], groupby: ["product_line"],
      limit: 3, timeseries_limit_metric: "sum__sales", order_desc: true, rolling_type: "cumsum", contributionMode: "row", row_limit: 10_000,
      adhoc_filters: [simple("order_date", "TEMPORAL_RANGE", "No filter"), simple("deal_size", "!=", "Small")],
    });
    const t = tables.cleaned_sales_data;
    const top = (await sqlLab(admin, databaseId, `SELECT product_line FROM ${t} WHERE deal_size <> 'Small' GROUP BY product_line ORDER BY SUM(sales) DESC LIMIT 3`)).map((e) => e.product_line as string);
    const monthly = await sqlLab(admin, databaseId, `SELECT ${yearOf(engine, "order_date")} AS y, ${monthOf(engine, "order_date")} AS m, product_line, SUM(sales) AS s
      FROM ${t} WHERE deal_size <> 'Small' GROUP BY ${yearOf(engine, "order_date")}, ${monthOf(engine, "order_date")}, product_line`);
    // quarters by hand: months 1–3, 4–6 …; then a running total per line, then each quarter's shares of its row
    const quarters = new Map<number, Record<string, number>>();
    for (const e of monthly.filter((e) => top.includes(e.product_line))) {
      const q = YEAR_MS(Number(e.y), Math.floor((Number(e.m) - 1) / 3) * 3 + 1);
      const cell = quarters.get(q) ?? {};
      cell[e.product_line] = (cell[e.product_line] ?? 0) + Number(e.s);
      quarters.set(q, cell);
    }
    const running: Record<string, number> = {};
    const expected = [...quarters.keys()].sort((a, b) => a - b).map((q) => {
      for (const line of top) running[line] = (running[line] ?? 0) + (quarters.get(q)![line] ?? 0);
      const total = top.reduce((n, line) => n + running[line], 0);
      return [q, ...[...top].sort().map((line) => running[line] / total)];
    });
    expect(r.colnames).toEqual(["order_date", ...[...top].sort().map((line) => `sum__sales, ${line}`)]);
    expect(r.data).toHaveLength(expected.length);
    r.data.forEach((row, i) => {
      expect(row.order_date).toBe(expected[i][0]);
      [...top].sort().forEach((line, j) => expect(row[`sum__sales, ${line}`]).toBeCloseTo(expected[i][j + 1], 9));
    });
  });

  test(`${engine}: pie — a saved metric by state, sorted by it, five slices`, async () => {
    const { admin, client } = suite;
    const { datasets, tables, databaseId } = suite.engines[engine];
    const [r] = await chartData(client, datasets.birth_names, {
      viz_type: "pie", groupby: ["state"], metric: "sum__num", sort_by_metric: true, row_limit: 5,
      adhoc_filters: [simple("gender", "==", "boy"), simple("num", ">", 100), simple("ds", "TEMPORAL_RANGE", "1980-01-01 : 1990-01-01")],
    });
    const expected = await sqlLab(admin, databaseId, `SELECT state, SUM(num) AS s FROM ${tables.birth_names}
      WHERE gender = 'boy' AND num > 100 AND ds >= '1980-01-01' AND ds < '1990-01-01' GROUP BY state ORDER BY s DESC LIMIT 5`);
    expect(r.data.map((row) => [row.state, num(row.sum__num)])).toEqual(expected.map((e) => [e.state, num(e.s)]));
  });

  test(`${engine}: big number with trendline — monthly orders, a 3-month rolling sum`, async () => {
    const { admin, client } = suite;
    const { datasets, tables, databaseId } = suite.engines[engine];
    const [r] = await chartData(client, datasets.cleaned_sales_data, {
      viz_type: "big_number", x_axis: "order_date", time_grain_sqla: "P1M", metric: "count", rolling_type: "sum", rolling_periods: 3, min_periods: 3,
      adhoc_filters: [simple("order_date", "TEMPORAL_RANGE", "2003-01-01 : 2004-07-01"), simple("status", "IN", ["Shipped", "Resolved"])],
    });
    const months = await sqlLab(admin, databaseId, `SELECT ${yearOf(engine, "order_date")} AS y, ${monthOf(engine, "order_date")} AS m, COUNT(*) AS n
      FROM ${tables.cleaned_sales_data} WHERE order_date >= '2003-01-01' AND order_date < '2004-07-01' AND status IN ('Shipped', 'Resolved')
      GROUP BY ${yearOf(engine, "order_date")}, ${monthOf(engine, "order_date")} ORDER BY y, m`);
    expect(months.length).toBeGreaterThan(3);
    const counts = months.map((e) => Number(e.n));
    // Superset's rolling drops the first min_periods rows (df[min_periods:]), so the window ending in month 3 goes too
    const expected = months.map((e, i) => [YEAR_MS(Number(e.y), Number(e.m)), i < 2 ? null : counts[i - 2] + counts[i - 1] + counts[i]]).slice(3);
    expect(r.colnames).toEqual(["order_date", "count"]);
    expect(r.data.map((row) => [row.order_date, num(row.count)])).toEqual(expected);
  });

  test(`${engine}: big number total — COUNT_DISTINCT adhoc metric under NOT IN, < and a custom SQL WHERE`, async () => {
    const { admin, client } = suite;
    const { datasets, tables, databaseId } = suite.engines[engine];
    const [r] = await chartData(client, datasets.birth_names, {
      viz_type: "big_number_total", metric: { expressionType: "SIMPLE", column: { column_name: "name" }, aggregate: "COUNT_DISTINCT", label: "names" },
      adhoc_filters: [simple("state", "NOT IN", ["other", "CA"]), simple("num", "<", 50), custom("WHERE", "gender = 'girl'")],
    });
    const [expected] = await sqlLab(admin, databaseId, `SELECT COUNT(DISTINCT name) AS n FROM ${tables.birth_names} WHERE state NOT IN ('other', 'CA') AND num < 50 AND gender = 'girl'`);
    expect(Number(expected.n)).toBeGreaterThan(0);
    expect(r.colnames).toEqual(["names"]);
    expect(r.data.map((row) => num(row.names))).toEqual([Number(expected.n)]);
  });
}
