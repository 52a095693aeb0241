import { createHash } from "node:crypto";
import { expect, test } from "vitest";
import { BIRTH_STATES, BIRTH_YEARS, NAME_CURVES, birthNames, popularity } from "./birth-names";
import { flights, greatCircleMiles } from "./flights";
import { EXAMPLE_DATASETS, EXAMPLE_TABLES } from "./index";
import { TIME_SERIES_ROWS, formatsOf, multiformatTimeSeries } from "./multiformat-time-series";
import { seededRandom } from "./prng";
import { sales } from "./sales";
import type { CellValue, ExampleDataset } from "./types";

const digest = (d: ExampleDataset) => {
  const h = createHash("sha256");
  for (const row of d.rows()) h.update(JSON.stringify(row));
  return h.digest("hex");
};
const all = (d: ExampleDataset) => Array.from(d.rows());
const column = (d: ExampleDataset, rows: CellValue[][], name: string) => {
  const i = d.table.columns.findIndex((c) => c.name === name);
  if (i < 0) throw new Error(`no column ${name}`);
  return rows.map((r) => r[i]);
};

test("the PRNG repeats itself for a seed and differs across seeds", () => {
  const a = seededRandom(42), b = seededRandom(42), c = seededRandom(43);
  const seqA = Array.from({ length: 5 }, () => a.next());
  expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
  expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
  const r = seededRandom(7);
  for (let i = 0; i < 1000; i++) {
    const n = r.int(3, 5);
    expect(n >= 3 && n <= 5 && Number.isInteger(n)).toBe(true);
  }
});

test("every data set yields exactly the same rows twice", () => {
  for (const d of EXAMPLE_DATASETS) expect(digest(d), d.table.tableName).toBe(digest(d));
});

test("every row has one value per column and values match the declared types", () => {
  const checks: Record<string, (v: CellValue) => boolean> = {
    INTEGER: (v) => Number.isInteger(v),
    BIGINT: (v) => Number.isInteger(v),
    REAL: (v) => typeof v === "number",
    BOOLEAN: (v) => typeof v === "boolean",
    DATE: (v) => typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v),
    DATETIME: (v) => typeof v === "string" && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v),
    TEXT: (v) => typeof v === "string",
  };
  const problems: string[] = [];
  for (const d of EXAMPLE_DATASETS) {
    for (const row of d.rows()) {
      if (row.length !== d.table.columns.length) problems.push(`${d.table.tableName}: ${row.length} values`);
      d.table.columns.forEach((c, i) => {
        if (row[i] !== null && !checks[c.sqlType](row[i])) problems.push(`${d.table.tableName}.${c.name} = ${JSON.stringify(row[i])}`);
      });
      if (problems.length > 5) break;
    }
  }
  expect(problems).toEqual([]);
});

test("descriptions are consistent: unique names, typed columns, a main time column, metrics", () => {
  const names = EXAMPLE_TABLES.map((t) => t.tableName);
  expect(new Set(names).size).toBe(names.length);
  expect(names).toEqual(["birth_names", "cleaned_sales_data", "flights", "multiformat_time_series"]);
  for (const t of EXAMPLE_TABLES) {
    expect(new Set(t.columns.map((c) => c.name)).size).toBe(t.columns.length);
    expect(t.columns.find((c) => c.name === t.mainDttmCol)?.isDttm).toBe(true);
    expect(t.metrics.some((m) => m.expression === "COUNT(*)")).toBe(true);
    for (const c of t.columns) if (c.generic === "temporal") expect(c.isDttm).toBe(true);
  }
  const generics = new Set(EXAMPLE_TABLES.flatMap((t) => t.columns.map((c) => c.generic)));
  expect([...generics].sort()).toEqual(["boolean", "numeric", "string", "temporal"]);
});

test("birth_names: at least 75,000 rows over four decades, every state, consistent boy and girl counts", () => {
  const rows = all(birthNames);
  expect(rows.length).toBeGreaterThanOrEqual(75_000);
  const years = new Set(column(birthNames, rows, "ds").map((ds) => String(ds).slice(0, 4)));
  expect(years.size).toBe(BIRTH_YEARS.last - BIRTH_YEARS.first + 1);
  expect(new Set(column(birthNames, rows, "state"))).toEqual(new Set(BIRTH_STATES));
  const odd = rows.filter(([ds, gender, , num, , boys, girls]) =>
    !/^\d{4}-01-01 00:00:00$/.test(String(ds)) || (num as number) < 5 ||
    (gender === "boy" ? boys !== num || girls !== 0 : girls !== num || boys !== 0));
  expect(odd).toEqual([]);
});

