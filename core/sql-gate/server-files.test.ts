import { expect, test } from "vitest";
import type { ApiError } from "../http/errors";
import { gateSql } from "./index";
import { validateAdhocClause } from "./clauses";
import type { SqlDialect } from "./lexer";

function refusal(sql: string, dialect: SqlDialect, allowDml: boolean): ApiError | null {
  try {
    gateSql(sql, { dialect, allowDml });
    return null;
  } catch (err) {
    return err as ApiError;
  }
}

const REFUSED: Record<SqlDialect, string[]> = {
  mysql: [
    "SELECT @@datadir AS d",
    "SELECT @@DATADIR AS d",
    "SELECT @@global.datadir AS d",
    "SELECT @@GLOBAL . datadir AS d",
    "SELECT @@GLOBAL.`datadir` AS d",
    "SELECT @@session.tmpdir, @@basedir, @@plugin_dir, @@secure_file_priv AS d",
    "SELECT @@general_log_file, @@slow_query_log_file, @@log_error, @@pid_file, @@socket",
    "SELECT @@version, @@hostname",
    "SELECT @@global AS d",
    "SHOW VARIABLES LIKE 'datadir'",
    "SHOW GLOBAL VARIABLES WHERE Variable_name = 'datadir'",
    "SELECT * FROM information_schema.GLOBAL_VARIABLES",
    "SELECT * FROM information_schema.SYSTEM_VARIABLES WHERE variable_name = 'DATADIR'",
    "SELECT * FROM performance_schema.global_variables",
    "SELECT * FROM `performance_schema`.`variables_info`",
    'SELECT * FROM information_schema."SESSION_VARIABLES"',
    "SELECT FILENAME FROM information_schema.INNODB_SYS_TABLESPACES",
    "SELECT FILE_NAME FROM information_schema.files",
    "SELECT FILE_NAME FROM `information_schema`.`FILES`",
    "SELECT * FROM performance_schema.file_instances",
    "SELECT * FROM sys.io_global_by_file_by_bytes",
    "LOAD DATA INFILE '/etc/passwd' INTO TABLE t",
    "CREATE FUNCTION sys_exec RETURNS INT SONAME 'lib_mysqludf_sys.so'",
    "INSTALL SONAME 'ha_connect'",
  ],
  postgresql: [
    "SELECT current_setting('data_directory')",
    "SELECT current_setting('DATA_DIRECTORY', true)",
    "SELECT pg_catalog.current_setting('config_file')",
    "SELECT current_setting('hba_file'), current_setting('ident_file'), current_setting('log_directory')",
    "SELECT current_setting('data_' || 'directory')",
    "SELECT current_setting(name) FROM (VALUES ('data_directory')) v(name)",
    "SELECT current_setting($$data_directory$$)",
    "SELECT current_setting(E'data\\x5fdirectory')",
    "SHOW data_directory",
    'SHOW "config_file"',
    "SHOW ALL",
    "SELECT setting FROM pg_settings WHERE name = 'data_directory'",
    "SELECT * FROM pg_catalog.pg_settings",
    'SELECT * FROM "pg_file_settings"',
    "SELECT * FROM pg_hba_file_rules",
    "SELECT * FROM pg_show_all_settings()",
    "SELECT * FROM pg_config",
    "SELECT pg_current_logfile()",
    "SELECT pg_tablespace_location(oid) FROM pg_tablespace",
    "SELECT pg_relation_filepath('t')",
    "SELECT pg_ls_dir('.')",
    "SELECT pg_read_file('PG_VERSION'), pg_read_binary_file('PG_VERSION'), pg_stat_file('PG_VERSION')",
    "SELECT lo_import('/etc/passwd'), lo_export(1, '/tmp/x')",
    'SELECT * FROM U&"pg\\005fsettings"',
    "COPY t TO '/tmp/x'",
    "COPY (SELECT 1) TO '/tmp/x'",
    "COPY t FROM '/etc/passwd'",
    "COPY t FROM PROGRAM 'id'",
    "LOAD 'auto_explain'",
  ],
  sqlite: [
    "SELECT load_extension('x')",
    "SELECT readfile('/etc/passwd')",
    "SELECT writefile('/tmp/x', 'y')",
    "PRAGMA database_list",
    "SELECT * FROM pragma_database_list",
    "ATTACH DATABASE '/tmp/x.db' AS x",
    "VACUUM INTO '/tmp/copy.db'",
  ],
  clickhouse: [
    "SELECT * FROM file('/etc/passwd', CSV, 'x String')",
    "SELECT * FROM gate_target INTO OUTFILE '/tmp/x'",
    "INSERT INTO gate_target FROM INFILE '/tmp/x' FORMAT CSV",
    "SELECT * FROM system.disks",
    "SELECT filesystemFree() AS f",
  ],
};

for (const dialect of Object.keys(REFUSED) as SqlDialect[]) {
  test(`${dialect}: server paths and files are refused whether DML is allowed or not`, () => {
    const passed: string[] = [];
    for (const sql of REFUSED[dialect]) {
      for (const allowDml of [false, true]) {
        const err = refusal(sql, dialect, allowDml);
        if (err?.status !== 400) passed.push(`${allowDml ? "dml" : "read-only"}: ${sql}`);
      }
    }
    expect(passed).toEqual([]);
  });
}

test("the refusal names what was reached, in Superset's disallowed-function shape", () => {
  const err = refusal("SELECT @@datadir AS d, current_user()", "mysql", false);
  expect(err?.errorType).toBe("SYNTAX_ERROR");
  expect(err?.message).toBe("SQL statement reaches the database server's files or paths: @@datadir");
  expect(err?.extra).toMatchObject({ disallowed: ["@@datadir"] });
});

test("a chart's custom SQL that reads a server path is refused", () => {
  expect(() => validateAdhocClause("CONCAT(name, @@datadir)", "mysql")).toThrow(/server's files or paths: @@datadir/);
  expect(() => validateAdhocClause("current_setting('data_directory')", "postgresql")).toThrow(/current_setting/);
});

test("ordinary settings, variables and tables that merely share a word still pass", () => {
  const ok = (sql: string, dialect: SqlDialect) => gateSql(sql, { dialect, allowDml: false }).statements;
  expect(ok("SELECT current_setting('TimeZone'), current_setting('search_path', true)", "postgresql")).toHaveLength(1);
  expect(ok("SHOW search_path", "postgresql")).toHaveLength(1);
  expect(ok("SELECT @@sql_mode, @@time_zone, @@session.time_zone, @@GLOBAL . max_connections", "mysql")).toHaveLength(1);
  expect(ok("SHOW TABLES", "mysql")).toHaveLength(1);
  expect(ok("SELECT files, datadir FROM files", "mysql")).toHaveLength(1);
  expect(ok("SELECT 'pg_settings' AS s, 'SHOW VARIABLES' AS t", "postgresql")).toHaveLength(1);
  expect(gateSql("COPY t TO STDOUT", { dialect: "postgresql", allowDml: true }).statements).toHaveLength(1);
});
