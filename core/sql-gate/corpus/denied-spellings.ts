// Every spelling under which an engine resolves a name to a denied function or a server path: the gate must
// refuse each one.
// `resolves` names the function the engine really calls; tests/integration/sql-gate-spellings.test.ts runs each
// statement straight on the engine to prove it (so the list holds real attacks, not guesses), then sends it
// through SQL Lab to prove the gate refuses it. Arguments are harmless (PG_VERSION, /etc/hostname).
import type { SqlDialect } from "../lexer";

export interface DeniedSpelling {
  sql: string;
  note: string;
  resolves: string;
  /** statements to run first on the engine's session for the direct proof (e.g. MySQL's ANSI_QUOTES) */
  session?: string[];
}

const pgRead = (call: string, note: string): DeniedSpelling => ({ sql: `SELECT ${call}('PG_VERSION') AS x`, note, resolves: "pg_read_file" });

export const DENIED_SPELLINGS: Record<SqlDialect, DeniedSpelling[]> = {
  postgresql: [
    pgRead("pg_read_file", "plain"),
    pgRead("PG_READ_FILE", "unquoted names fold to lower case"),
    pgRead('"pg_read_file"', "quoted"),
    pgRead("pg_catalog.pg_read_file", "schema-qualified"),
    pgRead('"pg_catalog"."pg_read_file"', "schema-qualified, quoted"),
    pgRead("pg_catalog . pg_read_file", "spaces around the dot"),
    pgRead("pg_read_file/**/", "comment before the parenthesis"),
    pgRead("pg_read_file /* a /* nested */ comment */", "nested comment before the parenthesis"),
    pgRead("pg_read_file\n", "newline before the parenthesis"),
    pgRead("pg_read_file --x\n", "line comment before the parenthesis"),
    pgRead('U&"pg\\005fread\\005ffile"', "U& identifier with \\XXXX escapes"),
    pgRead('u&"pg\\+00005fread_file"', "U& identifier with a \\+XXXXXX escape, lower-case u&"),
    pgRead('U&"pg!005fread!005ffile" UESCAPE \'!\'', "U& identifier with a UESCAPE character"),
    pgRead('U&"\\0070g_read_file"', "U& identifier escaping the first letter"),
    pgRead('U&"pg_read_file"', "U& identifier without escapes"),
    pgRead('pg_catalog.U&"pg\\005fread\\005ffile"', "schema-qualified U& identifier"),
    { sql: "SELECT count(*) FROM pg_ls_dir('.') AS f", note: "set-returning function in FROM", resolves: "pg_ls_dir" },
    { sql: 'SELECT count(*) FROM U&"pg\\005fls\\005fdir"(\'.\') AS f', note: "U& identifier in FROM", resolves: "pg_ls_dir" },
    { sql: "SELECT query_to_xml($$SELECT 1 AS one$$, true, true, '') AS x", note: "SQL text in a dollar-quoted argument", resolves: "query_to_xml" },
    { sql: "SELECT query_to_xml($q$SELECT 1 AS one$q$, true, true, '') AS x", note: "SQL text in a tagged dollar quote", resolves: "query_to_xml" },
    { sql: "SELECT query_to_xml(E'SELECT 1 AS \\x6f\\x6e\\x65', true, true, '') AS x", note: "SQL text in an E'' string", resolves: "query_to_xml" },
    { sql: 'SELECT U&"version"() AS x', note: "U& identifier of a fingerprinting function", resolves: "version" },
    { sql: "SELECT current_setting('data_directory') AS x", note: "a server path setting", resolves: "current_setting" },
    { sql: "SELECT current_setting('data_' || 'directory') AS x", note: "a computed setting name", resolves: "current_setting" },
    { sql: "SELECT setting AS x FROM pg_settings WHERE name = 'data_directory'", note: "the settings view", resolves: "pg_settings" },
  ],
  mysql: [
    { sql: "SELECT load_file('/etc/hostname') AS x", note: "plain", resolves: "load_file" },
    { sql: "SELECT LOAD_FILE('/etc/hostname') AS x", note: "upper case", resolves: "load_file" },
    { sql: "SELECT `load_file`('/etc/hostname') AS x", note: "backtick-quoted", resolves: "load_file" },
    { sql: "SELECT load_file /* x */ ('/etc/hostname') AS x", note: "comment before the parenthesis", resolves: "load_file" },
    { sql: "SELECT /* /* */ load_file('/etc/hostname') /* */ AS x", note: "a comment that does not nest", resolves: "load_file" },
    { sql: "SELECT load_file\n('/etc/hostname') AS x", note: "newline before the parenthesis", resolves: "load_file" },
    { sql: "SELECT 1 # comment\n, load_file('/etc/hostname') AS x", note: "after a # comment", resolves: "load_file" },
    { sql: "SELECT 1 -- comment\n, load_file('/etc/hostname') AS x", note: "after a -- comment", resolves: "load_file" },
    { sql: 'SELECT "load_file"(\'/etc/hostname\') AS x', note: "double-quoted under ANSI_QUOTES", resolves: "load_file", session: ["SET SESSION sql_mode = 'ANSI_QUOTES'"] },
    { sql: "SELECT /*!50000 load_file('/etc/hostname') */ AS x", note: "executable version comment", resolves: "load_file" },
    { sql: "SELECT /*M! load_file('/etc/hostname') */ AS x", note: "MariaDB executable comment", resolves: "load_file" },
    { sql: "SELECT VERSION() AS x", note: "fingerprinting", resolves: "version" },
    { sql: "SELECT @@GLOBAL . datadir AS x", note: "a path variable, scope and name apart", resolves: "@@datadir" },
    { sql: "SELECT @@GLOBAL.`datadir` AS x", note: "a path variable, name quoted", resolves: "@@datadir" },
    { sql: "SELECT VARIABLE_VALUE AS x FROM information_schema.GLOBAL_VARIABLES WHERE VARIABLE_NAME = 'DATADIR'", note: "the variables table", resolves: "@@datadir" },
  ],
  sqlite: [
    { sql: "SELECT load_extension('x') AS x", note: "plain", resolves: "load_extension" },
    { sql: "SELECT LOAD_EXTENSION('x') AS x", note: "upper case", resolves: "load_extension" },
    { sql: "SELECT [load_extension]('x') AS x", note: "bracket-quoted", resolves: "load_extension" },
    { sql: "SELECT \"load_extension\"('x') AS x", note: "double-quoted", resolves: "load_extension" },
    { sql: "SELECT `load_extension`('x') AS x", note: "backtick-quoted", resolves: "load_extension" },
    { sql: "SELECT load_extension /* x */ ('x') AS x", note: "comment before the parenthesis", resolves: "load_extension" },
    { sql: "SELECT load_extension\n('x') AS x", note: "newline before the parenthesis", resolves: "load_extension" },
  ],
  clickhouse: [
    { sql: "SELECT version() AS x", note: "plain", resolves: "version" },
    { sql: "SELECT `version`() AS x", note: "backtick-quoted", resolves: "version" },
    { sql: 'SELECT "version"() AS x', note: "double-quoted", resolves: "version" },
    { sql: "SELECT version /* x */ () AS x", note: "comment before the parenthesis", resolves: "version" },
    { sql: "SELECT 1 -- comment\n, version() AS x", note: "after a -- comment", resolves: "version" },
    { sql: "SELECT hostName() AS x", note: "the host's name", resolves: "hostname" },
    { sql: "SELECT * FROM file('x.csv', CSV, 'x String')", note: "file() table function", resolves: "file" },
    { sql: "SELECT * FROM url('http://127.0.0.1:8123/?query=SELECT+1', CSV, 'x String')", note: "url() table function", resolves: "url" },
    { sql: "SELECT * FROM `file` ('x.csv', CSV, 'x String')", note: "file() backtick-quoted, a space before the parenthesis", resolves: "file" },
  ],
};
