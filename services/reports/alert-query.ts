import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { databases } from "../../db/schema";
import { gateSql } from "../../core/sql-gate/index";
import { dialectFor } from "../../core/connectors/dialects";
import { parseTemplateParams, renderSqlTemplate } from "../../core/templates/index";
import { canAccessDatabase, databasePermName, type Principal } from "../../core/security/permissions";
import { secretsOfUri } from "../../core/sqllab/scrub";
import { connectorFor } from "../connectors/registry";
import { engineFailure } from "../sqllab/run-statements";
import type { Env } from "../env";
import { ReportError } from "./errors";
import { rlsViewerOf } from "../../core/rls/viewer";
import { tableRlsFor, readingSchema } from "../rls/table-rls";
import { applyTableRls } from "../../core/rls/table-references";

// An alert's SQL, run as the alert's executor on the alert's database: templates rendered, then the SQL gate
// (read-only, one statement) like every other read, then the connector. Two rows are fetched at most: enough
// for the validator to say "more than one row" (Superset runs it with a LIMIT for the same reason). Every table
// the SQL names that row-level security rules protect is read through the executor's rules (services/rls), so
// an alert never sees, and never reports as its value, rows its executor could not see in a chart.

const ALERT_TIMEOUT_MS = 30_000;

export interface AlertRows {
  columns: string[];
  rows: unknown[][];
}

export async function runAlertQuery(env: Env, db: Database, secret: string, principal: Principal, databaseId: number | null, sql: string | null): Promise<AlertRows> {
  if (!databaseId || !sql?.trim()) throw new ReportError("This alert has no database or no SQL query to check.");
  const database = await db.select().from(databases).where(eq(databases.id, databaseId)).get();
  if (!database) throw new ReportError(`The database of this alert (id ${databaseId}) no longer exists.`);
  if (!canAccessDatabase(principal, databasePermName(database.database_name, database.id))) {
    throw new ReportError(`The alert's owner (${principal.username}) may not query the database "${database.database_name}".`);
  }
  const dialect = dialectFor(database.engine).flavour;
  const tables = await tableRlsFor(db, database.id, database.engine, rlsViewerOf(principal));
  let statement: string;
  try {
    const rendered = renderSqlTemplate(sql, { params: parseTemplateParams(null), username: principal.username, userId: principal.id }, dialect);
    const filtered = applyTableRls(rendered, dialect, tables, readingSchema(database.engine, null));
    const { statements } = gateSql(filtered, { dialect, allowDml: false });
    if (statements.length !== 1) throw new Error("An alert query must be a single statement.");
    statement = statements[0];
  } catch (e) {
    throw new ReportError(`Alert found an error while executing a query. ${(e as Error).message}`);
  }
  const connector = await connectorFor(env, database, secret);
  try {
    const result = await connector.execute(statement, { limit: 2, readOnly: true, timeoutMs: ALERT_TIMEOUT_MS, schema: null });
    return { columns: result.columns.map((c) => c.name), rows: result.rows };
  } catch (e) {
    throw new ReportError(`Alert found an error while executing a query. ${engineFailure(e, secretsOfUri(database.sqlalchemy_uri)).message}`);
  } finally {
    await connector.close().catch(() => {});
  }
}
