import type { CrossFilter } from "../../cross-filter";

// Graph: a clicked node filters by its name on the column it came from (source, or target when it first appeared
// as a target), as Superset's graph keeps each node's column; the model keeps those columns beside the nodes.
export const crossFilter: CrossFilter = (_formData, pick) => {
  const columns = pick.dataset?.nodeColumns as string[] | undefined;
  const col = pick.index !== undefined ? columns?.[pick.index] : undefined;
  return col && pick.label !== undefined && pick.label !== null ? [{ col, value: pick.label }] : null;
};

/** Each node's column, in the order graphOf makes nodes (first appearance, a row's source before its target). */
export function nodeColumns(rows: Record<string, unknown>[], source: string, target: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of rows) for (const col of [source, target]) if (!out.has(String(r[col]))) out.set(String(r[col]), col);
  return out;
}
