import { expect, test } from "vitest";
import topology from "world-atlas/countries-110m.json";
import type { Topology } from "topojson-specification";
import { supersetQuery } from "../../test-fixtures";
import { attachWorldFeatures, worldShapes } from "./atlas";
import { isoNumeric } from "./countries";
import { countryValues, MISSING_COLOR, worldMap } from ".";

// params of the example bundle's "COVID Vaccines/Vaccine_Candidates_per_Country_261.yaml"
const countCountry = { aggregate: "COUNT", column: { column_name: "country_name", type: "TEXT" }, expressionType: "SIMPLE", hasCustomLabel: false, isNew: false, label: "COUNT(Country_Name)", sqlExpression: null };
const example = {
  adhoc_filters: [], color_picker: { a: 1, b: 135, g: 122, r: 0 }, country_fieldtype: "name", datasource: "14__table", entity: "country_name", linear_color_scheme: "schemeYlOrBr",
  max_bubble_size: "25", metric: "count", row_limit: 10000, secondary_metric: countCountry, show_bubbles: true, time_range: "No filter", url_params: {}, viz_type: "world_map",
};

test("world_map: the saved chart's query context (the country column, both metrics)", () => {
  expect(worldMap.buildQuery(example).queries).toEqual([supersetQuery({ columns: ["country_name"], metrics: ["count", countCountry], row_limit: 10000, time_range: "No filter", filters: [], extras: { having: "", where: "" } })]);
  expect(worldMap.buildQuery({ ...example, sort_by_metric: true }).queries[0].orderby).toEqual([["count", false]]);
});

test("world_map: country codes in Superset's three forms, case-insensitive, to ISO numeric", () => {
  expect([isoNumeric("US", "cca2"), isoNumeric("fr", "cca2"), isoNumeric("DEU", "cca3"), isoNumeric("USA", "name"), isoNumeric("United Kingdom", "name"), isoNumeric("uk", "name")]).toEqual(["840", "250", "276", "840", "826", "826"]);
  expect([isoNumeric("Atlantis", "name"), isoNumeric(null, "cca2")]).toEqual([undefined, undefined]);
  // unknown countries are dropped; without a secondary metric m2 is m1
  expect(countryValues([{ c: "France", n: 3 }, { c: "Atlantis", n: 9 }], "c", "name", "n")).toEqual([{ id: "250", name: "France", entity: "France", m1: 3, m2: 3 }]);
});

const rows = [
  { country_name: "France", count: 10, "COUNT(Country_Name)": 1 },
  { country_name: "Japan", count: 30, "COUNT(Country_Name)": 16 },
  { country_name: "Brazil", count: 20, "COUNT(Country_Name)": 4 },
];

