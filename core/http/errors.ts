import { issueCodesFor } from "./issue-codes";

// Domain errors thrown anywhere on the server; workers/http/on-error.ts turns them into Superset's envelopes.
// error_type values are Superset's SupersetErrorType names.

export type ErrorLevel = "info" | "warning" | "error";

export interface SupersetError {
  message: string;
  error_type: string;
  level: ErrorLevel;
  extra?: Record<string, unknown>;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errorType = "GENERIC_BACKEND_ERROR",
    readonly extra?: Record<string, unknown>,
    /** Field errors in Marshmallow's shape: { message: { field: ["..."] } } */
    readonly fieldErrors?: Record<string, string[] | string>,
  ) {
    super(message);
  }
}

/**
 * A bearer token refused as flask-jwt-extended refuses it: `{"msg": "..."}`, 401 for an expired token, 422 for
 * one that does not decode or verify or is of the wrong type. Scripts written against Superset read `msg`.
 */
export class JwtError extends ApiError {
  constructor(status: 401 | 422, message: string) {
    super(status, message, "GENERIC_BACKEND_ERROR");
  }
}

export const badRequest = (message: string, errorType = "INVALID_PAYLOAD_FORMAT_ERROR", extra?: Record<string, unknown>) =>
  new ApiError(400, message, errorType, extra);
export const validationError = (fields: Record<string, string[] | string>) =>
  new ApiError(400, "Validation error", "INVALID_PAYLOAD_SCHEMA_ERROR", undefined, fields);
/**
 * Superset's CommandInvalidError (DashboardInvalidError, ChartInvalidError, ...): a well-formed body whose values
 * the command refuses against stored rows (a slug in use, owners that do not exist) is 422 `{message: {field: [...]}}`.
 */
export const commandInvalid = (fields: Record<string, string[] | string>, message = "Parameters are invalid.") =>
  new ApiError(422, message, "GENERIC_COMMAND_ERROR", undefined, fields);
export const unauthorized = (message = "Not authorized") => new ApiError(401, message, "GENERIC_BACKEND_ERROR");
export const forbidden = (message = "Forbidden") => new ApiError(403, message, "GENERIC_BACKEND_ERROR");
export const notFound = (message = "Not found") => new ApiError(404, message, "GENERIC_BACKEND_ERROR");
export const conflict = (message: string) => new ApiError(409, message, "GENERIC_BACKEND_ERROR");
export const unprocessable = (message: string, errorType = "GENERIC_COMMAND_ERROR") => new ApiError(422, message, errorType);

/** The HTTP status texts Superset's client shows; anything unmatched is 'Unknown error'. */
export function statusText(status: number): string {
  return STATUS_TEXTS[status] ?? "Unknown error";
}

const STATUS_TEXTS: Record<number, string> = {
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  405: "Method not allowed",
  408: "Request timeout",
  409: "Conflict",
  413: "Payload too large",
  415: "Unsupported media type",
  422: "Unprocessable entity",
  429: "Too many requests",
  500: "Server error",
  502: "Bad gateway",
  503: "Service unavailable",
  504: "Gateway timeout",
};

/** Superset answers errors as `{message}` for simple failures and `{errors:[...]}` for typed ones; we send both. */
export function errorEnvelope(err: ApiError): Record<string, unknown> {
  if (err instanceof JwtError) return { msg: err.message };
  if (err.fieldErrors) return { message: err.fieldErrors };
  const error: SupersetError = {
    message: err.message,
    error_type: err.errorType,
    level: err.status >= 500 ? "error" : "warning",
    extra: withIssueCodes(err),
  };
  return { message: err.message, errors: [error] };
}

/** The error's extra, with Superset's issue codes for its type unless the raiser gave its own. */
function withIssueCodes(err: ApiError): Record<string, unknown> {
  const extra = err.extra ?? {};
  if ("issue_codes" in extra) return extra;
  const issueCodes = issueCodesFor(err.errorType);
  return issueCodes ? { ...extra, issue_codes: issueCodes } : extra;
}
