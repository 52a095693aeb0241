import type { FormData, QueryContextBody } from "../contract";
import { buildQueryContext } from "./build-query-context";
import { ensureArray, getMetricLabel } from "./labels";

// The query of Superset's legacy grouped charts (parallel coordinates, partition): the form data's columns and
// metrics, the sort metric (timeseries_limit_metric) selected too and ordered by when order_desc is set, and no
// other order by (the legacy query left residual ones, such as another type's order_by_cols, out).
export function sortMetricQuery(formData: FormData, extra: Record<string, unknown> = {}): QueryContextBody {
  return buildQueryContext(formData, (base) => {
    const metrics = ensureArray(base.metrics);
    const sortBy = ensureArray(formData.timeseries_limit_metric)[0];
    if (!sortBy) return [{ ...base, ...extra, orderby: undefined }];
    const withSort = metrics.some((m) => getMetricLabel(m) === getMetricLabel(sortBy)) ? metrics : [...metrics, sortBy];
    return [{ ...base, ...extra, metrics: withSort, orderby: formData.order_desc ? [[sortBy, false]] : undefined }];
  });
}
