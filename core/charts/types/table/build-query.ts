import type { FormData, QueryContextBody, QueryObjectBody } from "../../contract";
import { buildQueryContext } from "../../query/build-query-context";
import { ensureArray, getMetricLabel, isDict } from "../../query/labels";
import { queryMode } from "./control-panel";

// Superset's plugin-chart-table buildQuery: aggregate mode orders by the sort metric (else the first metric,
// descending), adds percentage metrics as a contribution step and temporal dimensions as grained columns; raw
// mode never includes time; "show summary" adds a totals query; server pagination adds a row-count query.

const uniqueLabels = (metrics: unknown[]) => [...new Set(metrics.map(getMetricLabel))];

export function buildQuery(formData: FormData): QueryContextBody {
  const mode = queryMode(formData);
  const sortBy = ensureArray(formData.timeseries_limit_metric)[0];
  const extra = isDict(formData.extra_form_data) ? formData.extra_form_data : {};
  const grain = extra.time_grain_sqla || formData.time_grain_sqla;
  const lookup = isDict(formData.temporal_columns_lookup) ? formData.temporal_columns_lookup : {};
  const fd = mode === "raw" ? { ...formData, include_time: false } : formData;

  return buildQueryContext(fd, (base) => {
    let metrics = base.metrics;
    let orderby = base.orderby ?? [];
    let columns = base.columns ?? [];
    let postProcessing: QueryObjectBody["post_processing"] = [];
    if (mode === "aggregate") {
      metrics = metrics ?? [];
      if (sortBy) orderby = [[sortBy, !(formData.order_desc ?? false)]];
      else if (metrics.length) orderby = [[metrics[0], false]];
      const percent = ensureArray(formData.percent_metrics);
      if (percent.length) {
        const labels = uniqueLabels(percent);
        const all = [...metrics, ...percent];
        metrics = all.filter((m, i) => all.findIndex((o) => getMetricLabel(o) === getMetricLabel(m)) === i);
        postProcessing = [{ operation: "contribution", options: { columns: labels, rename_columns: labels.map((l) => `%${l}`) } }];
      }
      columns = columns.map((col) =>
        typeof col === "string" && grain && lookup[col]
          ? { timeGrain: grain, columnType: "BASE_AXIS", sqlExpression: col, label: col, expressionType: "SQL" }
          : col);
    }
    const paging: QueryObjectBody = {};
    if (formData.server_pagination) {
      paging.row_limit = Number(formData.server_page_length ?? 10);
      paging.row_offset = 0;
    }
    const query: QueryObjectBody = { ...base, columns, extras: base.extras ?? {}, orderby, metrics, post_processing: postProcessing, ...paging };
    const interactive = ensureArray(extra.interactive_groupby);
    if (interactive.length) query.columns = [...new Set([...(query.columns ?? []), ...interactive])];

    const totals: QueryObjectBody[] = metrics?.length && formData.show_totals && mode === "aggregate"
      ? [{ ...query, columns: [], row_limit: 0, row_offset: 0, post_processing: [], order_desc: undefined, orderby: undefined }]
      : [];
    const rowCount: QueryObjectBody[] = formData.server_pagination
      ? [{ ...query, time_offsets: [], row_limit: 0, row_offset: 0, post_processing: [], is_rowcount: true }]
      : [];
    return [query, ...rowCount, ...totals];
  });
}
