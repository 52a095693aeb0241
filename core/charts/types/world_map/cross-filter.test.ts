import { expect, test } from "vitest";
import { worldMap } from "./index";
import { crossFilter } from "./cross-filter";

test("world map: a country filters the country column by the data's own code for it", () => {
  const formData = { viz_type: "world_map", entity: "code", country_fieldtype: "cca3", metric: "count" };
  const model = worldMap.transformProps({ formData, queriesData: [{ data: [{ code: "FRA", count: 3 }] }] as never, width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  const france = (model.data.datasets[0].data as { id: string }[])[0];
  expect(crossFilter(formData, { raw: france })).toEqual([{ col: "code", value: "FRA" }]);
  expect(crossFilter(formData, { raw: { id: "250" } })).toBeNull();
  expect(crossFilter({ ...formData, entity: undefined }, { raw: france })).toBeNull();
});

test("world map: a country given by IOC code filters by that code", () => {
  const formData = { viz_type: "world_map", entity: "noc", country_fieldtype: "cioc", metric: "count" };
  const model = worldMap.transformProps({ formData, queriesData: [{ data: [{ noc: "NED", count: 3 }] }] as never, width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  const netherlands = (model.data.datasets[0].data as { id: string }[])[0];
  expect(netherlands.id).toBe("528");
  expect(crossFilter(formData, { raw: netherlands })).toEqual([{ col: "noc", value: "NED" }]);
});
