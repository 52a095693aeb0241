// Function lists of the SQL gate. Names are compared lower-cased, without schema ("pg_catalog.pg_read_file" and
// "pg_read_file" are the same function), quoted or not.

/**
 * Refused in every database, even one that allows DML, unless the caller passes its own list.
 * Why each group is here:
 * - server files and programs: pg_read_file & co., lo_import/lo_export, adminpack's pg_file_*, MySQL's load_file,
 *   lib_mysqludf_sys's sys_exec/sys_eval, SQLite's load_extension/readfile/writefile/edit/fts3_tokenizer (the
 *   last one is a known memory-corruption vector). They reach the database host, not the data.
 * - other connections: dblink* opens connections the gate never sees (and could write through a loopback).
 * - SQL run from a string: query_to_xml, cursor_to_xml, ts_stat, ts_rewrite, crosstab*, connectby and xpath_table
 *   execute the text of an argument, so the gate could not check that text.
 * - whole-database dumps: database_to_xml, schema_to_xml, table_to_xml (Superset's own example list).
 * - server fingerprinting: version, inet_server_addr, inet_client_addr (Superset's DISALLOWED_SQL_FUNCTIONS example).
 * Not here, on purpose:
 * - pg_sleep, sleep, benchmark: they only cost time, which any heavy query can cost too; the 30 s timeout and
 *   query cancellation bound that, and they are the natural way to try cancellation.
 * - current_setting: commonly used to read the time zone or search path; settings that reveal the host are
 *   already restricted to superusers by PostgreSQL itself.
 */
export const DEFAULT_DENIED_FUNCTIONS: readonly string[] = Object.freeze([
  // PostgreSQL: server files and programs
  "pg_read_file", "pg_read_binary_file", "pg_ls_dir", "pg_ls_logdir", "pg_ls_waldir", "pg_ls_tmpdir",
  "pg_ls_archive_statusdir", "pg_stat_file", "lo_import", "lo_export", "pg_file_write", "pg_file_rename",
  "pg_file_unlink", "pg_file_sync", "pg_logdir_ls",
  // PostgreSQL: other connections
  "dblink", "dblink_exec", "dblink_connect", "dblink_connect_u", "dblink_send_query", "dblink_open",
  "dblink_get_result",
  // PostgreSQL: SQL run from a string argument, and whole-database dumps
  "query_to_xml", "query_to_xml_and_xmlschema", "query_to_xmlschema", "cursor_to_xml", "cursor_to_xmlschema",
  "table_to_xml", "table_to_xml_and_xmlschema", "schema_to_xml", "schema_to_xml_and_xmlschema",
  "database_to_xml", "database_to_xml_and_xmlschema", "ts_stat", "ts_rewrite", "crosstab", "crosstab2",
  "crosstab3", "crosstab4", "connectby", "xpath_table",
  // PostgreSQL and MySQL: server fingerprinting
  "version", "inet_server_addr", "inet_client_addr",
  // MySQL / MariaDB
  "load_file", "sys_exec", "sys_eval",
  // SQLite
  "load_extension", "readfile", "writefile", "edit", "fts3_tokenizer",
]);

/**
 * Functions that change state: refused like any write when the database does not allow DML. Session state counts
 * (set_config, advisory locks) because pooled connections (Hyperdrive) carry it over to the next user's query.
 */
export const STATE_CHANGING_FUNCTIONS: ReadonlySet<string> = new Set([
  // PostgreSQL
  "set_config", "nextval", "setval", "pg_advisory_lock", "pg_advisory_lock_shared", "pg_try_advisory_lock",
  "pg_try_advisory_lock_shared", "pg_advisory_unlock", "pg_advisory_unlock_shared", "pg_advisory_unlock_all",
  "lo_create", "lo_creat", "lo_unlink", "lo_from_bytea", "lo_put", "lo_truncate", "lowrite", "lo_open",
  "pg_terminate_backend", "pg_cancel_backend", "pg_reload_conf", "pg_rotate_logfile", "pg_switch_wal",
  "pg_create_restore_point", "pg_create_physical_replication_slot", "pg_create_logical_replication_slot",
  "pg_drop_replication_slot", "pg_copy_physical_replication_slot", "pg_copy_logical_replication_slot",
  "pg_replication_origin_create", "pg_replication_origin_drop", "pg_logical_emit_message", "pg_stat_reset",
  "pg_stat_reset_shared", "pg_stat_reset_single_table_counters", "pg_stat_reset_single_function_counters",
  "pg_stat_reset_slru", "pg_stat_reset_replication_slot", "pg_stat_statements_reset", "pg_promote",
  "pg_wal_replay_pause", "pg_wal_replay_resume", "pg_backup_start", "pg_backup_stop", "pg_start_backup",
  "pg_stop_backup", "pg_import_system_collations", "pg_notify", "pg_log_backend_memory_contexts",
  // MySQL / MariaDB named locks live in the session too
  "get_lock", "release_lock", "release_all_locks",
]);

// Every gate run asks for its list; the default list is one frozen array, so its set is built once per isolate
// (rebuilding it showed as ~3 ms per dashboard page in the V8 profile: the page gates each of its charts' SQL).
const normalised = new WeakMap<readonly string[], ReadonlySet<string>>();

/**
 * The names lower-cased and trimmed, as a set of function names without quotes (the caller strips schema qualifiers
 * by taking the last name part); read once per array (pass a new array to change a list).
 */
export function normaliseFunctionList(names: readonly string[]): ReadonlySet<string> {
  let set = normalised.get(names);
  if (!set) {
    set = new Set(names.map((name) => name.trim().toLowerCase()).filter(Boolean));
    normalised.set(names, set);
  }
  return set;
}
