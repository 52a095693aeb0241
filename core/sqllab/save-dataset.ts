// "Save dataset" from SQL Lab results (Superset's SaveDatasetModal): the body of POST /api/v1/dataset/ and
// the form data Explore opens the new dataset with. Superset's DatasetRestApi.post accepts only its schema's
// fields (an unknown one is refused with 'Unknown field.'), so nothing else is sent.

export interface SaveDatasetSource {
  dbId: number;
  sql: string;
  catalog?: string | null;
  schema?: string | null;
  templateParams?: string | null;
}

export interface DatasetCreateBody {
  database: number;
  catalog: string | null;
  schema: string | null;
  sql: string;
  table_name: string;
  is_managed_externally: false;
  external_url: null;
  template_params?: string;
}

/**
 * Template parameters go along without Superset's `_filters` entry (it exists only to try Jinja filters in
 * SQL Lab); malformed or empty parameters are left out, as Superset does.
 */
export function datasetTemplateParams(text: string | null | undefined): string | undefined {
  if (!text?.trim()) return undefined;
  try {
    const params = JSON.parse(text) as unknown;
    if (!params || typeof params !== "object" || Array.isArray(params)) return undefined;
    const { _filters: _ignored, ...rest } = params as Record<string, unknown>;
    return Object.keys(rest).length ? JSON.stringify(rest) : undefined;
  } catch {
    return undefined;
  }
}

export function datasetCreateBody(source: SaveDatasetSource, name: string): DatasetCreateBody {
  const templateParams = datasetTemplateParams(source.templateParams);
  return {
    database: source.dbId,
    catalog: source.catalog ?? null,
    schema: source.schema ?? null,
    sql: source.sql,
    table_name: name.trim(),
    is_managed_externally: false,
    external_url: null,
    ...(templateParams ? { template_params: templateParams } : {}),
  };
}

/** Superset's EXPLORE_CHART_DEFAULT for a new dataset: a table chart of every column the query returned. */
export function exploreFormDataFor(datasetId: number, columns: string[]): Record<string, unknown> {
  return {
    metrics: [],
    groupby: [],
    time_range: "No filter",
    row_limit: 1000,
    viz_type: "table",
    datasource: `${datasetId}__table`,
    all_columns: columns,
  };
}

/** Where Superset opens the saved dataset: Explore with the cached form data's key (mountExploreUrl). */
export function exploreUrl(formDataKey: string): string {
  return `/explore/?form_data_key=${encodeURIComponent(formDataKey)}`;
}
