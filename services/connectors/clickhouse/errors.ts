import { connectionError, type ConnectionTarget } from "../../../core/connectors/errors";
import { ApiError } from "../../../core/http/errors";

// ClickHouse answers an error as text: "Code: 62, e.displayText() = DB::Exception: Syntax error: …" (18.x) or
// "Code: 62. DB::Exception: Syntax error: … (SYNTAX_ERROR) (version 23.8.1)" (newer, with the code's name). The
// code decides Superset's error type; the name is ours for the servers that do not send it.

/** The ClickHouse error codes a user meets, by number (src/Common/ErrorCodes.cpp). */
const CODE_NAMES: Record<number, string> = {
  6: "CANNOT_PARSE_TEXT", 8: "THERE_IS_NO_COLUMN", 10: "NOT_FOUND_COLUMN_IN_BLOCK", 16: "NO_SUCH_COLUMN_IN_TABLE",
  27: "CANNOT_PARSE_INPUT_ASSERTION_FAILED", 36: "BAD_ARGUMENTS", 38: "CANNOT_PARSE_DATE", 41: "CANNOT_PARSE_DATETIME",
  42: "NUMBER_OF_ARGUMENTS_DOESNT_MATCH", 43: "ILLEGAL_TYPE_OF_ARGUMENT", 44: "ILLEGAL_COLUMN", 46: "UNKNOWN_FUNCTION",
  47: "UNKNOWN_IDENTIFIER", 48: "NOT_IMPLEMENTED", 49: "LOGICAL_ERROR", 53: "TYPE_MISMATCH", 57: "TABLE_ALREADY_EXISTS",
  60: "UNKNOWN_TABLE", 62: "SYNTAX_ERROR", 63: "UNKNOWN_AGGREGATE_FUNCTION", 70: "CANNOT_CONVERT_TYPE",
  73: "UNKNOWN_FORMAT", 80: "INCORRECT_QUERY", 81: "UNKNOWN_DATABASE", 82: "DATABASE_ALREADY_EXISTS",
  113: "THERE_IS_NO_DEFAULT_VALUE", 115: "UNKNOWN_SETTING", 117: "INCORRECT_DATA", 158: "TOO_MANY_ROWS",
  159: "TIMEOUT_EXCEEDED", 160: "TOO_SLOW", 164: "READONLY", 179: "MULTIPLE_EXPRESSIONS_FOR_ALIAS",
  184: "ILLEGAL_AGGREGATION", 192: "UNKNOWN_USER", 193: "WRONG_PASSWORD", 194: "REQUIRED_PASSWORD",
  195: "IP_ADDRESS_NOT_ALLOWED", 202: "TOO_MANY_SIMULTANEOUS_QUERIES", 215: "NOT_AN_AGGREGATE",
  241: "MEMORY_LIMIT_EXCEEDED", 252: "TOO_MANY_PARTS", 291: "DATABASE_ACCESS_DENIED", 352: "AMBIGUOUS_COLUMN_NAME",
  386: "NO_COMMON_TYPE", 394: "QUERY_WAS_CANCELLED", 396: "TOO_MANY_ROWS_OR_BYTES", 497: "ACCESS_DENIED",
  516: "AUTHENTICATION_FAILED",
};

/** Superset's error type of each code that has one; others are GENERIC_DB_ENGINE_ERROR. */
const ERROR_TYPES: Record<string, string> = {
  SYNTAX_ERROR: "SYNTAX_ERROR",
  UNKNOWN_IDENTIFIER: "COLUMN_DOES_NOT_EXIST_ERROR",
  NO_SUCH_COLUMN_IN_TABLE: "COLUMN_DOES_NOT_EXIST_ERROR",
  THERE_IS_NO_COLUMN: "COLUMN_DOES_NOT_EXIST_ERROR",
  NOT_FOUND_COLUMN_IN_BLOCK: "COLUMN_DOES_NOT_EXIST_ERROR",
  UNKNOWN_TABLE: "TABLE_DOES_NOT_EXIST_ERROR",
  UNKNOWN_DATABASE: "SCHEMA_DOES_NOT_EXIST_ERROR",
  TIMEOUT_EXCEEDED: "SQLLAB_TIMEOUT_ERROR",
  // the server's estimate that the statement cannot finish within max_execution_time
  TOO_SLOW: "SQLLAB_TIMEOUT_ERROR",
  READONLY: "DML_NOT_ALLOWED_ERROR",
  ACCESS_DENIED: "DATABASE_SECURITY_ACCESS_ERROR",
  DATABASE_ACCESS_DENIED: "DATABASE_SECURITY_ACCESS_ERROR",
};
const AUTH_CODES = new Set(["UNKNOWN_USER", "WRONG_PASSWORD", "REQUIRED_PASSWORD", "AUTHENTICATION_FAILED", "IP_ADDRESS_NOT_ALLOWED"]);

export interface ServerError {
  code: number;
  name: string;
  message: string;
}

/** The server's error in `text` (an error answer, or the tail of a result cut by an error); null when none. */
export function parseServerError(text: string, headerCode?: string | null): ServerError | null {
  const m = /Code: (\d+)[.,] (?:e\.displayText\(\) = )?(?:DB::Exception: )?([\s\S]*?)(?:, e\.what\(\) = [\w:]+)?\s*$/.exec(text.slice(-4000));
  const code = Number(m?.[1] ?? headerCode ?? NaN);
  if (!Number.isInteger(code)) return null;
  let message = (m?.[2] ?? text).trim();
  // newer servers end with "(NAME) (version x.y)": the name is kept, the version dropped
  message = message.replace(/\s*\(version [^)]*\)\s*$/, "");
  const named = /\s*\(([A-Z][A-Z0-9_]+)\)$/.exec(message);
  if (named) message = message.slice(0, named.index);
  return { code, name: named?.[1] ?? CODE_NAMES[code] ?? "UNKNOWN_EXCEPTION", message: message.slice(0, 1000) };
}

/** A statement's error as the user sees it: the code's name and the server's message, with Superset's type. */
export function queryError(e: ServerError): ApiError {
  const type = ERROR_TYPES[e.name] ?? "GENERIC_DB_ENGINE_ERROR";
  const status = type === "SQLLAB_TIMEOUT_ERROR" ? 408 : 400;
  return new ApiError(status, `ClickHouse error: ${e.name} (${e.code}): ${e.message}`, type, {
    engine_name: "ClickHouse",
    code: e.code,
    code_name: e.name,
  });
}

/** The same error met while connecting: bad credentials and unknown databases become CONNECTION_* errors. */
export function connectError(e: ServerError, target: ConnectionTarget): ApiError {
  if (AUTH_CODES.has(e.name)) {
    return connectionError(`Either the username "${target.username ?? "default"}" or the password is incorrect.`, "CONNECTION_ACCESS_DENIED_ERROR", target);
  }
  if (e.name === "UNKNOWN_DATABASE") return connectionError(`Unable to connect to database "${target.database ?? ""}".`, "CONNECTION_UNKNOWN_DATABASE_ERROR", target);
  return queryError(e);
}
