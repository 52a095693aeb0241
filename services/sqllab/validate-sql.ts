import type { Connector } from "../../core/connectors/types";
import { ApiError } from "../../core/http/errors";
import { annotate, gateAnnotation, isExplainable, statementOffsets, type SqlAnnotation } from "../../core/sqllab/validate-sql";

/**
 * Validates a script as Superset's validate_sql does: the SQL gate first (a refused script is one annotation and
 * nothing reaches the database), then the engine's EXPLAIN of each statement it can plan. A problem with the SQL
 * becomes an annotation; a problem with the connection (timeout, refused login) is thrown as the error it is.
 */
export async function validateSql(
  open: () => Promise<Connector>,
  prepare: () => { rendered: string; statements: string[] },
  options: { schema: string | null; catalog: string | null },
  script: string,
): Promise<SqlAnnotation[]> {
  let prepared;
  try {
    prepared = prepare();
  } catch (e) {
    if (e instanceof ApiError && e.status < 500) return [gateAnnotation(script, e)];
    throw e;
  }
  const { rendered, statements } = prepared;
  const offsets = statementOffsets(rendered, statements);
  const found: SqlAnnotation[] = [];
  const connector = await open(); // only once the gate has passed the script
  try {
    for (const [i, statement] of statements.entries()) {
      if (!isExplainable(statement)) continue;
      try {
        await connector.explain(statement, options);
      } catch (e) {
        if (!(e instanceof ApiError) || e.errorType !== "GENERIC_DB_ENGINE_ERROR") throw e;
        found.push(annotate(rendered, offsets[i], statement, e.message.replace(/^(PostgreSQL|MySQL|D1) error: /, "")));
      }
    }
  } finally {
    await connector.close().catch(() => {});
  }
  return found;
}
