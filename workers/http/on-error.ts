import type { ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { ApiError, errorEnvelope, statusText } from "../../core/http/errors";
import { RisonError } from "../../core/http/rison-guard";
import type { AppEnv } from "../../services/env";

// The one place where errors become Superset's envelopes. Stack traces are logged, never sent.
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  const { status, body } = errorAnswer(err, `${c.req.method} ${new URL(c.req.url).pathname}`);
  return c.json(body, status as 400);
};

/** An error's status and envelope, for answers that carry several (a chart-data batch's lines); 5xx are logged. */
export function errorAnswer(err: unknown, where: string): { status: number; body: Record<string, unknown> } {
  const apiError = toApiError(err);
  if (apiError.status >= 500) console.error(`${where}:`, err);
  return { status: apiError.status, body: errorEnvelope(apiError) };
}

export const onNotFound: NotFoundHandler<AppEnv> = (c) => c.json(errorEnvelope(new ApiError(404, statusText(404))), 404);

function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof RisonError) return new ApiError(400, err.message, "INVALID_PAYLOAD_FORMAT_ERROR");
  // A request's malformed JSON is answered by its reader (jsonBody, objectField …) as a 400 naming the field.
  // A SyntaxError that gets here comes from data we stored (corrupt JSON in D1): a server error, logged above.
  if (err instanceof HTTPException) return new ApiError(err.status, err.message || statusText(err.status));
  return new ApiError(500, statusText(500));
}
