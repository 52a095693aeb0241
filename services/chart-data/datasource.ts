import type { Database } from "../../db/client";
import { datasetForChart } from "../../db/datasets/cache";
import type { DatabaseRow, DatasetRow } from "../../db/datasets/datasets";
import { ApiError } from "../../core/http/errors";
import { datasetScope, scopeAllows } from "../../core/datasets/access";
import type { Principal } from "../../core/security/permissions";
import type { DatasetForQuery } from "../../core/query/types";
import type { DatasetGrant } from "./dashboard-grant";
import { rulesOfDataset } from "../../db/rls/dataset-rules";
import { guestRulesFor, rlsPredicate, rulesForViewer, type RlsRule, type RlsViewer } from "../../core/rls/rules";
import { dialectFor } from "../../core/connectors/dialects";
import type { TableRls } from "../../core/rls/table-references";
import { tableRlsFor } from "../rls/table-rls";
import { rlsViewerOf } from "../../core/rls/viewer";

// The dataset a chart reads, with its database, columns and metrics: 404 when it does not exist, 403 with
// Superset's message when the caller's data access does not cover it (DATASOURCE_SECURITY_ACCESS_ERROR) and no
// `grant` lets it through (a dashboard's roles with DASHBOARD_RBAC: ./dashboard-grant.ts); with the row-level
// security rules that bind the caller on it.

export interface ChartDatasource {
  dataset: DatasetRow;
  database: DatabaseRow;
  query: DatasetForQuery;
  /** the row-level security rules binding this caller on this dataset (rendered into the query by run-query) */
  rls: RlsRule[];
  viewer: RlsViewer;
  /** a virtual dataset's: the rules binding this caller on the protected tables its SQL reads (run-query places them) */
  tables: TableRls[];
}

export async function chartDatasource(db: Database, principal: Principal, id: number, grant?: DatasetGrant): Promise<ChartDatasource> {
  const row = await datasetForChart(db, id);
  if (!row) throw new ApiError(404, "The dataset does not exist", "DATASOURCE_NOT_FOUND_ERROR");
  if (!scopeAllows(datasetScope(principal), row.dataset, row.database.database_name) && !(grant && (await grant(row.dataset.id)))) {
    throw new ApiError(
      403,
      `This endpoint requires the datasource ${row.dataset.table_name}, database or \`all_datasource_access\` permission`,
      "DATASOURCE_SECURITY_ACCESS_ERROR",
    );
  }
  const { columns, metrics } = row;
  const viewer = rlsViewerOf(principal);
  return {
    // every path that reads a dataset's rows comes through here, so this is where the caller's rules are found
    rls: [...rulesForViewer(await rulesOfDataset(db, row.dataset.id), viewer), ...guestRulesFor(viewer, row.dataset.id)],
    viewer,
    // a virtual dataset reads tables by name: their own rules bind it too (Superset's RLS on virtual datasets)
    tables: row.dataset.sql?.trim() ? await tableRlsFor(db, row.database.id, row.database.engine, viewer) : [],
    dataset: row.dataset,
    database: row.database,
    query: {
      table_name: row.dataset.table_name,
      schema: row.dataset.schema,
      sql: row.dataset.sql,
      main_dttm_col: row.dataset.main_dttm_col,
      columns: columns.map((c) => ({ column_name: c.column_name, expression: c.expression || null, is_dttm: !!c.is_dttm, type: c.type })),
      metrics: metrics.map((m) => ({ metric_name: m.metric_name, expression: m.expression })),
    },
  };
}

/**
 * The WHERE predicate this caller's rules make on this dataset (null: none). A cached answer keeps the one it was
 * read under, and is handed out by its key only to callers whose predicate is the same: the key alone is a hash
 * anyone can compute from another tenant's likely SQL.
 */
export function rlsPredicateOf(ds: ChartDatasource): string | null {
  const own = rlsPredicate(ds.rls, ds.viewer, dialectFor(ds.database.engine).flavour);
  if (!ds.tables.length) return own;
  return JSON.stringify([own, ds.tables.map((t) => [t.schema, t.table, t.predicate])]);
}
