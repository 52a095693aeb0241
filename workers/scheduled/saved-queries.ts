import type { Env } from "../../services/env";
import type { Database } from "../../db/client";
import { scheduledSavedQueries, updateSavedQuery, type SavedQueryRow } from "../../db/sqllab/saved-queries";
import { databaseById } from "../../db/databases/databases";
import { loadPrincipal } from "../../db/security/principals";
import { dueOccurrence, parseSchedule, type LastRun } from "../../core/sqllab/schedule";
import { limitConfig } from "../../core/sqllab/limits";
import { parseJsonObject } from "../../core/sqllab/payloads";
import { secretsOfUri } from "../../core/sqllab/scrub";
import { connectorFor } from "../../services/connectors/registry";
import { mayUseInSqlLab } from "../sqllab/database-access";
import { syncTimeoutMs } from "../sqllab/execute";
import { prepareSql } from "../sqllab/prepare";
import { sqlLabRls } from "../../services/rls/table-rls";
import { engineFailure, runStatements } from "../../services/sqllab/run-statements";

// Scheduled saved queries (Superset's "schedule a query"): on each cron tick, every saved query whose
// schedule_info has an occurrence in this minute runs as its owner, with the owner's current rights and
// the database's DML setting, and the outcome is written back to extra_json.last_run.

export async function runDueSavedQueries(env: Env, db: Database, now: Date): Promise<{ ran: number; failed: number }> {
  const candidates = await scheduledSavedQueries(db);
  let ran = 0;
  let failed = 0;
  for (const saved of candidates) {
    const extra = parseJsonObject(saved.extra_json);
    let due: Date | null;
    try {
      const schedule = parseSchedule(extra);
      const last = extra.last_run as LastRun | undefined;
      due = schedule ? dueOccurrence(schedule, now, typeof last?.at === "string" ? last.at : null) : null;
    } catch {
      continue; // an unreadable schedule never runs; saving it again shows the user why
    }
    if (!due) continue;
    const outcome = await runOne(env, db, saved, due);
    outcome.status === "success" ? ran++ : failed++;
    await updateSavedQuery(db, saved.id, { extra_json: JSON.stringify({ ...extra, last_run: outcome }), last_run: outcome.at, rows: outcome.rows });
  }
  return { ran, failed };
}

async function runOne(env: Env, db: Database, saved: SavedQueryRow, due: Date): Promise<LastRun> {
  const at = due.toISOString();
  const database = await databaseById(db, saved.db_id!);
  const owner = saved.user_id === null ? null : await loadPrincipal(db, saved.user_id);
  if (!database) return { status: "failed", at, rows: null, error: "The database of this query no longer exists." };
  if (!owner || !mayUseInSqlLab(owner, database)) return { status: "failed", at, rows: null, error: "The owner of this query may no longer use its database." };
  try {
    const { statements } = prepareSql({
      sql: saved.sql,
      engine: database.engine,
      allowDml: database.allow_dml,
      templateParams: saved.template_parameters,
      user: { id: owner.id, username: owner.username },
      rls: await sqlLabRls(env, db, owner, database, saved.schema),
    });
    const connector = await connectorFor(env, database, env.SECRET_KEY ?? "");
    try {
      const { result } = await runStatements(connector, {
        engine: database.engine, statements, limit: limitConfig(env.DEFAULT_SQLLAB_LIMIT, env.SQL_MAX_ROW).maxRow,
        schema: saved.schema, catalog: saved.catalog, readOnly: !database.allow_dml, timeoutMs: syncTimeoutMs(env), ctas: null,
      });
      return { status: "success", at, rows: result.rows.length, error: null };
    } finally {
      await connector.close().catch(() => {});
    }
  } catch (e) {
    return { status: "failed", at, rows: null, error: engineFailure(e, secretsOfUri(database.sqlalchemy_uri)).message };
  }
}
