import { expect, test } from "vitest";
import { migrateLegacyFilters } from "./legacy";
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
