import { firstColumn, type CrossFilter } from "../../cross-filter";

// Heatmap: a clicked cell filters by both of its values, the X axis column's and the Y axis (groupby) column's.
export const crossFilter: CrossFilter = (formData, pick) => {
  const x = firstColumn(formData.x_axis);
  const y = firstColumn(formData.groupby);
  const cell = pick.raw as { x?: unknown; y?: unknown } | undefined;
  if (!x || !y || !cell || cell.x === undefined || cell.y === undefined) return null;
  return [{ col: x, value: cell.x }, { col: y, value: cell.y }];
};
