import { expect, test } from "vitest";
import { parseFilterItem } from "./config";
import { boundsQueryContext, hasPreFilter, preFilterQuery, preFilterTime } from "./pre-filter";
import { valuesQueryContext } from "./select-values";
import type { NativeFilter } from "./types";

const filter = (over: Record<string, unknown> = {}): NativeFilter =>
  parseFilterItem({
    id: "NATIVE_FILTER-abc", type: "NATIVE_FILTER", name: "Births", filterType: "filter_range",
    targets: [{ datasetId: 7, column: { name: "num" } }], scope: { rootPath: ["ROOT_ID"], excluded: [] }, ...over,
  }) as NativeFilter;

const sql = { expressionType: "SQL", clause: "WHERE", sqlExpression: "state IN ('CA', 'NY') -- two states" };

test("a custom SQL pre-filter goes to extras.where (the server's SQL gate checks it); a time range applies on its column", () => {
  const f = filter({ adhoc_filters: [sql], time_range: "2000-01-01 : 2005-01-01", granularity_sqla: "ds" });
  expect(hasPreFilter(f)).toBe(true);
  expect(preFilterQuery(f)).toEqual({ filters: [], extras: { where: "(state IN ('CA', 'NY') -- two states\n)", having: "" }, time_range: "2000-01-01 : 2005-01-01", granularity: "ds" });
  // the value list and the range's bounds are both narrowed by it
  const values = valuesQueryContext({ ...f, filterType: "filter_select" }, { parents: [], search: "", page: 0 }) as { queries: Record<string, unknown>[] };
  expect(values.queries[0]).toMatchObject({ time_range: "2000-01-01 : 2005-01-01", granularity: "ds", extras: { where: "(state IN ('CA', 'NY') -- two states\n)" } });
  const bounds = boundsQueryContext(f) as { queries: Record<string, unknown>[] };
  expect(bounds.queries[0]).toMatchObject({
    metrics: [{ aggregate: "MIN", column: { column_name: "num" }, expressionType: "SIMPLE", label: "min" }, { aggregate: "MAX", column: { column_name: "num" }, expressionType: "SIMPLE", label: "max" }],
    time_range: "2000-01-01 : 2005-01-01", granularity: "ds", row_limit: 1,
  });
});

test("no time range pre-filter without both a range and a temporal column; 'No filter' is none", () => {
  expect(preFilterTime(filter({ time_range: "Last year" }))).toBeNull();
  expect(preFilterTime(filter({ time_range: "No filter", granularity_sqla: "ds" }))).toBeNull();
  expect(hasPreFilter(filter())).toBe(false);
  expect(preFilterQuery(filter())).toEqual({ filters: [], extras: { where: "", having: "" } });
  expect(boundsQueryContext(filter({ targets: [{}] }))).toBeNull();
});
