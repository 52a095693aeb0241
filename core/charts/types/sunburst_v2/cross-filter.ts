import type { CrossFilter } from "../../cross-filter";
import { ensureArray, getColumnLabel } from "../../query/labels";

// Sunburst: each ring is one level of the hierarchy; a clicked arc filters by its path from the centre (the
// model keeps each ring's node paths beside its data).
export const crossFilter: CrossFilter = (formData, pick) => {
  const dims = ensureArray(formData.columns).map(getColumnLabel);
  const paths = pick.dataset?.paths as unknown[][] | undefined;
  const path = pick.index !== undefined ? paths?.[pick.index] : undefined;
  if (!path?.length) return null;
  return path.slice(0, dims.length).map((value, i) => ({ col: dims[i], value: value === "<NULL>" ? null : value }));
};
