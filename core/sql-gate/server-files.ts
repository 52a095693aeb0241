// What reaches the database server's own files and paths, refused on every database whether it allows DML or
// not, in whole statements and in adhoc clauses: writing files (INTO OUTFILE/DUMPFILE, COPY ... TO 'file',
// VACUUM INTO), reading them (LOAD DATA INFILE, COPY ... FROM 'file' or PROGRAM), loading libraries (SONAME,
// PostgreSQL's LOAD, SQLite's ATTACH), and reading where the server keeps them (@@datadir, SHOW data_directory,
// current_setting('data_directory'), pg_settings, information_schema's variable and tablespace tables). Paths
// tell an attacker where to aim the functions of functions.ts; none of this is needed to explore data.
import { ApiError } from "../http/errors";
import type { Lexeme, SqlDialect } from "./lexer";

/** MySQL/MariaDB system variables naming server paths or files (or fingerprinting the host, like version()). */
const PATH_VARIABLES = new Set([
  "datadir", "basedir", "tmpdir", "plugin_dir", "secure_file_priv", "general_log_file", "slow_query_log_file",
  "log_error", "pid_file", "socket", "character_sets_dir", "lc_messages_dir", "init_file", "log_bin",
  "log_bin_basename", "log_bin_index", "log_basename", "relay_log", "relay_log_basename", "relay_log_index",
  "relay_log_info_file", "innodb_data_home_dir", "innodb_log_group_home_dir", "innodb_undo_directory",
  "innodb_tmpdir", "innodb_data_file_path", "innodb_temp_data_file_path", "innodb_buffer_pool_filename",
  "aria_log_dir_path", "server_audit_file_path", "wsrep_data_home_dir", "ssl_ca", "ssl_capath", "ssl_cert",
  "ssl_key", "ssl_crl", "ssl_crlpath", "hostname", "version", "version_comment", "version_compile_os",
  "version_compile_machine",
]);

/** PostgreSQL settings naming server paths, files, libraries or commands (SHOW x, current_setting('x')). */
const PATH_SETTINGS = new Set([
  "data_directory", "config_file", "hba_file", "ident_file", "external_pid_file", "log_directory", "log_filename",
  "unix_socket_directories", "ssl_cert_file", "ssl_key_file", "ssl_ca_file", "ssl_crl_file", "ssl_crl_dir",
  "ssl_dh_params_file", "dynamic_library_path", "krb_server_keyfile", "stats_temp_directory", "archive_command",
  "archive_library", "restore_command", "archive_cleanup_command", "recovery_end_command",
  "shared_preload_libraries", "local_preload_libraries", "session_preload_libraries", "extension_destdir",
  "listen_addresses", "server_version", "server_version_num",
]);

/** Relations and functions that list settings, variables or files with their paths, wherever they are named. */
const PATH_RELATIONS = new Set([
  // PostgreSQL
  "pg_settings", "pg_file_settings", "pg_hba_file_rules", "pg_ident_file_mappings", "pg_config",
  "pg_show_all_settings", "pg_show_all_file_settings", "pg_current_logfile", "pg_tablespace_location",
  "pg_relation_filepath",
  // MySQL / MariaDB: information_schema, performance_schema and sys
  "global_variables", "session_variables", "system_variables", "variables_by_thread", "persisted_variables",
  "variables_info", "innodb_sys_tablespaces", "innodb_sys_datafiles", "innodb_datafiles", "innodb_tablespaces",
  "innodb_tablespaces_brief", "file_instances", "file_summary_by_instance", "io_global_by_file_by_bytes",
  "io_global_by_file_by_latency", "latest_file_io", "x$io_global_by_file_by_bytes",
  "x$io_global_by_file_by_latency", "x$latest_file_io",
  // SQLite: the file of each attached database
  "pragma_database_list", "database_list",
]);

const VARIABLE_SCOPES = new Set(["global", "session", "local"]);
/** Words that reach server files wherever they stand (SELECT ... INTO OUTFILE, LOAD DATA INFILE, ... SONAME). */
const FILE_WORDS = new Set(["OUTFILE", "DUMPFILE", "INFILE", "SONAME"]);

interface Piece {
  kind: Lexeme["kind"];
  /** Upper-cased word, lower-cased unquoted name, or the raw text */
  text: string;
  /** Lower-cased name when the piece can name something (word, quoted name, MySQL's "name" under ANSI_QUOTES) */
  name: string | null;
}

function pieces(lexemes: Lexeme[], dialect: SqlDialect): Piece[] {
  const out: Piece[] = [];
  for (const lexeme of lexemes) {
    if (lexeme.kind === "word") {
      for (const word of lexeme.words) out.push({ kind: "word", text: word, name: word.toLowerCase() });
    } else if (lexeme.kind === "quoted") {
      out.push({ kind: "quoted", text: lexeme.raw, name: lexeme.words[0] });
    } else if (lexeme.kind === "string" && dialect === "mysql" && lexeme.raw.startsWith('"')) {
      out.push({ kind: "string", text: lexeme.raw, name: lexeme.raw.slice(1, -1).replaceAll('""', '"').toLowerCase() });
    } else {
      out.push({ kind: lexeme.kind, text: lexeme.raw, name: null });
    }
  }
  return out;
}

