import { FieldReader, invalidDataset } from "./fields";

// Request bodies of /api/v1/dataset/ (Superset's DatasetRestApi.post / .put, DatasetColumnsPut,
// DatasetMetricsPut, GetOrCreateDatasetSchema, DatasetDuplicateSchema), validated into plain objects.

export interface DatasetCreate {
  database: number;
  table_name: string;
  schema: string | null;
  catalog: string | null;
  sql: string | null;
  owners?: number[];
  always_filter_main_dttm?: boolean;
  normalize_columns?: boolean;
  external_url?: string | null;
  is_managed_externally?: boolean;
  template_params?: string | null;
}

export interface ColumnPut {
  id?: number;
  column_name: string;
  type?: string | null;
  /** Superset's GenericDataType (0 numeric, 1 string, 2 temporal, 3 boolean): kept for columns a sync adds */
  type_generic?: number | null;
  verbose_name?: string | null;
  description?: string | null;
  expression?: string | null;
  is_dttm?: boolean;
  is_active?: boolean;
  filterable?: boolean;
  groupby?: boolean;
  python_date_format?: string | null;
  advanced_data_type?: string | null;
  extra?: string | null;
}

export interface MetricPut {
  id?: number;
  metric_name: string;
  expression: string;
  verbose_name?: string | null;
  description?: string | null;
  metric_type?: string | null;
  d3format?: string | null;
  currency?: string | null;
  warning_text?: string | null;
  extra?: string | null;
}

export interface DatasetUpdate {
  table_name?: string;
  database_id?: number;
  schema?: string | null;
  catalog?: string | null;
  sql?: string | null;
  description?: string | null;
  main_dttm_col?: string | null;
  default_endpoint?: string | null;
  offset?: number;
  cache_timeout?: number | null;
  filter_select_enabled?: boolean;
  normalize_columns?: boolean;
  always_filter_main_dttm?: boolean;
  is_sqllab_view?: boolean;
  template_params?: string | null;
  extra?: string | null;
  external_url?: string | null;
  is_managed_externally?: boolean;
  owners?: number[];
  columns?: ColumnPut[];
  metrics?: MetricPut[];
}

const NAME = { min: 1, max: 250 } as const;

export function parseDatasetCreate(body: Record<string, unknown>): DatasetCreate {
  const r = new FieldReader(body);
  r.onlyFields(["database", "table_name", "schema", "catalog", "sql", "owners", "always_filter_main_dttm", "normalize_columns",
    "external_url", "is_managed_externally", "template_params"]);
  const out = {
    database: r.integer("database", { required: true, min: 1 }),
    table_name: r.string("table_name", { required: true, ...NAME }),
    schema: r.string("schema", { nullable: true, max: 250 }) ?? null,
    catalog: r.string("catalog", { nullable: true, max: 250 }) ?? null,
    sql: r.string("sql", { nullable: true }) ?? null,
    owners: r.ids("owners"),
    always_filter_main_dttm: r.boolean("always_filter_main_dttm"),
    normalize_columns: r.boolean("normalize_columns"),
    external_url: r.string("external_url", { nullable: true }),
    is_managed_externally: r.boolean("is_managed_externally"),
    template_params: r.templateParams("template_params"),
  };
  r.done();
  // an empty schema means "the default one", as Superset's form sends it
  return { ...(out as DatasetCreate), schema: out.schema || null, sql: out.sql?.trim() ? out.sql : null };
}

export function parseGetOrCreate(body: Record<string, unknown>): DatasetCreate {
  const r = new FieldReader(body);
  r.onlyFields(["database_id", "table_name", "schema", "catalog", "template_params", "always_filter_main_dttm", "normalize_columns"]);
  const out = {
    database: r.integer("database_id", { required: true, min: 1 }),
    table_name: r.string("table_name", { required: true, ...NAME }),
    schema: r.string("schema", { nullable: true, max: 250 }) || null,
    catalog: r.string("catalog", { nullable: true, max: 250 }) ?? null,
    sql: null,
    template_params: r.templateParams("template_params"),
    always_filter_main_dttm: r.boolean("always_filter_main_dttm"),
    normalize_columns: r.boolean("normalize_columns"),
  };
  r.done();
  return out as DatasetCreate;
}

export function parseDuplicate(body: Record<string, unknown>): { base_model_id: number; table_name: string } {
  const r = new FieldReader(body);
  r.onlyFields(["base_model_id", "table_name"]);
  const out = { base_model_id: r.integer("base_model_id", { required: true, min: 1 }), table_name: r.string("table_name", { required: true, ...NAME }) };
  r.done();
  return out as { base_model_id: number; table_name: string };
}

const UPDATE_FIELDS = ["table_name", "database_id", "schema", "catalog", "sql", "description", "main_dttm_col", "default_endpoint",
  "offset", "cache_timeout", "filter_select_enabled", "normalize_columns", "always_filter_main_dttm", "is_sqllab_view",
  "template_params", "extra", "external_url", "is_managed_externally", "owners", "columns", "metrics"] as const;

