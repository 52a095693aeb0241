import type { QueryData } from "../charts/contract";

// Superset's "Limit reached" warning in a dashboard chart's header: the chart's first query answered exactly its
// row limit of rows, so it may show partial data. Shown on every dashboard; inside an embedded page only when the
// host asks for it (dashboardUiConfig.showRowLimitWarning).

/** The row limit the chart's answer reached, or null when it did not (or the chart has none). */
export function rowLimitReached(formData: Record<string, unknown>, queriesData: readonly QueryData[] | null | undefined): number | null {
  const limit = Number(formData.row_limit);
  if (!Number.isSafeInteger(limit) || limit <= 0) return null;
  const first = queriesData?.[0];
  const count = Number(first?.sql_rowcount ?? first?.rowcount ?? NaN);
  return count === limit ? limit : null;
}
