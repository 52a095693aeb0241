import { firstColumn, type CrossFilter } from "../../cross-filter";
import { ensureArray } from "../../query/labels";

// Bar, line, area, scatter …: a series is a value of the dimension (groupby); clicking a bar or point filters by
// it. With several metrics the series are named "<metric>, <value>", as Superset names them. A chart without a
// dimension has nothing to filter by.
export const crossFilter: CrossFilter = (formData, pick) => {
  const col = firstColumn(formData.groupby);
  if (!col || !pick.series) return null;
  const several = ensureArray(formData.metrics).length > 1 && pick.series.includes(", ");
  return [{ col, value: several ? pick.series.slice(pick.series.indexOf(", ") + 2) : pick.series }];
};
