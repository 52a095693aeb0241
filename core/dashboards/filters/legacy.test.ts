import { expect, test } from "vitest";
import { LegacyFilterError, migrateLegacyFilters } from "./legacy";
import { filtersOfMetadata } from "./config";

test("filter_box configs, default_filters and filter_scopes become native value filters, as Superset migrates them", () => {
  const meta = {
    default_filters: JSON.stringify({ "5": { gender: ["girl"], state: "CA;NY" } }),
    filter_scopes: { "5": { gender: { scope: ["TAB-a"], immune: [8] } } },
  };
  const out = migrateLegacyFilters(meta, [{ chartId: 5, datasetId: 3, params: { filter_configs: [{ column: "gender", label: "Gender", multiple: false }, { column: "state", clearable: false }, { label: "no column" }] } }]);
  const filters = filtersOfMetadata(JSON.stringify(out));
  expect(filters).toHaveLength(2);
  expect(filters[0]).toMatchObject({
    id: "NATIVE_FILTER-5_gender", name: "Gender", filterType: "filter_select", targets: [{ datasetId: 3, column: { name: "gender" } }],
    controlValues: { multiSelect: false, enableEmptyFilter: false }, scope: { rootPath: ["TAB-a"], excluded: [8, 5] },
    defaultDataMask: { filterState: { value: ["girl"] }, extraFormData: { filters: [{ col: "gender", op: "IN", val: ["girl"] }] } },
  });
  expect(filters[1]).toMatchObject({ name: "state", controlValues: { enableEmptyFilter: true }, scope: { rootPath: ["ROOT_ID"], excluded: [5] }, defaultDataMask: { filterState: { value: ["CA", "NY"] } } });
  // a dashboard that already has native filters, or no filter box, is left as it is
  expect(migrateLegacyFilters({ native_filter_configuration: [{ id: "x" }] }, [{ chartId: 5, datasetId: 3, params: { filter_configs: [{ column: "g" }] } }])).toEqual({ native_filter_configuration: [{ id: "x" }] });
  expect(migrateLegacyFilters(meta, [])).toBe(meta);
});

test("a filter box's date filter, time column and time grain become time range, time column and time grain filters", () => {
  const meta = {
    default_filters: JSON.stringify({ "7": { __time_range: "Last quarter", __time_grain: "P1M" } }),
    filter_scopes: { "7": { __time_range: { scope: ["TAB-b"], immune: [] } } },
  };
  const params = { date_filter: true, show_sqla_time_column: true, show_sqla_time_granularity: true, granularity_sqla: "ds", time_range: "No filter", filter_configs: [] };
  const filters = filtersOfMetadata(JSON.stringify(migrateLegacyFilters(meta, [{ chartId: 7, datasetId: 3, params }])));
  expect(filters.map((f) => f.type === "NATIVE_FILTER" && [f.id, f.name, f.filterType])).toEqual([
    ["NATIVE_FILTER-7___time_range", "Time Range", "filter_time"],
    ["NATIVE_FILTER-7___time_col", "Time Column", "filter_timecolumn"],
    ["NATIVE_FILTER-7___time_grain", "Time Grain", "filter_timegrain"],
  ]);
  expect(filters[0]).toMatchObject({ targets: [{}], scope: { rootPath: ["TAB-b"], excluded: [7] }, defaultDataMask: { extraFormData: { time_range: "Last quarter" }, filterState: { value: "Last quarter" } } });
  // no default: the box's own time column and grain
  expect(filters[1]).toMatchObject({ targets: [{ datasetId: 3 }], defaultDataMask: { extraFormData: { granularity_sqla: "ds" }, filterState: { value: ["ds"] } } });
  expect(filters[2]).toMatchObject({ defaultDataMask: { extraFormData: { time_grain_sqla: "P1M" }, filterState: { value: ["P1M"] } } });
  // "No filter" as the box's time range gives a time range filter without a default
  const plain = filtersOfMetadata(JSON.stringify(migrateLegacyFilters({}, [{ chartId: 7, datasetId: 3, params: { date_filter: true, time_range: "No filter" } }])));
  expect(plain[0]).toMatchObject({ filterType: "filter_time", defaultDataMask: { extraFormData: {}, filterState: {} } });
});

test("a value filter of a box with adhoc filters and a time range takes them as its pre-filter, and its metric as sort", () => {
  const adhoc = [{ expressionType: "SQL", clause: "WHERE", sqlExpression: "num > 10" }];
  const params = { adhoc_filters: adhoc, time_range: "Last year", granularity_sqla: "ds", filter_configs: [{ column: "name", metric: "sum__num", asc: false }] };
  const [f] = filtersOfMetadata(JSON.stringify(migrateLegacyFilters({}, [{ chartId: 2, datasetId: 3, params }])));
  expect(f).toMatchObject({ adhoc_filters: adhoc, time_range: "Last year", granularity_sqla: "ds", sortMetric: "sum__num", controlValues: { sortAscending: false } });
});

test("what the migration cannot carry is refused, naming it", () => {
  const box = (params: Record<string, unknown>) => [{ chartId: 4, datasetId: 3, params: { filter_configs: [{ column: "g" }], ...params } }];
  expect(() => migrateLegacyFilters({}, box({ show_druid_time_origin: true, show_druid_time_granularity: true })))
    .toThrow(new LegacyFilterError("The dashboard's legacy filters cannot be migrated to native filters: filter box 4: show_druid_time_origin (Druid); filter box 4: show_druid_time_granularity (Druid) are not supported"));
  expect(() => migrateLegacyFilters({ filter_immune_slices: [5] }, box({}))).toThrow(/json_metadata\.filter_immune_slices .* is not supported/);
  // with filter_scopes present, the older immune keys are superseded, as in Superset
  expect(() => migrateLegacyFilters({ filter_immune_slices: [5], filter_scopes: {} }, box({}))).not.toThrow();
});