export function parseDatasetUpdate(body: Record<string, unknown>): DatasetUpdate {
  const r = new FieldReader(body);
  r.onlyFields(UPDATE_FIELDS);
  const out: DatasetUpdate = {
    table_name: r.string("table_name", NAME) ?? undefined,
    database_id: r.integer("database_id", { min: 1 }) ?? undefined,
    schema: r.has("schema") ? r.string("schema", { nullable: true, max: 250 }) || null : undefined,
    catalog: r.string("catalog", { nullable: true, max: 250 }),
    sql: r.has("sql") ? (r.string("sql", { nullable: true })?.trim() ? (body.sql as string) : null) : undefined,
    description: r.string("description", { nullable: true }),
    main_dttm_col: r.string("main_dttm_col", { nullable: true }),
    default_endpoint: r.string("default_endpoint", { nullable: true }),
    offset: r.integer("offset") ?? undefined,
    cache_timeout: r.integer("cache_timeout", { nullable: true, min: 0 }),
    filter_select_enabled: r.boolean("filter_select_enabled"),
    normalize_columns: r.boolean("normalize_columns"),
    always_filter_main_dttm: r.boolean("always_filter_main_dttm"),
    is_sqllab_view: r.boolean("is_sqllab_view"),
    template_params: r.templateParams("template_params"),
    extra: r.jsonText("extra"),
    external_url: r.string("external_url", { nullable: true }),
    is_managed_externally: r.boolean("is_managed_externally"),
    owners: r.ids("owners"),
    columns: r.list("columns")?.map((c, i) => parseColumn(c, i, r)),
    metrics: r.list("metrics")?.map((m, i) => parseMetric(m, i, r)),
  };
  r.done();
  for (const key of Object.keys(out) as (keyof DatasetUpdate)[]) if (out[key] === undefined) delete out[key];
  checkDuplicates(out);
  return out;
}

function parseColumn(body: Record<string, unknown>, i: number, parent: FieldReader): ColumnPut {
  const r = new FieldReader(body, `columns.${i}.`);
  r.onlyFields(["id", "column_name", "type", "verbose_name", "description", "expression", "is_dttm", "is_active", "filterable",
    "groupby", "python_date_format", "advanced_data_type", "extra", "uuid", "type_generic", "changed_on", "created_on"]);
  const column: ColumnPut = {
    id: r.integer("id", { min: 1 }) ?? undefined,
    column_name: r.string("column_name", { required: true, min: 1, max: 255 }) as string,
    type: r.string("type", { nullable: true }),
    type_generic: r.integer("type_generic", { nullable: true, min: 0 }),
    verbose_name: r.string("verbose_name", { nullable: true, max: 1024 }),
    description: r.string("description", { nullable: true }),
    expression: r.string("expression", { nullable: true }),
    is_dttm: r.boolean("is_dttm"),
    is_active: r.boolean("is_active"),
    filterable: r.boolean("filterable"),
    groupby: r.boolean("groupby"),
    python_date_format: r.string("python_date_format", { nullable: true, max: 255 }),
    advanced_data_type: r.string("advanced_data_type", { nullable: true, max: 255 }),
    extra: r.jsonText("extra"),
  };
  parent.merge(r);
  return column;
}

function parseMetric(body: Record<string, unknown>, i: number, parent: FieldReader): MetricPut {
  const r = new FieldReader(body, `metrics.${i}.`);
  r.onlyFields(["id", "metric_name", "expression", "verbose_name", "description", "metric_type", "d3format", "currency",
    "warning_text", "extra", "uuid", "changed_on", "created_on"]);
  const metric: MetricPut = {
    id: r.integer("id", { min: 1 }) ?? undefined,
    metric_name: r.string("metric_name", { required: true, min: 1, max: 255 }) as string,
    expression: r.string("expression", { required: true, min: 1 }) as string,
    verbose_name: r.string("verbose_name", { nullable: true, max: 1024 }),
    description: r.string("description", { nullable: true }),
    metric_type: r.string("metric_type", { nullable: true, max: 32 }),
    d3format: r.string("d3format", { nullable: true, max: 128 }),
    currency: currencyText(r),
    warning_text: r.string("warning_text", { nullable: true }),
    extra: r.jsonText("extra"),
  };
  parent.merge(r);
  return metric;
}

/** Superset sends currency as an object ({symbol, symbolPosition}) and stores it as JSON text. */
function currencyText(r: FieldReader): string | null | undefined {
  if (!r.has("currency")) return undefined;
  const v = r.body.currency;
  if (v === null || typeof v === "string") return v as string | null;
  if (typeof v === "object" && !Array.isArray(v)) return JSON.stringify(v);
  r.errors[`${r.prefix}currency`] = ["Not a valid currency."];
  return undefined;
}

function checkDuplicates(update: DatasetUpdate): void {
  const dup = (names: string[]) => new Set(names).size !== names.length;
  const errors: Record<string, string[]> = {};
  if (update.columns && dup(update.columns.map((c) => c.column_name))) errors.columns = ["One or more columns are duplicated"];
  if (update.metrics && dup(update.metrics.map((m) => m.metric_name))) errors.metrics = ["One or more metrics are duplicated"];
  if (Object.keys(errors).length) throw invalidDataset(errors);
}
