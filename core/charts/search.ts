import { CHART_TYPES } from "./registry";

/** The registered chart types whose name, description or a tag contains the search (any case); all for an empty one. */
export function matchingVizTypes(search: string): string[] {
  const q = search.trim().toLowerCase();
  return Object.keys(CHART_TYPES).filter((t) => {
    const m = CHART_TYPES[t].metadata;
    return !q || [m.name, m.description, ...m.tags].some((s) => s.toLowerCase().includes(q));
  });
}