/** What in this statement (or clause) reaches the server's files or paths; empty when nothing does. */
export function findServerFileAccess(lexemes: Lexeme[], dialect: SqlDialect): string[] {
  const items = pieces(lexemes, dialect);
  const found = new Set<string>();
  let head = 0;
  while (items[head]?.kind === "open") head++;
  const headWord = items[head]?.kind === "word" ? items[head].text : "";
  items.forEach((item, i) => {
    const next = items[i + 1];
    if (item.kind === "word" && FILE_WORDS.has(item.text)) found.add(item.text);
    if (item.kind === "word" && item.text === "INTO" && next?.kind === "string") found.add("INTO a file");
    if (item.name && PATH_RELATIONS.has(item.name)) found.add(item.name);
    if (item.name === "files" && items[i - 1]?.kind === "dot" && items[i - 2]?.name === "information_schema") {
      found.add("information_schema.files");
    }
    if (item.kind === "variable" && item.text.startsWith("@@")) systemVariable(items, i, found);
    if (item.name === "current_setting" && next?.kind === "open") settingArgument(items, i + 2, found);
  });
  if (headWord === "SHOW") showStatement(items, head + 1, dialect, found);
  if (headWord === "COPY" && dialect === "postgresql") copyStatement(items, found);
  if (headWord === "LOAD" && dialect === "postgresql") found.add("LOAD");
  if (headWord === "ATTACH" && dialect === "sqlite") found.add("ATTACH");
  return [...found];
}

/** @@x, @@global.x, `@@global . x`, @@GLOBAL.`x`: every name part is compared; a scope without a name is refused. */
function systemVariable(items: Piece[], at: number, found: Set<string>) {
  const raw = items[at].text;
  const parts = raw.slice(2).toLowerCase().split(".").filter(Boolean);
  let i = at + 1;
  let expectName = raw.endsWith(".");
  for (;;) {
    if (!expectName && items[i]?.kind === "dot") {
      expectName = true;
      i++;
    } else if (expectName && items[i]?.name) {
      parts.push(items[i].name as string);
      expectName = false;
      i++;
    } else {
      break;
    }
  }
  if (expectName || parts.every((part) => VARIABLE_SCOPES.has(part))) found.add(`${raw} (a variable the gate cannot read)`);
  for (const part of parts) if (PATH_VARIABLES.has(part)) found.add(`@@${part}`);
}

/** current_setting('name'[, missing_ok]): only a plain literal name can be checked; anything computed is refused. */
function settingArgument(items: Piece[], at: number, found: Set<string>) {
  const arg = items[at];
  const after = items[at + 1];
  const literal = arg?.kind === "string" ? /^'((?:[^'\\]|'')*)'$/.exec(arg.text) : null;
  if (!literal || (after?.kind !== "close" && after?.kind !== "comma")) {
    found.add("current_setting() of a name that is not a plain string literal");
    return;
  }
  const name = literal[1].replaceAll("''", "'").trim().toLowerCase();
  if (PATH_SETTINGS.has(name)) found.add(`current_setting('${name}')`);
}

function showStatement(items: Piece[], from: number, dialect: SqlDialect, found: Set<string>) {
  if (dialect === "mysql") {
    // SHOW [GLOBAL | SESSION] VARIABLES lists every variable, paths included, whatever LIKE or WHERE follows.
    if (items.slice(from).some((item) => item.kind === "word" && item.text === "VARIABLES")) found.add("SHOW VARIABLES");
    return;
  }
  const name = items[from]?.name;
  if (name === "all") found.add("SHOW ALL");
  else if (name && PATH_SETTINGS.has(name)) found.add(`SHOW ${name}`);
}

/** COPY ... TO/FROM 'file' and COPY ... PROGRAM run on the server's file system; TO STDOUT / FROM STDIN do not. */
function copyStatement(items: Piece[], found: Set<string>) {
  let depth = 0;
  items.forEach((item, i) => {
    if (item.kind === "open") depth++;
    else if (item.kind === "close") depth--;
    else if (item.kind === "word" && item.text === "PROGRAM") found.add("COPY ... PROGRAM");
    else if (depth === 0 && item.kind === "word" && (item.text === "TO" || item.text === "FROM") && items[i + 1]?.kind === "string") {
      found.add(`COPY ... ${item.text} a file`);
    }
  });
}

/** Refused on every database, DML allowed or not: the server's own files and paths are not data. */
export function serverFilesError(what: string[]): ApiError {
  return new ApiError(400, `SQL statement reaches the database server's files or paths: ${what.join(", ")}`, "SYNTAX_ERROR", {
    disallowed: what,
  });
}
