import { parseExtra } from "../../core/connectors/database-payload";
import { engineLabel } from "../../core/connectors/errors";
import { ENGINES } from "../../core/engines/registry";
import { maskUri, parseSqlalchemyUri } from "../../core/connectors/uri";
import { naturalTime } from "../../core/sqllab/humanize";
import type { DatabaseRow } from "../../db/databases/databases";

// Database rows as Superset's DatabaseRestApi answers them. The password is never part of any answer:
// the URI is always the stored, masked one.

/** The same for every engine here: no file upload, SSH tunnels, dynamic catalogs or OAuth2. */
export const ENGINE_INFORMATION = {
  supports_file_upload: false,
  disable_ssh_tunneling: true,
  supports_dynamic_catalog: false,
  supports_oauth2: false,
};

function flags(row: DatabaseRow) {
  const extra = parseExtra(row.extra);
  return {
    allow_ctas: row.allow_ctas,
    allow_cvas: row.allow_cvas,
    allow_dml: row.allow_dml,
    allow_file_upload: row.allow_file_upload,
    allow_run_async: row.allow_run_async,
    allow_multi_catalog: extra.allow_multi_catalog === true,
    allows_cost_estimate: ENGINES.find(row.engine)?.sqlLab.costEstimate ?? true,
    allows_subquery: true,
    allows_virtual_table_explore: extra.allows_virtual_table_explore !== false,
    disable_data_preview: extra.disable_data_preview === true,
    disable_drill_to_detail: extra.disable_drill_to_detail === true,
    expose_in_sqllab: row.expose_in_sqllab,
    force_ctas_schema: row.force_ctas_schema,
  };
}

/** The connection parameters of the stored URI (no password) for the connection form's fields. */
export function connectionParameters(row: DatabaseRow): Record<string, unknown> {
  try {
    const p = parseSqlalchemyUri(row.sqlalchemy_uri);
    return { host: p.host, port: p.port, database: p.database, username: p.username, query: p.query, encryption: p.query.sslmode === "require" };
  } catch {
    return {};
  }
}

type UserRef = { id: number; first_name: string; last_name: string } | undefined;

export function listItem(row: DatabaseRow, users: Map<number, { id: number; first_name: string; last_name: string }>, now: Date) {
  const user = (id: number | null): UserRef | null => (id ? (users.get(id) ?? null) : null);
  return {
    id: row.id,
    uuid: row.uuid,
    database_name: row.database_name,
    backend: row.engine,
    engine_information: ENGINE_INFORMATION,
    explore_database_id: row.id,
    extra: row.extra,
    changed_on: row.changed_on,
    changed_on_delta_humanized: naturalTime(row.changed_on, now),
    changed_by: user(row.changed_by_fk),
    created_by: user(row.created_by_fk),
    ...flags(row),
  };
}

export function detail(row: DatabaseRow) {
  return {
    id: row.id,
    uuid: row.uuid,
    database_name: row.database_name,
    backend: row.engine,
    driver: ENGINES.find(row.engine)?.driver ?? row.engine,
    engine: row.engine,
    engine_name: engineLabel(row.engine),
    engine_information: ENGINE_INFORMATION,
    sqlalchemy_uri: maskUri(row.sqlalchemy_uri),
    parameters: connectionParameters(row),
    cache_timeout: row.cache_timeout,
    configuration_method: row.configuration_method,
    extra: row.extra,
    impersonate_user: row.impersonate_user,
    is_managed_externally: row.is_managed_externally,
    external_url: row.external_url,
    changed_on: row.changed_on,
    created_on: row.created_on,
    ...flags(row),
  };
}
