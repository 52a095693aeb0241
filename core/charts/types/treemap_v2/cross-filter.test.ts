import { expect, test } from "vitest";
import { crossFilter } from "./cross-filter";

test("treemap: a rectangle filters by its branch down to its own level", () => {
  const fd = { groupby: ["state", "gender"] };
  expect(crossFilter(fd, { raw: { l: 0, g: "CA", _data: { state: "CA", children: [] } } })).toEqual([{ col: "state", value: "CA" }]);
  expect(crossFilter(fd, { raw: { l: 1, g: "boy", _data: { state: "CA", gender: "boy" } } })).toEqual([{ col: "state", value: "CA" }, { col: "gender", value: "boy" }]);
  expect(crossFilter(fd, { label: "CA" })).toBeNull();
  expect(crossFilter({ groupby: [] }, { raw: { l: 0, _data: {} } })).toBeNull();
});
