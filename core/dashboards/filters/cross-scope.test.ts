import { expect, test } from "vitest";
import { chartCrossScope, customScope, globalCrossScope, withChartCrossScope, withGlobalCrossScope } from "./cross-scope";
import { crossFilterConfig } from "./scope";

test("a chart's cross-filter scope is saved in chart_configuration as Superset keeps it, other metadata kept", () => {
  const meta = { color_scheme: "supersetColors", chart_configuration: { "9": { id: 9, crossFilters: { scope: "global", chartsInScope: [1, 2] } } } };
  const scope = customScope([1, 2, 9], [2], 1);
  expect(scope).toEqual({ rootPath: ["ROOT_ID"], excluded: [1, 9] });
  const next = withChartCrossScope(meta, 1, scope, [1, 2, 9]);
  expect(next).toEqual({
    color_scheme: "supersetColors",
    chart_configuration: {
      "9": { id: 9, crossFilters: { scope: "global", chartsInScope: [1, 2] } },
      "1": { id: 1, crossFilters: { scope: { rootPath: ["ROOT_ID"], excluded: [1, 9] }, chartsInScope: [2] } },
    },
  });
  expect(chartCrossScope(next, 1)).toEqual(scope);
  expect(chartCrossScope(next, 9)).toBe("global");
  expect(chartCrossScope({}, 5)).toBe("global");
  // the dashboard reads it back as the chart's own scope
  expect(crossFilterConfig(next).scopes["1"]).toEqual(scope);
  expect(withChartCrossScope(next, 1, "global", [1, 2, 9]).chart_configuration).toMatchObject({ "1": { crossFilters: { scope: "global", chartsInScope: [2, 9] } } });
});

test("the global scope: saved in global_chart_configuration, charts following it get its charts (never themselves)", () => {
  const meta = { chart_configuration: { "1": { id: 1, crossFilters: { scope: "global", chartsInScope: [2, 3] } }, "2": { id: 2, crossFilters: { scope: { rootPath: ["ROOT_ID"], excluded: [2, 3] }, chartsInScope: [1] } } } };
  expect(globalCrossScope(meta)).toEqual({ rootPath: ["ROOT_ID"], excluded: [] });
  const next = withGlobalCrossScope(meta, { rootPath: ["ROOT_ID"], excluded: [3] }, [1, 2, 3]);
  expect(next.global_chart_configuration).toEqual({ scope: { rootPath: ["ROOT_ID"], excluded: [3] }, chartsInScope: [1, 2] });
  expect(next.chart_configuration).toEqual({
    "1": { id: 1, crossFilters: { scope: "global", chartsInScope: [2] } },
    "2": meta.chart_configuration["2"],
  });
  expect(globalCrossScope(next)).toEqual({ rootPath: ["ROOT_ID"], excluded: [3] });
  // a chart set back to the global scope reaches what the global scope reaches
  expect(withChartCrossScope(next, 2, "global", [1, 2, 3]).chart_configuration).toMatchObject({ "2": { crossFilters: { scope: "global", chartsInScope: [1] } } });
  // and the dashboard reads the global scope back
  expect(crossFilterConfig(next).global).toEqual({ rootPath: ["ROOT_ID"], excluded: [3] });
});
