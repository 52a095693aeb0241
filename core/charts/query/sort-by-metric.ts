import type { FormData, QueryContextBody, QueryObjectBody } from "../contract";
import { buildQueryContext } from "./build-query-context";

/** The buildQuery of Superset's pie, funnel, gauge and sunburst: the base query, ordered by the metric descending
 * when sort_by_metric is on; `extra` adds a type's own keys. */
export function sortByMetricQuery(formData: FormData, extra: QueryObjectBody = {}): QueryContextBody {
  return buildQueryContext(formData, (base) => [{ ...base, ...extra, ...(formData.sort_by_metric ? { orderby: [[formData.metric, false]] as [unknown, boolean][] } : {}) }]);
}
