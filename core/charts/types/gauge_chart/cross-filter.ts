import type { CrossFilter } from "../../cross-filter";
import { ensureArray, getColumnLabel } from "../../query/labels";

// Gauge: one ring per dimension row; a clicked ring filters by that row's value of every dimension (Superset's
// gauge filters each groupby column by the clicked item's values). The model keeps each ring's values.
export const crossFilter: CrossFilter = (formData, pick) => {
  const dims = ensureArray(formData.groupby).map(getColumnLabel);
  const values = pick.dataset?.groupbyValues as unknown[] | undefined;
  if (!dims.length || !values || values.length !== dims.length) return null;
  return dims.map((col, i) => ({ col, value: values[i] }));
};
