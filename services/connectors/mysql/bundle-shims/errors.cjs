// Stands in for mysql2's lib/constants/errors.js in the Worker bundle (wrangler.toml [alias] on the path mysql2 requires
// it by). The full table names all ~3,000 MySQL error numbers: 145 KB minified, ~41 KB gzip, a tenth of the way to the
// Worker's size budget, for a name mysql2 only copies onto `err.code`. Our connector reads `errno` and `sqlMessage`
// (core/connectors/errors.ts) and a few names: those, the ones mysql2 itself compares against (pool.js, handshake) and
// the common query errors are kept; any other error keeps its errno and message, with `code` undefined.
// errors.test.ts checks every entry against the real table.
"use strict";

const NAMES = {
  ER_ACCESS_DENIED_ERROR: 1045,
  ER_BAD_DB_ERROR: 1049,
  ER_DBACCESS_DENIED_ERROR: 1044,
  ER_TABLEACCESS_DENIED_ERROR: 1142,
  ER_SPECIFIC_ACCESS_DENIED_ERROR: 1227,
  ER_CON_COUNT_ERROR: 1040,
  ER_TOO_MANY_USER_CONNECTIONS: 1203,
  ER_HOST_IS_BLOCKED: 1129,
  ER_HOST_NOT_PRIVILEGED: 1130,
  ER_NOT_SUPPORTED_AUTH_MODE: 1251,
  ER_SERVER_SHUTDOWN: 1053,
  ER_NET_PACKET_TOO_LARGE: 1153,
  ER_PARSE_ERROR: 1064,
  ER_NO_SUCH_TABLE: 1146,
  ER_BAD_TABLE_ERROR: 1051,
  ER_BAD_FIELD_ERROR: 1054,
  ER_NON_UNIQ_ERROR: 1052,
  ER_DUP_ENTRY: 1062,
  ER_TABLE_EXISTS_ERROR: 1050,
  ER_DATA_TOO_LONG: 1406,
  ER_TRUNCATED_WRONG_VALUE: 1292,
  ER_WRONG_VALUE_COUNT_ON_ROW: 1136,
  ER_LOCK_DEADLOCK: 1213,
  ER_LOCK_WAIT_TIMEOUT: 1205,
  ER_QUERY_INTERRUPTED: 1317,
  ER_QUERY_TIMEOUT: 3024,
  ER_OPTION_PREVENTS_STATEMENT: 1290,
  ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION: 1792,
  ER_READ_ONLY_MODE: 1836,
  ER_WARN_DEPRECATED_SYNTAX: 1287,
  HA_ERR_INTERNAL_ERROR: 122,
};

// the same two-way shape as mysql2's table: name → number and number → name
for (const [name, errno] of Object.entries(NAMES)) {
  exports[name] = errno;
  exports[errno] = name;
}
