import type { CrossFilter } from "../../cross-filter";
import { ensureArray, getColumnLabel } from "../../query/labels";

// Treemap: a clicked rectangle filters by its branch, each dimension down to its level (chartjs-chart-treemap
// gives the rectangle's level `l` and the grouped values in `_data`).
export const crossFilter: CrossFilter = (formData, pick) => {
  const dims = ensureArray(formData.groupby).map(getColumnLabel);
  const node = pick.raw as { l?: number; _data?: Record<string, unknown> } | undefined;
  if (!node?._data || !dims.length) return null;
  const depth = Math.min(dims.length - 1, node.l ?? dims.length - 1);
  const hits = dims.slice(0, depth + 1).filter((d) => node._data![d] !== undefined).map((col) => ({ col, value: node._data![col] }));
  return hits.length ? hits : null;
};
