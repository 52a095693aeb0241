import { expect, test } from "vitest";
import { EXAMPLE_DASHBOARDS } from "./index";
import { EXAMPLE_TABLES } from "../../examples/index";
import { getChartType } from "../../charts/registry";
import { validateFormData } from "../../charts/controls/validate";
import { chartIdsInLayout, parseLayout, walk } from "../layout";

test("each example dashboard's charts are valid charts of known types on example datasets, and its layout places them all", () => {
  for (const d of EXAMPLE_DASHBOARDS) {
    const ids = Object.fromEntries(d.charts.map((c, i) => [c.key, 100 + i]));
    for (const c of d.charts) {
      const type = getChartType(c.vizType);
      expect(type, c.vizType).toBeDefined();
      const table = EXAMPLE_TABLES.find((t) => t.tableName === c.dataset);
      expect(table, c.dataset).toBeDefined();
      const formData = { ...c.params, datasource: "1__table", viz_type: c.vizType };
      expect(validateFormData(type!.controlPanel, formData), c.name).toEqual({});
      const context = type!.buildQuery(formData);
      // every column and saved metric the query names exists in the example table
      const names = new Set([...table!.columns.map((col) => col.name), ...table!.metrics.map((m) => m.name)]);
      for (const q of context.queries as { columns?: unknown[]; metrics?: unknown[] }[])
        for (const ref of [...(q.columns ?? []), ...(q.metrics ?? [])]) if (typeof ref === "string") expect(names, `${c.name}: ${ref}`).toContain(ref);
    }
    const layout = parseLayout(d.layout(ids));
    expect(chartIdsInLayout(layout).sort()).toEqual(Object.values(ids).sort());
    const types = new Set(walk(layout).map((c) => c.type));
    for (const t of ["TABS", "TAB", "MARKDOWN", "HEADER", "DIVIDER"]) expect(types).toContain(t);
  }
});

test("the example dashboards together show at least 15 chart types, each dashboard with unique chart keys and uuids", () => {
  const types = new Set(EXAMPLE_DASHBOARDS.flatMap((d) => d.charts.map((c) => c.vizType)));
  expect(types.size).toBeGreaterThanOrEqual(15);
  const uuids = EXAMPLE_DASHBOARDS.flatMap((d) => [d.uuid, ...d.charts.map((c) => c.uuid)]);
  expect(new Set(uuids).size).toBe(uuids.length);
  for (const d of EXAMPLE_DASHBOARDS) expect(new Set(d.charts.map((c) => c.key)).size).toBe(d.charts.length);
  expect(new Set(EXAMPLE_DASHBOARDS.map((d) => d.slug)).size).toBe(EXAMPLE_DASHBOARDS.length);
});
