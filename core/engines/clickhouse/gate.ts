import { calledFunctions } from "../../sql-gate/classify";
import type { Lexeme } from "../../sql-gate/lexer";

// What the SQL gate refuses in ClickHouse's SQL on every database, DML allowed or not (the gate's shared rules
// run as well). ClickHouse reaches outside its own tables through table functions and engines, changes its own
// limits through SETTINGS, and runs administration through SYSTEM and KILL; none of it is data to explore.

/** Table functions and functions that read or write other servers, files, programs or the host. */
const OUTSIDE_FUNCTIONS = new Set([
  "url", "urlcluster", "file", "filecluster", "remote", "remotesecure", "cluster", "clusterallreplicas", "s3",
  "s3cluster", "gcs", "oss", "cosn", "hdfs", "hdfscluster", "azureblobstorage", "azureblobstoragecluster", "mysql",
  "postgresql", "mongodb", "redis", "sqlite", "jdbc", "odbc", "input", "executable", "executablepool", "iceberg",
  "icebergs3", "icebergazure", "iceberghdfs", "deltalake", "hudi", "fuzzjson", "dictionary",
  // table engines and dictionary sources that do the same from CREATE TABLE / CREATE DICTIONARY (DML allowed)
  "kafka", "rabbitmq", "nats", "distributed", "materializedpostgresql", "materializedmysql", "http", "clickhouse", "source",
  // the host and its files: names, paths, disk space, introspection of the server's binary
  "hostname", "fqdn", "getmacro", "filesystemavailable", "filesystemfree", "filesystemcapacity", "buildid",
  "addresstoline", "addresstolinewithinlines", "addresstosymbol", "demangle", "getserverport", "serveruuid",
  "tcpport", "displayname", "uptime",
]);

/** Statements that administer the server (or, ATTACH, load a table from a path). */
const DENIED_HEADS = new Set(["SYSTEM", "KILL", "ATTACH", "DETACH", "GRANT", "REVOKE"]);

/** Settings that undo the limits Superset runs a statement under, or change how the answer is written. */
const PROTECTED_SETTINGS = new Set([
  "readonly", "allow_ddl", "allow_introspection_functions", "max_execution_time", "timeout_overflow_mode",
  "max_result_rows", "max_result_bytes", "result_overflow_mode", "max_memory_usage", "max_memory_usage_for_user",
  "max_memory_usage_for_all_queries", "max_query_size", "max_rows_to_read", "max_bytes_to_read", "read_overflow_mode",
  "limit", "offset", "default_format", "max_concurrent_queries_for_user",
]);
const PROTECTED_PREFIXES = ["output_format_", "input_format_", "format_", "allow_experimental_", "max_network_"];

/** System tables that show the host, its paths, its configuration or other users' queries. */
const HOST_TABLES = new Set([
  "build_options", "macros", "clusters", "zookeeper", "disks", "storage_policies", "server_settings", "users",
  "user_directories", "text_log", "processes", "query_log", "query_thread_log", "dictionaries", "graphite_retentions",
  "models", "settings_profile_elements", "quota_usage", "crash_log", "trace_log", "stack_trace", "certificates",
]);

/** Reasons the statement is refused in ClickHouse; empty when none. */
export function clickhouseRefusals(lexemes: Lexeme[]): string[] {
  const found = new Set<string>();
  const head = lexemes.find((l) => l.kind !== "open");
  if (head?.kind === "word" && DENIED_HEADS.has(head.words[0])) found.add(`${head.words[0]} statements`);
  for (const name of calledFunctions(lexemes)) if (OUTSIDE_FUNCTIONS.has(name)) found.add(`${name}()`);
  lexemes.forEach((l, i) => {
    const next = lexemes[i + 1];
    const word = l.kind === "word" ? l.words[l.words.length - 1] : null;
    if (word === "FORMAT" && !(next?.kind === "open" && next.raw === "(")) found.add("FORMAT (Superset chooses the answer's format)");
    if (word === "SETTINGS" || (word === "SET" && i === lexemes.indexOf(head as Lexeme))) settingNames(lexemes, i + 1, found);
    if (l.kind === "dot" && nameOf(lexemes[i - 1]) === "system" && HOST_TABLES.has(nameOf(next) ?? "")) found.add(`system.${nameOf(next)}`);
  });
  return [...found];
}

function nameOf(l: Lexeme | undefined): string | null {
  if (!l) return null;
  if (l.kind === "word") return l.words.length === 1 ? l.words[0].toLowerCase() : null;
  return l.kind === "quoted" ? l.words[0] : null;
}

/** `name = value, name = value …`: every name is checked; a list the gate cannot follow is refused. */
function settingNames(lexemes: Lexeme[], from: number, found: Set<string>) {
  let i = from;
  for (;;) {
    const name = nameOf(lexemes[i]);
    if (!name || lexemes[i + 1]?.raw !== "=") {
      // SETTINGS as a column or alias name, not a clause: nothing follows it that sets anything
      if (i !== from) found.add("a SETTINGS list the gate cannot read");
      return;
    }
    if (PROTECTED_SETTINGS.has(name) || PROTECTED_PREFIXES.some((p) => name.startsWith(p))) found.add(`the setting ${name}`);
    i += 2;
    while (lexemes[i] && lexemes[i].kind !== "comma" && lexemes[i].kind !== "delimiter") {
      if (lexemes[i].kind === "open" || lexemes[i].kind === "close") return;
      i++;
    }
    if (lexemes[i]?.kind !== "comma") return;
    i++;
  }
}
