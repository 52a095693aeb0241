import { ENGINES } from "../engines/registry";
import { ApiError } from "../http/errors";

// Errors a connector raises, with Superset's error types so the client shows the matching panel.

export const queryTimeoutError = (timeoutMs: number) =>
  new ApiError(408, `The query exceeded the ${Math.round(timeoutMs / 1000)} seconds timeout.`, "SQLLAB_TIMEOUT_ERROR", {
    timeout: Math.round(timeoutMs / 1000),
  });

/**
 * A metadata call (test_connection, schemas, tables, columns, a plan) that got no answer in time: Superset's
 * SupersetTimeoutException of test_connection (CONNECTION_DATABASE_TIMEOUT, 408), naming what was asked.
 */
export const metadataTimeoutError = (engine: string, what: string, timeoutMs: number) =>
  new ApiError(
    408,
    `${engineLabel(engine)} did not answer within ${Math.round(timeoutMs / 1000)} seconds while ${what}. Please check your connection details and database settings, and ensure that your database is accepting connections, then try connecting again.`,
    "CONNECTION_DATABASE_TIMEOUT",
    { engine_name: engineLabel(engine), timeout: Math.round(timeoutMs / 1000) },
  );

export const queryStoppedError = () => new ApiError(400, "The query was stopped.", "GENERIC_DB_ENGINE_ERROR", { stopped: true });

/** A failure reported by the database for the SQL itself (syntax, missing table …): the user's to fix. */
export const databaseError = (engine: string, message: string) =>
  new ApiError(400, `${engineLabel(engine)} error: ${message}`, "GENERIC_DB_ENGINE_ERROR", { engine_name: engineLabel(engine) });

export function engineLabel(engine: string): string {
  return ENGINES.find(engine)?.label ?? engine;
}

export interface ConnectionTarget {
  engine: string;
  host?: string | null;
  port?: number | null;
  username?: string | null;
  database?: string | null;
}

/** A failed connection as Superset's CONNECTION_* error (test_connection answers it with 422). */
export const connectionError = (message: string, errorType: string, target: ConnectionTarget) =>
  new ApiError(422, message, errorType, {
    engine_name: engineLabel(target.engine),
    ...(target.host ? { hostname: target.host } : {}),
    ...(target.port ? { port: target.port } : {}),
    ...(target.username ? { username: target.username } : {}),
    ...(target.database ? { database: target.database } : {}),
  });

/**
 * Classifies a driver's connection failure by its code and text. Covers node-style codes (ECONNREFUSED,
 * ENOTFOUND), PostgreSQL SQLSTATEs (28P01 bad password, 28000 no such role, 3D000 unknown database) and
 * MySQL errnos (1045 access denied, 1049 unknown database), plus workerd's socket messages.
 */
export function classifyConnectionError(err: unknown, target: ConnectionTarget): ApiError {
  const e = err as { code?: string | number; errno?: number; message?: string };
  const code = String(e?.code ?? "");
  const text = String(e?.message ?? err ?? "");
  const host = target.host ?? "";
  const port = target.port ?? "";
  const user = target.username ?? "";
  if (code === "28P01" || code === "ER_ACCESS_DENIED_ERROR" || e?.errno === 1045 || /password authentication failed|access denied for user/i.test(text)) {
    return target.engine === "mysql"
      ? connectionError(`Either the username "${user}" or the password is incorrect.`, "CONNECTION_ACCESS_DENIED_ERROR", target)
      : connectionError(`The password provided for username "${user}" is incorrect.`, "CONNECTION_INVALID_PASSWORD_ERROR", target);
  }
  if (code === "28000" || /role ".*" does not exist/i.test(text))
    return connectionError(`The username "${user}" does not exist.`, "CONNECTION_INVALID_USERNAME_ERROR", target);
  if (code === "3D000" || code === "ER_BAD_DB_ERROR" || e?.errno === 1049 || /database ".*" does not exist|unknown database/i.test(text))
    return connectionError(`Unable to connect to database "${target.database ?? ""}".`, "CONNECTION_UNKNOWN_DATABASE_ERROR", target);
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || /getaddrinfo|dns|name resolution|could not resolve|not known/i.test(text))
    return connectionError(`The hostname "${host}" cannot be resolved.`, "CONNECTION_INVALID_HOSTNAME_ERROR", target);
  // workerd reports a refused TCP connect as "proxy request failed, cannot connect…" or a lost connection.
  if (code === "ECONNREFUSED" || /refused|cannot connect to the specified address|connection lost|connection closed/i.test(text))
    return connectionError(`Port ${port} on hostname "${host}" refused the connection.`, "CONNECTION_PORT_CLOSED_ERROR", target);
  if (code === "ETIMEDOUT" || code === "CONNECT_TIMEOUT" || /timed? ?out|unreachable|network/i.test(text))
    return connectionError(`The host "${host}" might be down, and can't be reached on port ${port}.`, "CONNECTION_HOST_DOWN_ERROR", target);
  return connectionError(`Could not connect to the database: ${scrub(text)}`, "GENERIC_DB_ENGINE_ERROR", target);
}

/** Drops anything that looks like a URI with credentials from a driver message. */
export function scrub(text: string): string {
  return text.replace(/[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s@]*@/g, "<uri>@").slice(0, 500);
}
