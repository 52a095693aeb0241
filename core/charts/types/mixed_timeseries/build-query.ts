import type { FormData, QueryContextBody } from "../../contract";
import { buildQueryContext, normalizeOrderBy } from "../../query/build-query-context";
import { ensureArray, isXAxisSet } from "../../query/labels";
import { flattenOperator, isTimeComparison, pivotOperator, renameOperator, resampleOperator, rollingWindowOperator, timeCompareOperator } from "../../query/operators";

// Superset's MixedTimeseries buildQuery: form data split into Query A (keys without "_b") and Query B ("_b" keys
// in place of the plain ones), each built like a timeseries query; one context with both queries, whose
// form_data is Query A's (as Superset's, which spreads the first context).

export const queryAFormData = (fd: FormData): FormData => Object.fromEntries(Object.entries(fd).filter(([k]) => !k.endsWith("_b")));

export function queryBFormData(fd: FormData): FormData {
  const out = queryAFormData(fd);
  for (const [k, v] of Object.entries(fd)) if (k.endsWith("_b")) out[k.slice(0, -2)] = v;
  return out;
}

export function buildQuery(formData: FormData): QueryContextBody {
  const [a, b] = [queryAFormData(formData), queryBFormData(formData)].map((fd) =>
    buildQueryContext(fd, (base) => {
      const query = {
        ...base,
        columns: [...(isXAxisSet(formData) ? [formData.x_axis] : []), ...ensureArray(fd.groupby)],
        series_columns: fd.groupby as unknown[] | undefined,
        ...(isXAxisSet(formData) ? {} : { is_timeseries: true }),
      };
      const timeCompare = isTimeComparison(fd, query);
      return [normalizeOrderBy({
        ...query,
        time_offsets: timeCompare ? ensureArray<string>(fd.time_compare) : [],
        post_processing: [
          pivotOperator(fd, query), rollingWindowOperator(fd, query), timeCompareOperator(fd, query), resampleOperator(fd, query),
          renameOperator(fd, query), flattenOperator(fd, query),
        ].filter((s) => s !== undefined),
      })];
    }));
  return { ...a, queries: [...a.queries, ...b.queries] };
}
