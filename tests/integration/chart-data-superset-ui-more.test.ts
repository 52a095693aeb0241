import { expect, test } from "vitest";
import { chartData, ENGINES, simple, sqlLab, yearOf, exampleSuite, num } from "../support/example-engines";

// More chart types through Superset's own buildQuery and SupersetClient on D1, PostgreSQL and MariaDB (see
// chart-data-superset-ui.test.ts): pivot table, mixed timeseries (two queries), box plot and histogram.
// The box plot's and histogram's statistics are worked out here from the rows the SQL returns.

const suite = exampleSuite();

/** numpy's default percentile: linear between the two nearest ranks of the sorted values. */
function percentile(sorted: number[], q: number): number {
  const pos = ((sorted.length - 1) * q) / 100;
  const lo = Math.floor(pos);
  return lo + 1 < sorted.length ? sorted[lo] + (sorted[lo + 1] - sorted[lo]) * (pos - lo) : sorted[lo];
}

for (const engine of ENGINES) {
  test(`${engine}: pivot table — rows by state, columns by gender, a saved and an adhoc AVG metric`, async () => {
    const { admin, client } = suite;
    const { datasets, tables, databaseId } = suite.engines[engine];
    const [r] = await chartData(client, datasets.birth_names, {
      viz_type: "pivot_table_v2", groupbyRows: ["state"], groupbyColumns: ["gender"], row_limit: 100, series_limit: 0, order_desc: true,
      metrics: ["sum__num", { expressionType: "SIMPLE", column: { column_name: "num" }, aggregate: "AVG", label: "avg_num" }],
      adhoc_filters: [simple("ds", "TEMPORAL_RANGE", "2000-01-01 : 2005-01-01"), simple("state", "IN", ["CA", "NY", "TX"])],
    });
    const expected = await sqlLab(admin, databaseId, `SELECT gender, state, SUM(num) AS s, AVG(num) AS a FROM ${tables.birth_names}
      WHERE ds >= '2000-01-01' AND ds < '2005-01-01' AND state IN ('CA', 'NY', 'TX') GROUP BY gender, state ORDER BY s DESC`);
    expect(expected).toHaveLength(6);
    expect(r.colnames).toEqual(["gender", "state", "sum__num", "avg_num"]);
    expect(r.data.map((row) => [row.gender, row.state, num(row.sum__num)])).toEqual(expected.map((e) => [e.gender, e.state, num(e.s)]));
    r.data.forEach((row, i) => expect(Number(row.avg_num)).toBeCloseTo(Number(expected[i].a), 6));
  });

  test(`${engine}: mixed timeseries — two queries with their own metrics and filters on one yearly axis`, async () => {
    const { admin, client } = suite;
    const { datasets, tables, databaseId } = suite.engines[engine];
    const range = simple("ds", "TEMPORAL_RANGE", "2000-01-01 : 2005-01-01");
    const result = await chartData(client, datasets.birth_names, {
      viz_type: "mixed_timeseries", x_axis: "ds", time_grain_sqla: "P1Y", row_limit: 100, row_limit_b: 100,
      metrics: ["sum__num"], groupby: [], adhoc_filters: [range, simple("gender", "==", "boy")],
      metrics_b: ["count"], groupby_b: [], adhoc_filters_b: [range, simple("state", "==", "CA")],
    });
    expect(result).toHaveLength(2);
    const year = yearOf(engine, "ds");
    const a = await sqlLab(admin, databaseId, `SELECT ${year} AS y, SUM(num) AS v FROM ${tables.birth_names}
      WHERE gender = 'boy' AND ds >= '2000-01-01' AND ds < '2005-01-01' GROUP BY ${year} ORDER BY y`);
    const b = await sqlLab(admin, databaseId, `SELECT ${year} AS y, COUNT(*) AS v FROM ${tables.birth_names}
      WHERE state = 'CA' AND ds >= '2000-01-01' AND ds < '2005-01-01' GROUP BY ${year} ORDER BY y`);
    expect(result[0].colnames).toEqual(["ds", "sum__num"]);
    expect(result[1].colnames).toEqual(["ds", "count"]);
    const pairs = (rows: Record<string, any>[], metric: string) => rows.map((row) => [row.ds, num(row[metric])]).sort((x, y) => x[0] - y[0]);
    expect(pairs(result[0].data, "sum__num")).toEqual(a.map((e) => [Date.UTC(Number(e.y), 0, 1), num(e.v)]));
    expect(pairs(result[1].data, "count")).toEqual(b.map((e) => [Date.UTC(Number(e.y), 0, 1), num(e.v)]));
  });

  test(`${engine}: box plot — births per state distributed per gender, min/max whiskers`, async () => {
    const { admin, client } = suite;
    const { datasets, tables, databaseId } = suite.engines[engine];
    const [r] = await chartData(client, datasets.birth_names, {
      viz_type: "box_plot", columns: ["state"], groupby: ["gender"], metrics: ["sum__num"], whiskerOptions: "Min/max (no outliers)",
      adhoc_filters: [simple("ds", "TEMPORAL_RANGE", "2000-01-01 : 2001-01-01")],
    });
    const cells = await sqlLab(admin, databaseId, `SELECT gender, state, SUM(num) AS s FROM ${tables.birth_names}
      WHERE ds >= '2000-01-01' AND ds < '2001-01-01' GROUP BY gender, state`);
    const stats = ["mean", "median", "max", "min", "q1", "q3", "count", "outliers"].map((s) => `sum__num__${s}`);
    expect(r.colnames).toEqual(["gender", ...stats]);
    expect(r.data.map((row) => row.gender)).toEqual(["boy", "girl"]);
    for (const row of r.data) {
      const v = cells.filter((c) => c.gender === row.gender).map((c) => Number(c.s)).sort((x, y) => x - y);
      expect(v).toHaveLength(10);
      expect(row.sum__num__count).toBe(10);
      expect(row.sum__num__min).toBe(v[0]);
      expect(row.sum__num__max).toBe(v[9]);
      expect(row.sum__num__median).toBe((v[4] + v[5]) / 2);
      expect(row.sum__num__mean).toBeCloseTo(v.reduce((n, x) => n + x, 0) / 10, 6);
      // 10 values: the 25th percentile sits at rank 2.25, the 75th at 6.75
      expect(row.sum__num__q1).toBeCloseTo(v[2] + (v[3] - v[2]) * 0.25, 6);
      expect(row.sum__num__q3).toBeCloseTo(percentile(v, 75), 6);
      expect(row.sum__num__outliers).toEqual([]);
    }
  });

  test(`${engine}: histogram — raw values in five equal bins per gender, counted and normalised`, async () => {
    const { admin, client } = suite;
    const { datasets, tables, databaseId } = suite.engines[engine];
    const form = {
      viz_type: "histogram_v2", column: "num", groupby: ["gender"], bins: 5, cumulative: false, row_limit: 10_000,
      adhoc_filters: [simple("name", "IN", ["Michael", "Jennifer"]), simple("state", "==", "CA")],
    };
    const [counted] = await chartData(client, datasets.birth_names, { ...form, normalize: false });
    const [shares] = await chartData(client, datasets.birth_names, { ...form, normalize: true });
    const raw = await sqlLab(admin, databaseId, `SELECT gender, num FROM ${tables.birth_names} WHERE name IN ('Michael', 'Jennifer') AND state = 'CA'`);
    const all = raw.map((e) => Number(e.num));
    const min = Math.min(...all), max = Math.max(...all), width = (max - min) / 5;
    const bins = (gender: string) => {
      const c = [0, 0, 0, 0, 0];
      for (const e of raw.filter((e) => e.gender === gender)) c[Math.min(4, Math.floor((Number(e.num) - min) / width))]++;
      return c;
    };
    expect(counted.colnames).toHaveLength(6);
    expect(counted.colnames[0]).toBe("gender");
    expect(counted.colnames[1].startsWith(`${min} - `)).toBe(true);
    const binNames = counted.colnames.slice(1);
    const byGender = (result: typeof counted) => Object.fromEntries(result.data.map((row) => [row.gender, binNames.map((b) => row[b])]));
    expect(byGender(counted)).toEqual({ boy: bins("boy"), girl: bins("girl") });
    for (const gender of ["boy", "girl"]) {
      const c = bins(gender), total = c.reduce((n, x) => n + x, 0);
      byGender(shares)[gender].forEach((share: number, i: number) => expect(share).toBeCloseTo(c[i] / total, 12));
    }
  });

  test(`${engine}: the remaining filter operators — IS NULL, IS NOT NULL, ILIKE, NOT LIKE, <= — on cleaned_sales_data`, async () => {
    const { admin, client } = suite;
    const { datasets, tables, databaseId } = suite.engines[engine];
    const [r] = await chartData(client, datasets.cleaned_sales_data, {
      viz_type: "table", query_mode: "aggregate", groupby: ["country"], metrics: ["count", "sum__sales"], row_limit: 100, order_desc: true,
      adhoc_filters: [simple("state", "IS NOT NULL"), simple("city", "ILIKE", "%SAN%"), simple("product_line", "NOT LIKE", "%Cars"), simple("quantity_ordered", "<=", 40)],
    });
    const expected = await sqlLab(admin, databaseId, `SELECT country, COUNT(*) AS n, SUM(sales) AS s FROM ${tables.cleaned_sales_data}
      WHERE state IS NOT NULL AND LOWER(city) LIKE '%san%' AND product_line NOT LIKE '%Cars' AND quantity_ordered <= 40 GROUP BY country ORDER BY n DESC`);
    expect(expected.length).toBeGreaterThan(0);
    // ordered by count, descending; countries with the same count may come in either order, so compare by country
    const counts = r.data.map((row) => num(row.count)!);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const byCountry = <T extends Record<string, any>>(rows: T[]) => [...rows].sort((a, b) => String(a.country).localeCompare(String(b.country)));
    expect(byCountry(r.data).map((row) => [row.country, num(row.count)])).toEqual(byCountry(expected).map((e) => [e.country, num(e.n)]));
    byCountry(r.data).forEach((row, i) => expect(Number(row.sum__sales)).toBeCloseTo(Number(byCountry(expected)[i].s), 4));

    const [missing] = await chartData(client, datasets.cleaned_sales_data, { viz_type: "big_number_total", metric: "count", adhoc_filters: [simple("state", "IS NULL")] });
    const [nulls] = await sqlLab(admin, databaseId, `SELECT COUNT(*) AS n FROM ${tables.cleaned_sales_data} WHERE state IS NULL`);
    expect(Number(nulls.n)).toBeGreaterThan(0);
    expect(missing.data.map((row) => num(row.count))).toEqual([Number(nulls.n)]);
  });
}
