import type { FormData, QueryContextBody } from "../contract";
import { buildQueryContext } from "./build-query-context";

/** The buildQuery of Superset's pie, funnel, gauge and sunburst: the base query, ordered by the metric descending
 * when sort_by_metric is on. */
export function sortByMetricQuery(formData: FormData): QueryContextBody {
  return buildQueryContext(formData, (base) => [{ ...base, ...(formData.sort_by_metric ? { orderby: [[formData.metric, false]] as [unknown, boolean][] } : {}) }]);
}
