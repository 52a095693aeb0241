// Superset's error catalogue (superset/errors.py ERROR_TYPES_TO_ISSUE_CODES_MAPPING): the issue codes its
// client lists under a database's error, each linking to Superset's documentation of the issue.
// Covers the errors a database or a connection raises; the others carry the codes their raisers give them.

const ISSUES: Record<number, string> = {
  1002: "The database returned an unexpected error.",
  1003: "There is a syntax error in the SQL query. Perhaps there was a misspelling or a typo.",
  1004: "The column was deleted or renamed in the database.",
  1005: "The table was deleted or renamed in the database.",
  1007: "The hostname provided can't be resolved.",
  1008: "The port is closed.",
  1009: "The host might be down, and can't be reached on the provided port.",
  1012: "The username provided when connecting to a database is not valid.",
  1013: "The password provided when connecting to a database is not valid.",
  1014: "Either the username or the password is wrong.",
  1015: "Either the database is spelled incorrectly or does not exist.",
  1016: "The schema was deleted or renamed in the database.",
  1017: "The user doesn't have the proper permissions.",
  1018: "One or more parameters needed to configure a database are missing.",
  1026: "Query is too complex and takes too long to run.",
  1027: "The database is currently running too many queries.",
  1030: "The query has a syntax error.",
};

const BY_ERROR_TYPE: Record<string, number[]> = {
  GENERIC_DB_ENGINE_ERROR: [1002],
  COLUMN_DOES_NOT_EXIST_ERROR: [1003, 1004],
  TABLE_DOES_NOT_EXIST_ERROR: [1003, 1005],
  SCHEMA_DOES_NOT_EXIST_ERROR: [1003, 1016],
  SYNTAX_ERROR: [1030],
  SQLLAB_TIMEOUT_ERROR: [1026, 1027],
  CONNECTION_INVALID_USERNAME_ERROR: [1012],
  CONNECTION_INVALID_PASSWORD_ERROR: [1013],
  CONNECTION_ACCESS_DENIED_ERROR: [1014, 1015],
  CONNECTION_INVALID_HOSTNAME_ERROR: [1007],
  CONNECTION_PORT_CLOSED_ERROR: [1008],
  CONNECTION_HOST_DOWN_ERROR: [1009],
  CONNECTION_UNKNOWN_DATABASE_ERROR: [1015],
  CONNECTION_DATABASE_PERMISSIONS_ERROR: [1017],
  CONNECTION_MISSING_PARAMETERS_ERROR: [1018],
};

/** `[{ code, message }]` for an error type of the catalogue above, as Superset's `extra.issue_codes`; else none. */
export function issueCodesFor(errorType: string): { code: number; message: string }[] | undefined {
  const codes = Object.hasOwn(BY_ERROR_TYPE, errorType) ? BY_ERROR_TYPE[errorType] : undefined;
  return codes?.map((code) => ({ code, message: `Issue ${code} - ${ISSUES[code]}` }));
}
