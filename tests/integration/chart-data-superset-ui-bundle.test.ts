import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { parse } from "yaml";
import { loadSupersetUi, type FormData } from "../support/superset-ui";
import { chartData, ENGINES, exampleSuite, sqlLab } from "../support/example-engines";
import { skipWithout } from "../support/prerequisite";

// Real saved charts from Superset's example bundle (shared/data/superset-examples, read at test time, never
// copied here) whose dataset the product generates (cleaned_sales_data): each chart's params go through its
// own plugin's buildQuery and are POSTed by SupersetClient on D1, PostgreSQL and MariaDB. Each must answer 200
// with a successful, non-empty result naming its metrics; big number totals and pie totals are checked
// against SQL written here.

const CHARTS = findBundle();
const SALES_UUID = "e8623bb9-5e00-f531-506a-19607f5f8005"; // the bundle's cleaned_sales_data dataset
const SKIP = skipWithout(CHARTS !== null, "Superset's example bundle (shared/data/superset-examples), which chart-data-superset-ui-bundle reads,");

function findBundle(): string | null {
  for (let dir = resolve(import.meta.dirname, "../.."); dir !== dirname(dir); dir = dirname(dir)) {
    const charts = join(dir, "shared/data/superset-examples/configs/charts");
    if (existsSync(charts)) return charts;
  }
  return null;
}

interface SavedChart { name: string; viz: string; params: FormData }

async function salesCharts(): Promise<SavedChart[]> {
  const { buildQueryByVizType } = await loadSupersetUi();
  const out: SavedChart[] = [];
  for (const folder of readdirSync(CHARTS!)) {
    for (const file of readdirSync(join(CHARTS!, folder)).filter((f) => f.endsWith(".yaml"))) {
      const chart = parse(readFileSync(join(CHARTS!, folder, file), "utf8")) as { slice_name: string; viz_type: string; dataset_uuid: string; params: FormData };
      if (chart.dataset_uuid === SALES_UUID && buildQueryByVizType[chart.viz_type]) out.push({ name: `${folder}/${chart.slice_name}`, viz: chart.viz_type, params: chart.params });
    }
  }
  return out;
}

const suite = exampleSuite(CHARTS !== null);
let charts: SavedChart[] = [];

beforeAll(async () => {
  if (CHARTS) charts = await salesCharts();
});

/** The label a chart's metric answers under: a saved metric's name or an adhoc metric's label. */
const labelOf = (m: unknown) => (typeof m === "string" ? m : (m as { label: string }).label);

/** An independent SQL aggregate for a saved `count` or a SIMPLE adhoc metric (SUM, COUNT, AVG …). */
function metricSql(m: unknown): string | null {
  if (m === "count") return "COUNT(*)";
  const adhoc = m as { expressionType?: string; aggregate?: string; column?: { column_name: string } };
  if (adhoc?.expressionType === "SIMPLE" && adhoc.column && adhoc.aggregate) return `${adhoc.aggregate}(${adhoc.column.column_name})`;
  return null;
}

/** No filter but "No filter" time ranges: the chart covers the whole table. */
const unfiltered = (params: FormData) =>
  ((params.adhoc_filters as { operator?: string; comparator?: unknown }[]) ?? []).every((f) => f.operator === "TEMPORAL_RANGE" && f.comparator === "No filter") &&
  [undefined, "No filter"].includes(params.time_range as string | undefined);

for (const engine of ENGINES) {
  test.skipIf(SKIP)(`${engine}: the bundle's saved cleaned_sales_data charts answer 200 with sane results`, async () => {
    expect(charts.length).toBeGreaterThanOrEqual(15);
    const { admin, client } = suite;
    const { datasets, tables, databaseId } = suite.engines[engine];
    const { buildQueryByVizType } = await loadSupersetUi();
    const failures: string[] = [];
    let checkedTotals = 0;
    for (const chart of charts) {
      const results = await chartData(client, datasets.cleaned_sales_data, chart.params).catch((e: Error) => {
        failures.push(`${chart.name} (${chart.viz}): ${e.message.slice(0, 300)}`);
        return null;
      });
      if (!results) continue;
      const metrics = [...((chart.params.metrics as unknown[]) ?? []), ...(chart.params.metric ? [chart.params.metric] : [])];
      for (const r of results) {
        if (r.status !== "success" || r.rowcount === 0 || r.rowcount !== r.data.length) failures.push(`${chart.name}: ${r.status}, ${r.rowcount} rows`);
      }
      // metric labels name columns of the first result, unless post-processing reshaped it: a histogram's bins, a
      // box plot's statistics, or the rename step that leaves a single metric's series named by their values alone
      const flat = results[0].colnames;
      const renamed = buildQueryByVizType[chart.viz](chart.params).queries.some((q) => (q.post_processing as { operation: string }[] | undefined)?.some((p) => p?.operation === "rename"));
      const missing = metrics.map(labelOf).filter((label) => !flat.some((c) => c === label || c.startsWith(`${label}, `) || c.startsWith(`${label}__`)));
      if (renamed ? flat.length < 2 : missing.length && !["histogram_v2", "box_plot"].includes(chart.viz)) failures.push(`${chart.name}: no column for ${missing.join(", ")} in ${flat.join(", ")}`);

      // totals against SQL: a big number total's single figure; a pie's slices add up to the whole table
      const single = metricSql(chart.params.metric);
      if (single && unfiltered(chart.params) && (chart.viz === "big_number_total" || chart.viz === "pie")) {
        const [expected] = await sqlLab(admin, databaseId, `SELECT ${single} AS v FROM ${tables.cleaned_sales_data}`);
        const label = labelOf(chart.params.metric);
        const got = results[0].data.reduce((n, row) => n + Number(row[label]), 0);
        expect(got, chart.name).toBeCloseTo(Number(expected.v), 4);
        checkedTotals++;
      }
    }
    expect(failures).toEqual([]);
    expect(checkedTotals).toBeGreaterThanOrEqual(3);
  }, 120_000);
}
