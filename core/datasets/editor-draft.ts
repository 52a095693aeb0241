import { readDatasetExtra, writeDatasetExtra } from "./dataset-extra";

// The dataset editor's unsaved state and the PUT /api/v1/dataset/{pk} body it saves (Superset's
// DatasetRestApi.put fields: columns and metrics with replace semantics, settings, certification in
// `extra`). Kept apart from the page so the payload is checked without a browser.

export interface DraftColumn {
  /** a stable React key: saved columns use their id, new ones a local counter */
  key: string;
  id?: number;
  column_name: string;
  verbose_name: string | null;
  description: string | null;
  type: string | null;
  type_generic: number | null;
  is_dttm: boolean;
  filterable: boolean;
  groupby: boolean;
  expression: string | null;
  python_date_format: string | null;
  /** a calculated column (Superset's expression column): listed on its own tab, its expression required */
  calculated: boolean;
}

export interface DraftMetric {
  key: string;
  id?: number;
  metric_name: string;
  expression: string;
  verbose_name: string | null;
  d3format: string | null;
  description: string | null;
}

export interface DatasetDraft {
  sql: string;
  template_params: string;
  description: string;
  certified_by: string;
  certification_details: string;
  warning_markdown: string;
  cache_timeout: number | null;
  offset: number;
  default_endpoint: string;
  main_dttm_col: string | null;
  filter_select_enabled: boolean;
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
  columns: DraftColumn[];
  metrics: DraftMetric[];
}

/** The dataset as GET /api/v1/dataset/{pk} answers it (the fields the editor reads). */
export interface SavedDataset {
  sql: string | null;
  template_params: string | null;
  description: string | null;
  extra: string | null;
  cache_timeout: number | null;
  offset: number | null;
  default_endpoint: string | null;
  main_dttm_col: string | null;
  filter_select_enabled: boolean | null;
  normalize_columns: boolean | null;
  always_filter_main_dttm: boolean | null;
  columns: (Omit<DraftColumn, "key" | "id" | "type_generic" | "description" | "calculated"> & { id: number; type_generic?: number | null; description?: string | null })[];
  metrics: (Omit<DraftMetric, "key" | "id"> & { id: number })[];
}

export function draftFrom(dataset: SavedDataset): DatasetDraft {
  return {
    sql: dataset.sql ?? "",
    template_params: dataset.template_params ?? "",
    description: dataset.description ?? "",
    ...readDatasetExtra(dataset.extra),
    cache_timeout: dataset.cache_timeout ?? null,
    offset: dataset.offset ?? 0,
    default_endpoint: dataset.default_endpoint ?? "",
    main_dttm_col: dataset.main_dttm_col ?? null,
    filter_select_enabled: dataset.filter_select_enabled ?? true,
    normalize_columns: dataset.normalize_columns ?? false,
    always_filter_main_dttm: dataset.always_filter_main_dttm ?? false,
    columns: dataset.columns.map((c) => ({
      key: `c${c.id}`, id: c.id, column_name: c.column_name, verbose_name: c.verbose_name, description: c.description ?? null, type: c.type,
      type_generic: c.type_generic ?? null, is_dttm: c.is_dttm, filterable: c.filterable, groupby: c.groupby, expression: c.expression,
      python_date_format: c.python_date_format, calculated: Boolean(c.expression?.trim()),
    })),
    metrics: dataset.metrics.map((m) => ({
      key: `m${m.id}`, id: m.id, metric_name: m.metric_name, expression: m.expression, verbose_name: m.verbose_name, d3format: m.d3format, description: m.description,
    })),
  };
}

/** Whether the draft differs from what the server holds (keys aside: they only order React's rows). */
export function draftKey(draft: DatasetDraft): string {
  return JSON.stringify({ ...draft, columns: draft.columns.map(({ key: _k, ...c }) => c), metrics: draft.metrics.map(({ key: _k, ...m }) => m) });
}

const orNull = (s: string | null | undefined) => (s?.trim() ? s : null);

/** What is wrong before anything is sent: calculated columns and metrics need a name and an expression. */
export function draftProblems(draft: DatasetDraft, virtual: boolean): string[] {
  const problems: string[] = [];
  if (virtual && !draft.sql.trim()) problems.push("A virtual dataset needs its SQL");
  draft.columns.filter((c) => c.calculated).forEach((c, i) => {
    if (!c.column_name.trim()) problems.push(`Calculated column ${i + 1} needs a name`);
    else if (!c.expression?.trim()) problems.push(`Calculated column "${c.column_name}" needs a SQL expression`);
  });
  draft.metrics.forEach((m, i) => {
    if (!m.metric_name.trim()) problems.push(`Metric ${i + 1} needs a name`);
    else if (!m.expression.trim()) problems.push(`Metric "${m.metric_name}" needs a SQL expression`);
  });
  return problems;
}

/**
 * The PUT body, and whether the save re-reads the columns from the source (`override_columns`): when a
 * virtual dataset's SQL or template parameters changed, so its columns follow what the new SQL returns.
 */
export function savePayload(draft: DatasetDraft, saved: SavedDataset, virtual: boolean): { body: Record<string, unknown>; overrideColumns: boolean } {
  const body: Record<string, unknown> = {
    description: orNull(draft.description),
    extra: writeDatasetExtra(saved.extra, draft),
    cache_timeout: draft.cache_timeout,
    offset: draft.offset,
    default_endpoint: orNull(draft.default_endpoint),
    main_dttm_col: draft.main_dttm_col,
    filter_select_enabled: draft.filter_select_enabled,
    normalize_columns: draft.normalize_columns,
    always_filter_main_dttm: draft.always_filter_main_dttm,
    template_params: orNull(draft.template_params),
    columns: draft.columns.map((c) => ({
      ...(c.id ? { id: c.id } : {}), column_name: c.column_name.trim(), verbose_name: orNull(c.verbose_name), description: orNull(c.description),
      type: c.type, ...(c.type_generic !== null ? { type_generic: c.type_generic } : {}), is_dttm: c.is_dttm, filterable: c.filterable,
      groupby: c.groupby, expression: c.calculated ? orNull(c.expression) : null, python_date_format: orNull(c.python_date_format),
    })),
    metrics: draft.metrics.map((m) => ({
      ...(m.id ? { id: m.id } : {}), metric_name: m.metric_name.trim(), expression: m.expression, verbose_name: orNull(m.verbose_name),
      d3format: orNull(m.d3format), description: orNull(m.description),
    })),
  };
  let overrideColumns = false;
  if (virtual) {
    body.sql = draft.sql;
    overrideColumns = draft.sql !== (saved.sql ?? "") || (orNull(draft.template_params) ?? null) !== (saved.template_params ?? null);
  }
  return { body, overrideColumns };
}
