import { fieldErrorSummary } from "../../core/toasts";
import { guestHeaders } from "./guest-token";

// Browser calls to our API on the cookie session: writes carry X-CSRFToken. Errors come back as Superset's
// envelopes — field errors ({ message: { field: ["..."] } }) or a typed error ({ message, errors: [{ message }] })
// — and are turned into one readable message plus the per-field messages forms show beside their inputs.

export type ApiCallResult<T = unknown> =
  | { ok: true; body: T }
  | { ok: false; status: number; message: string; fieldErrors: Record<string, string>; extra?: Record<string, unknown> };

export interface ApiCallOptions {
  /** the message for a field-error answer; by default the fields' labels and their messages in one line */
  fieldSummary?: (fieldErrors: Record<string, string>) => string;
  /** aborts the request (a stopped chart query); the answer is then a "Network error" with status 0 */
  signal?: AbortSignal;
  /** the request outlives the page (a favourite star clicked just before leaving is still saved) */
  keepalive?: boolean;
}


export async function apiCall<T = unknown>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  csrfToken: string | null,
  body?: unknown,
  options: ApiCallOptions = {},
): Promise<ApiCallResult<T>> {
  const headers: Record<string, string> = { Accept: "application/json", ...guestHeaders() };
  if (csrfToken) headers["X-CSRFToken"] = csrfToken;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin", signal: options.signal, keepalive: options.keepalive });
  } catch {
    return { ok: false, status: 0, message: "Network error", fieldErrors: {} };
  }
  const json = (await res.json().catch(() => null)) as { message?: unknown; errors?: { message?: string }[] } | null;
  if (res.ok) return { ok: true, body: json as T };
  if (json?.message && typeof json.message === "object") {
    const fieldErrors = Object.fromEntries(
      Object.entries(json.message as Record<string, string[] | string>).map(([field, v]) => [field, Array.isArray(v) ? v.join(" ") : String(v)]),
    );
    return { ok: false, status: res.status, message: (options.fieldSummary ?? fieldErrorSummary)(fieldErrors), fieldErrors };
  }
  const message = json?.errors?.[0]?.message || (typeof json?.message === "string" && json.message) || res.statusText || "An error occurred";
  // a typed error's `extra` carries what the caller may show (a draft publish's 409 lists the changes made since)
  const extra = (json?.errors?.[0] as { extra?: unknown } | undefined)?.extra;
  return { ok: false, status: res.status, message, fieldErrors: {}, ...(extra && typeof extra === "object" ? { extra: extra as Record<string, unknown> } : {}) };
}
