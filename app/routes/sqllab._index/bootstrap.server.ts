import { can, type Principal } from "../../../core/security/permissions";
import { limitConfig } from "../../../core/sqllab/limits";

// Settings SQL Lab needs before its first call (Superset's common.conf): query limits and the
// configured default database. The tabs themselves come from GET /api/v1/sqllab/.

export function sqlLabConfig(env: { DEFAULT_SQLLAB_LIMIT?: string; SQL_MAX_ROW?: string; SQLLAB_DEFAULT_DBID?: string }) {
  const limits = limitConfig(env.DEFAULT_SQLLAB_LIMIT, env.SQL_MAX_ROW);
  const configured = Number(env.SQLLAB_DEFAULT_DBID);
  return { defaultQueryLimit: limits.defaultLimit, maxRow: limits.maxRow, configuredDefaultDbId: Number.isSafeInteger(configured) && configured > 0 ? configured : null };
}

export type SqlLabConfig = ReturnType<typeof sqlLabConfig>;

/** What the SQL Lab page is allowed to offer this user: CSV export, and connecting databases (its empty state). */
export function sqlLabPageData(env: Parameters<typeof sqlLabConfig>[0], principal: Principal) {
  return { config: sqlLabConfig(env), canExport: can(principal, "can_export_csv", "SQLLab"), canConnect: can(principal, "can_write", "Database") };
}
