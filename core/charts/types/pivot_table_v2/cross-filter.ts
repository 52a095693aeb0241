import { ensureArray, getColumnLabel } from "../../query/labels";
import type { CrossFilter } from "../../cross-filter";

// Pivot table: a clicked row header filters by each of its row dimensions' values (a subtotal row by the
// dimensions it has).
export const crossFilter: CrossFilter = (formData, pick) => {
  // transposed, the row headers are the column dimensions
  const dims = [...ensureArray(formData.groupbyRows), ...ensureArray(formData.groupbyColumns)].map(getColumnLabel);
  const hits = dims.filter((d) => pick.row && d in pick.row).map((col) => ({ col, value: pick.row![col] }));
  return hits.length ? hits : null;
};
