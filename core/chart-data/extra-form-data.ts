// A dashboard's data mask (extra_form_data: native filters, cross-filters) merged into a legacy chart's form data,
// as Superset's merge_extra_form_data does before explore_json builds its query. Charts with a buildQuery merge
// it there (core/charts/query/build-query-context.ts); this is the path of form data sent as it is.

type Dict = Record<string, unknown>;
const isObject = (v: unknown): v is Dict => v !== null && typeof v === "object" && !Array.isArray(v);

/** Superset's EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS: the mask's key → the form data key it overrides. */
export const EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS: Record<string, string> = {
  granularity_sqla: "granularity", time_column: "time_column", time_grain: "time_grain", time_range: "time_range", time_grain_sqla: "time_grain_sqla",
};
/** Superset's EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS: keys that override the form data's extras. */
export const EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS = ["relative_start", "relative_end"] as const;

/** A simple filter of the mask as the adhoc filter Superset appends (simple_filter_to_adhoc, marked isExtra). */
function simpleToAdhoc(f: Dict): Dict {
  return { clause: "WHERE", expressionType: "SIMPLE", subject: f.col, operator: f.op, ...("val" in f ? { comparator: f.val } : {}), isExtra: true };
}

/**
 * The form data with its extra_form_data merged in and taken out; form data without one comes back as it is. Of
 * EXTRA_FORM_DATA_APPEND_KEYS only the filters change a query: the mask's adhoc and simple filters are appended.
 */
export function mergeExtraFormData(formData: Dict): Dict {
  const extra = formData.extra_form_data;
  if (!isObject(extra)) return formData;
  const { extra_form_data: _merged, ...out } = formData;
  for (const [source, target] of Object.entries(EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS)) {
    if (extra[source] !== undefined && extra[source] !== null) out[target] = extra[source];
  }
  const extras: Dict = isObject(out.extras) ? { ...out.extras } : {};
  for (const key of EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS) if (extra[key] !== undefined && extra[key] !== null) extras[key] = extra[key];
  if (Object.keys(extras).length) out.extras = extras;
  const appended = [
    ...(Array.isArray(extra.adhoc_filters) ? extra.adhoc_filters.filter(isObject).map((f) => ({ ...f, isExtra: true })) : []),
    ...(Array.isArray(extra.filters) ? extra.filters.filter(isObject).map(simpleToAdhoc) : []),
  ];
  let adhoc = [...(Array.isArray(out.adhoc_filters) ? (out.adhoc_filters as unknown[]) : []), ...appended];
  // the mask's time range replaces the chart's TEMPORAL_RANGE filters unless a time column is chosen (then it
  // bounds that column through the granularity)
  if (typeof out.time_range === "string" && out.time_range && !out.granularity_sqla) {
    adhoc = adhoc.map((f) => (isObject(f) && f.operator === "TEMPORAL_RANGE" ? { ...f, comparator: out.time_range } : f));
  }
  out.adhoc_filters = adhoc;
  return out;
}