test("world_map transformProps: countries coloured along the linear scheme, bubbles with radius linear in √m2", () => {
  const model = worldMap.transformProps({ formData: { ...example, linear_color_scheme: "blue_white_yellow" }, queriesData: [{ data: rows }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.type).toBe("choropleth");
  const [countries, bubbles] = model.data.datasets as any[];
  // blue_white_yellow runs #00d1c1 → white → #ffb400: the lowest at the start, the middle white, the highest at the end
  expect(countries.data).toEqual([
    { id: "250", name: "France", entity: "France", value: 10, color: "#00d1c1" },
    { id: "392", name: "Japan", entity: "Japan", value: 30, color: "#ffb400" },
    { id: "076", name: "Brazil", entity: "Brazil", value: 20, color: "#ffffff" },
  ]);
  // √m2 = 1, 4, 2 over [1, 4] → 1 + (√m2 - 1) / 3 × 24
  expect(bubbles.type).toBe("bubbleMap");
  expect(bubbles.data.map((b: any) => b.radius)).toEqual([1, 25, 9]);
  expect(bubbles.backgroundColor).toBe("rgba(0,122,135,1)");
  expect(bubbles.radius({ raw: { radius: 9 } })).toBe(9);
  expect((model.options.plugins as any).tooltip.callbacks.label({ raw: { name: "Japan", value: 30 } })).toBe("Japan: 30");
});

test("world_map: the atlas joined in, every country a shape, bubbles on their country's centroid", () => {
  const model = worldMap.transformProps({ formData: example, queriesData: [{ data: rows }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  const drawn = attachWorldFeatures(model, topology as unknown as Topology);
  const [countries, bubbles] = drawn.data.datasets as any[];
  expect(countries.data).toHaveLength(177);
  const france = countries.data.find((d: any) => d.id === "250");
  expect([france.value, france.feature.properties.name]).toEqual([10, "France"]);
  expect(countries.data.find((d: any) => d.name === "Germany")).toMatchObject({ value: null, color: MISSING_COLOR });
  expect(drawn.data.labels).toContain("Japan");
  const japan = bubbles.data.find((b: any) => b.name === "Japan");
  expect(japan.longitude).toBeGreaterThan(130);
  expect(japan.longitude).toBeLessThan(145);
  expect(japan.latitude).toBeGreaterThan(30);
  expect(japan.latitude).toBeLessThan(45);
});

test("world_map: the atlas is converted once; every drawing shares its shapes", () => {
  const first = worldShapes(topology as unknown as Topology);
  expect(worldShapes(topology as unknown as Topology)).toBe(first);
  expect(first.shapes).toHaveLength(177);
  expect(first.byId.get("250")?.properties?.name).toBe("France");
  const model = worldMap.transformProps({ formData: example, queriesData: [{ data: rows }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  const [a, b] = [attachWorldFeatures(model, topology as unknown as Topology), attachWorldFeatures(model, topology as unknown as Topology)];
  const franceOf = (drawn: typeof a) => (drawn.data.datasets[0].data as any[]).find((d) => d.id === "250");
  expect(franceOf(a).feature).toBe(first.byId.get("250"));
  expect(franceOf(b).feature).toBe(franceOf(a).feature);
  // bubbles on the same centroid each time (computed once per shape)
  expect((b.data.datasets[1].data as any[]).map((d) => [d.longitude, d.latitude])).toEqual((a.data.datasets[1].data as any[]).map((d) => [d.longitude, d.latitude]));
});

test("world_map: IOC codes (country_fieldtype cioc), case-insensitive, drawn on their country's shape; unknown codes dropped", () => {
  const formData = { ...example, entity: "noc", country_fieldtype: "cioc", show_bubbles: false };
  const data = [{ noc: "GER", count: 4 }, { noc: "ned", count: 3 }, { noc: "SUI", count: 2 }, { noc: "USA", count: 1 }, { noc: "XYZ", count: 9 }, { noc: "KOS", count: 5 }];
  const model = worldMap.transformProps({ formData, queriesData: [{ data }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  // XYZ is no IOC code and Kosovo (KOS) has no ISO code: both left off, as unknown names and ISO codes are
  expect((model.data.datasets[0].data as { id: string; entity: unknown }[]).map((d) => [d.id, d.entity])).toEqual([["276", "GER"], ["528", "ned"], ["756", "SUI"], ["840", "USA"]]);
  const drawn = attachWorldFeatures(model, topology as unknown as Topology);
  const shapeOf = (code: string) => (drawn.data.datasets[0].data as any[]).find((d) => d.entity === code);
  expect(["GER", "ned", "SUI", "USA"].map((code) => [shapeOf(code).feature.properties.name, shapeOf(code).value])).toEqual([
    ["Germany", 4], ["Netherlands", 3], ["Switzerland", 2], ["United States of America", 1],
  ]);
  expect([isoNumeric("XYZ", "cioc"), isoNumeric("constructor", "cioc"), isoNumeric(" sui ", "cioc")]).toEqual([undefined, undefined, "756"]);
});

test("world_map control panel: the country field types in Superset's order, IOC codes among them", () => {
  const control = worldMap.controlPanel.sections.flatMap((s) => s.controls).find((ctl) => ctl.name === "country_fieldtype") as { choices: [string, string][] };
  expect(control.choices.map(([value]) => value)).toEqual(["name", "cioc", "cca2", "cca3"]);
  expect(control.choices[1][1]).toBe("code International Olympic Committee (cioc)");
});
