import { firstColumn, type CrossFilter } from "../../cross-filter";

// Radar: each polygon is one value of the dimension (groupby); clicking a point of it filters by that value.
export const crossFilter: CrossFilter = (formData, pick) => {
  const col = firstColumn(formData.groupby);
  return col && pick.series !== undefined ? [{ col, value: pick.series }] : null;
};
