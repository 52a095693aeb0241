import type { CrossFilter } from "../../cross-filter";
import { getColumnLabel } from "../../query/labels";

// Sankey: a clicked link filters by its source and its target together (both columns = the link's ends).
export const crossFilter: CrossFilter = (formData, pick) => {
  const link = pick.raw as { from?: unknown; to?: unknown } | undefined;
  const source = getColumnLabel(formData.source);
  const target = getColumnLabel(formData.target);
  if (!link || link.from === undefined || link.to === undefined || !source || !target) return null;
  return [{ col: source, value: link.from }, { col: target, value: link.to }];
};
