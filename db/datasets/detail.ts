import type { Database } from "../client";
import { columnsAndMetrics, datasetKind, humanizedSince, peopleOf, utcText, type ColumnRow, type DatabaseRow, type DatasetRow, type MetricRow } from "./datasets";
import { dialectFor, TIME_GRAINS, TIME_GRAIN_NAMES } from "../../core/connectors/dialects/index";

// GET /api/v1/dataset/{pk}: the dataset with its columns, metrics, database, owners and the
// helpers Explore reads (select_star, verbose_map, column_formats, order_by_choices).

export const datasourceUid = (id: number) => `${id}__table`;

function columnJson(c: ColumnRow) {
  return {
    id: c.id, uuid: c.uuid, column_name: c.column_name, verbose_name: c.verbose_name, description: c.description,
    expression: c.expression, type: c.type, type_generic: c.type_generic, is_dttm: c.is_dttm, is_active: c.is_active,
    filterable: c.filterable, groupby: c.groupby, python_date_format: c.python_date_format,
    advanced_data_type: c.advanced_data_type, extra: c.extra, created_on: c.created_on, changed_on: c.changed_on,
  };
}

function metricJson(m: MetricRow) {
  let currency: unknown = m.currency;
  try {
    currency = m.currency ? JSON.parse(m.currency) : null;
  } catch {
    // stored as plain text by an older client: answered as is
  }
  return {
    id: m.id, uuid: m.uuid, metric_name: m.metric_name, verbose_name: m.verbose_name, description: m.description,
    expression: m.expression, metric_type: m.metric_type, d3format: m.d3format, currency, warning_text: m.warning_text,
    extra: m.extra, created_on: m.created_on, changed_on: m.changed_on,
  };
}

export function selectStarFor(dataset: DatasetRow, database: DatabaseRow, columnNames: string[]): string {
  const dialect = dialectFor(database.engine);
  if (datasetKind(dataset) === "virtual") return `SELECT *\nFROM (\n${dataset.sql}\n) AS virtual_table\nLIMIT 100`;
  return dialect.selectStar(dataset.table_name, dataset.schema, columnNames, 100);
}

export async function datasetDetail(db: Database, dataset: DatasetRow, database: DatabaseRow) {
  const [{ columns, metrics }, people] = await Promise.all([columnsAndMetrics(db, dataset.id), peopleOf(db, dataset)]);
  const physicalNames = columns.filter((c) => !c.expression).map((c) => c.column_name);
  const verbose_map: Record<string, string> = { __timestamp: "Time" };
  for (const c of columns) verbose_map[c.column_name] = c.verbose_name || c.column_name;
  for (const m of metrics) verbose_map[m.metric_name] = m.verbose_name || m.metric_name;
  const dttm = columns.filter((c) => c.is_dttm);
  return {
    id: dataset.id,
    uuid: dataset.uuid,
    uid: datasourceUid(dataset.id),
    table_name: dataset.table_name,
    datasource_name: dataset.table_name,
    name: dataset.schema ? `${dataset.schema}.${dataset.table_name}` : dataset.table_name,
    datasource_type: "table",
    kind: datasetKind(dataset),
    catalog: dataset.catalog,
    schema: dataset.schema,
    sql: dataset.sql,
    description: dataset.description,
    main_dttm_col: dataset.main_dttm_col,
    default_endpoint: dataset.default_endpoint,
    offset: dataset.offset,
    cache_timeout: dataset.cache_timeout,
    template_params: dataset.template_params,
    filter_select_enabled: dataset.filter_select_enabled,
    normalize_columns: dataset.normalize_columns,
    always_filter_main_dttm: dataset.always_filter_main_dttm,
    is_sqllab_view: dataset.is_sqllab_view,
    is_managed_externally: dataset.is_managed_externally,
    external_url: dataset.external_url,
    extra: dataset.extra,
    url: `/tablemodelview/edit/${dataset.id}`,
    database: { id: database.id, database_name: database.database_name, backend: database.engine, allow_multi_catalog: false },
    columns: columns.map(columnJson),
    metrics: metrics.map(metricJson),
    owners: people.owners,
    created_by: people.created_by,
    changed_by: people.changed_by,
    created_on: utcText(dataset.created_on),
    changed_on: utcText(dataset.changed_on),
    created_on_humanized: humanizedSince(dataset.created_on),
    changed_on_humanized: humanizedSince(dataset.changed_on),
    select_star: selectStarFor(dataset, database, physicalNames),
    verbose_map,
    column_formats: Object.fromEntries(metrics.filter((m) => m.d3format).map((m) => [m.metric_name, m.d3format])),
    granularity_sqla: dttm.map((c) => [c.column_name, c.column_name]),
    time_grain_sqla: TIME_GRAINS.map((g) => [g, TIME_GRAIN_NAMES[g]]),
    order_by_choices: columns.flatMap((c) => [
      [JSON.stringify([c.column_name, true]), `${c.column_name} [asc]`],
      [JSON.stringify([c.column_name, false]), `${c.column_name} [desc]`],
    ]),
  };
}

/**
 * The dataset as Superset's `SqlaTable.data` answers it (Explore's initial context, a dashboard's datasets): the
 * detail plus `type`, which Superset's frontend reads to build datasource keys ("3__table").
 */
export async function datasourceData(db: Database, dataset: DatasetRow, database: DatabaseRow) {
  return { ...(await datasetDetail(db, dataset, database)), type: "table" as const };
}
