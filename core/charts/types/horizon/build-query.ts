import type { FormData, QueryContextBody } from "../../contract";
import { buildQueryContext, normalizeOrderBy } from "../../query/build-query-context";
import { ensureArray, getColumnLabel } from "../../query/labels";

// Superset's horizon is a legacy time-series chart (granularity_sqla + time grain). Its query is asked the way
// the current charts ask it: the time column as the BASE_AXIS x-axis with the grain, the groups as series
// columns, and the series limit, so the rows come back one per time and group.

/** The time column: the legacy granularity_sqla, or an x_axis when a newer form data has one. */
export const horizonTimeColumn = (formData: FormData): string => getColumnLabel(formData.x_axis || formData.granularity_sqla);

export function buildHorizonQuery(formData: FormData): QueryContextBody {
  const time = formData.x_axis || formData.granularity_sqla;
  const groupby = ensureArray(formData.groupby);
  const context = buildQueryContext({ ...formData, x_axis: time }, (base) => [normalizeOrderBy({
    ...base,
    columns: [time, ...groupby],
    series_columns: groupby,
    orderby: [[time, true]],
  })]);
  return { ...context, form_data: formData };
}
