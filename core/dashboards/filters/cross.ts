import { getChartType } from "../../charts/registry";
import type { ChartPick, CrossFilterHit } from "../../charts/cross-filter";

// What a click on a dashboard chart cross-filters: its chart type's cross-filter (types/<type>/cross-filter.ts),
// or nothing for a type that has none.

export type { ChartPick, CrossFilterHit };

export function crossFilterOf(formData: Record<string, unknown>, pick: ChartPick): CrossFilterHit[] | null {
  const hits = getChartType(formData.viz_type as string | undefined)?.crossFilter?.(formData, pick) ?? null;
  return hits && hits.length ? hits : null;
}
