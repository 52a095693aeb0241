// The import schemas of Superset's v1 bundles (ImportV1DatabaseSchema, ImportV1DatasetSchema, ImportV1ChartSchema,
// ImportV1DashboardSchema, ImportV1SavedQuerySchema and the metadata schema), with marshmallow's messages, so a
// client that shows Superset's errors shows ours. Unknown keys are ignored: bundles of newer Superset versions
// carry fields we do not keep.

export type FieldErrors = Record<string, string[]>;

type Kind = "string" | "uuid" | "boolean" | "integer" | "number" | "mapping" | "list" | "any";
interface Field {
  kind: Kind;
  required?: boolean;
  nullable?: boolean;
}

const MESSAGES: Record<Kind, string> = {
  string: "Not a valid string.",
  uuid: "Not a valid UUID.",
  boolean: "Not a valid boolean.",
  integer: "Not a valid integer.",
  number: "Not a valid number.",
  mapping: "Not a valid mapping type.",
  list: "Not a valid list.",
  any: "",
};

const UUID_RE = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

export const isUuid = (v: unknown): v is string => typeof v === "string" && UUID_RE.test(v);

function fits(kind: Kind, v: unknown): boolean {
  switch (kind) {
    case "string": return typeof v === "string";
    case "uuid": return isUuid(v);
    case "boolean": return typeof v === "boolean";
    case "integer": return typeof v === "number" && Number.isInteger(v);
    case "number": return typeof v === "number" && Number.isFinite(v);
    case "mapping": return typeof v === "object" && v !== null && !Array.isArray(v);
    case "list": return Array.isArray(v);
    case "any": return true;
  }
}

type Shape = Record<string, Field>;
const req = (kind: Kind, nullable = false): Field => ({ kind, required: true, nullable });
const opt = (kind: Kind): Field => ({ kind, nullable: true });

export const DATABASE_SHAPE: Shape = {
  database_name: req("string"), sqlalchemy_uri: req("string"), password: opt("string"), cache_timeout: opt("integer"),
  expose_in_sqllab: opt("boolean"), allow_run_async: opt("boolean"), allow_ctas: opt("boolean"), allow_cvas: opt("boolean"),
  allow_dml: opt("boolean"), allow_file_upload: opt("boolean"), allow_csv_upload: opt("boolean"), extra: opt("mapping"),
  impersonate_user: opt("boolean"), force_ctas_schema: opt("string"), external_url: opt("string"),
  is_managed_externally: opt("boolean"), uuid: req("uuid"), version: req("string"),
};

const COLUMN_SHAPE: Shape = {
  column_name: req("string"), verbose_name: opt("string"), is_dttm: opt("boolean"), is_active: opt("boolean"),
  type: opt("string"), advanced_data_type: opt("string"), groupby: opt("boolean"), filterable: opt("boolean"),
  expression: opt("string"), description: opt("string"), python_date_format: opt("string"), extra: opt("any"),
};

const METRIC_SHAPE: Shape = {
  metric_name: req("string"), verbose_name: opt("string"), metric_type: opt("string"), expression: req("string"),
  description: opt("string"), d3format: opt("string"), currency: opt("any"), extra: opt("any"), warning_text: opt("string"),
};

export const DATASET_SHAPE: Shape = {
  table_name: req("string"), main_dttm_col: opt("string"), description: opt("string"), default_endpoint: opt("string"),
  offset: opt("integer"), cache_timeout: opt("integer"), catalog: opt("string"), schema: opt("string"), sql: opt("string"),
  params: opt("any"), template_params: opt("any"), filter_select_enabled: opt("boolean"), fetch_values_predicate: opt("string"),
  extra: opt("any"), normalize_columns: opt("boolean"), always_filter_main_dttm: opt("boolean"), uuid: req("uuid"),
  columns: opt("list"), metrics: opt("list"), version: req("string"), database_uuid: req("uuid"),
  external_url: opt("string"), is_managed_externally: opt("boolean"),
};

export const CHART_SHAPE: Shape = {
  slice_name: req("string"), description: opt("string"), certified_by: opt("string"), certification_details: opt("string"),
  viz_type: req("string"), params: opt("mapping"), query_context: opt("string"), cache_timeout: opt("integer"),
  uuid: req("uuid"), version: req("string"), dataset_uuid: req("uuid"), external_url: opt("string"), is_managed_externally: opt("boolean"),
};

export const DASHBOARD_SHAPE: Shape = {
  dashboard_title: req("string", true), description: opt("string"), css: opt("string"), slug: opt("string"),
  certified_by: opt("string"), certification_details: opt("string"), published: opt("boolean"), uuid: req("uuid"),
  position: req("mapping"), metadata: req("mapping"), version: req("string"), external_url: opt("string"),
  is_managed_externally: opt("boolean"),
};

export const SAVED_QUERY_SHAPE: Shape = {
  catalog: opt("string"), schema: opt("string"), label: opt("string"), description: opt("string"), sql: req("string"),
  uuid: req("uuid"), version: req("string"), database_uuid: req("uuid"), template_parameters: opt("any"),
};

/** marshmallow's errors for `value` against `shape`: { field: [message] }, columns[i] nested as Superset nests them. */
export function validateShape(value: unknown, shape: Shape): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { _schema: ["Invalid input type."] };
  const v = value as Record<string, unknown>;
  const errors: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    const x = v[name];
    if (x === undefined) {
      if (field.required) errors[name] = ["Missing data for required field."];
    } else if (x === null) {
      if (!field.nullable) errors[name] = ["Field may not be null."];
    } else if (!fits(field.kind, x)) {
      errors[name] = [MESSAGES[field.kind]];
    }
  }
  if (shape === DATASET_SHAPE) {
    for (const [key, inner] of [["columns", COLUMN_SHAPE], ["metrics", METRIC_SHAPE]] as const) {
      if (!Array.isArray(v[key])) continue;
      const nested: Record<string, unknown> = {};
      (v[key] as unknown[]).forEach((item, i) => {
        const e = validateShape(item, inner);
        if (Object.keys(e).length) nested[i] = e;
      });
      if (Object.keys(nested).length) errors[key] = nested;
    }
  }
  return errors;
}

/** metadata.yaml: version 1.0.0 and the bundle's type (Superset's MetadataSchema with validate.Equal). */
export function validateMetadata(value: unknown, type: string | null): Record<string, unknown> {
  const errors = validateShape(value, { version: req("string"), type: opt("string"), timestamp: opt("string") });
  const v = (value ?? {}) as Record<string, unknown>;
  if (!errors.version && v.version !== "1.0.0") errors.version = ["Must be equal to 1.0.0."];
  // Superset checks the type only when the file names one
  if (type && "type" in v && v.type !== type) errors.type = [`Must be equal to ${type}.`];
  return errors;
}