test("birth_names: a name rises to its peak and falls after it", () => {
  const jessica = NAME_CURVES.find((c) => c.name === "Jessica")!;
  expect(popularity(jessica, jessica.peakYear)).toBe(1);
  expect(popularity(jessica, jessica.peakYear - 15)).toBeLessThan(popularity(jessica, jessica.peakYear - 5));
  expect(popularity(jessica, jessica.peakYear + 40)).toBeGreaterThan(0);
  const byYear = new Map<number, number>();
  for (const [ds, , name, num] of birthNames.rows()) {
    const year = Number(String(ds).slice(0, 4));
    if (name === "Jessica") byYear.set(year, (byYear.get(year) ?? 0) + (num as number));
  }
  const busiest = [...byYear].sort((a, b) => b[1] - a[1])[0];
  expect(Math.abs(busiest[0] - jessica.peakYear)).toBeLessThanOrEqual(2);
  expect(busiest[1]).toBeGreaterThan(1.5 * byYear.get(jessica.peakYear - 15)!);
  expect(busiest[1]).toBeGreaterThan(1.5 * byYear.get(jessica.peakYear + 20)!);
});

test("cleaned_sales_data: order lines add up and stay in range", () => {
  const rows = all(sales);
  expect(rows.length).toBeGreaterThan(2000);
  const get = (name: string) => column(sales, rows, name);
  const [qty, price, total, size, dates] = [get("quantity_ordered"), get("price_each"), get("sales"), get("deal_size"), get("order_date")];
  rows.forEach((_, i) => {
    expect(total[i]).toBeCloseTo((qty[i] as number) * (price[i] as number), 1);
    expect(qty[i] as number).toBeGreaterThanOrEqual(20);
    expect(size[i]).toBe((total[i] as number) < 3000 ? "Small" : (total[i] as number) < 7000 ? "Medium" : "Large");
    expect(String(dates[i]) >= "2003-01-01" && String(dates[i]) <= "2005-05-31 99").toBe(true);
  });
  expect(new Set(get("product_line")).size).toBe(7);
  expect(new Set(get("status")).has("Shipped")).toBe(true);
  expect(new Set(get("order_number")).size).toBeGreaterThan(200);
});

test("flights: delays are long-tailed, cancelled flights have no times, distances are real", () => {
  const rows = all(flights);
  expect(rows.length).toBe(365 * 40);
  const get = (name: string) => column(flights, rows, name);
  const [cancelled, departed, delay, distance, origin, destination] = ["cancelled", "departure_time", "departure_delay", "distance", "origin", "destination"].map(get);
  const delays = delay.filter((d): d is number => d !== null);
  const mean = delays.reduce((a, b) => a + b, 0) / delays.length;
  expect(mean).toBeGreaterThan(3);
  expect(mean).toBeLessThan(20);
  expect(Math.max(...delays)).toBeGreaterThan(180);
  expect(Math.min(...delays)).toBeLessThan(0);
  const cancelledCount = cancelled.filter(Boolean).length;
  expect(cancelledCount / rows.length).toBeGreaterThan(0.005);
  expect(cancelledCount / rows.length).toBeLessThan(0.05);
  const odd = rows.filter((_, i) => (cancelled[i] && (departed[i] !== null || delay[i] !== null)) || origin[i] === destination[i] || (distance[i] as number) < 50);
  expect(odd).toEqual([]);
  expect(Math.round(greatCircleMiles(33.94, -118.41, 40.64, -73.78))).toBeGreaterThan(2400);
});

test("multiformat_time_series: the eight columns write the same instant", () => {
  const rows = all(multiformatTimeSeries);
  expect(rows.length).toBe(TIME_SERIES_ROWS);
  expect(formatsOf(Date.UTC(2017, 6, 19, 6, 23, 33))).toEqual([
    "2017-07-19", "2017-07-19 06:23:33", 1500445413000, 1500445413, "2017-07-19 06:23:33.000000",
    "2017-07-19^06:23:33", "20170719-062333", "2017/07/1906:23:33.000000",
  ]);
  for (const [ds, ds2, ms, s] of rows) {
    expect(ms).toBe((s as number) * 1000);
    expect(new Date(ms as number).toISOString().slice(0, 19).replace("T", " ")).toBe(ds2);
    expect(String(ds2).startsWith(String(ds))).toBe(true);
  }
});
