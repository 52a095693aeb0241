// Browser calls to the databases API on the cookie session: writes carry X-CSRFToken. Errors come back as
// Superset's envelopes: field errors ({ message: { field: [...] } }) or a typed error ({ message, errors }).

export type ApiResult<T = unknown> =
  | { ok: true; body: T }
  | { ok: false; status: number; message: string; fieldErrors: Record<string, string> };

export async function databaseApi<T = unknown>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, csrfToken: string | null, body?: unknown): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (csrfToken) headers["X-CSRFToken"] = csrfToken;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin" });
  } catch {
    return { ok: false, status: 0, message: "Network error", fieldErrors: {} };
  }
  const json = (await res.json().catch(() => null)) as { message?: unknown; errors?: { message?: string }[] } | null;
  if (res.ok) return { ok: true, body: json as T };
  if (json && json.message && typeof json.message === "object") {
    const fieldErrors = Object.fromEntries(
      Object.entries(json.message as Record<string, string[] | string>).map(([k, v]) => [k, Array.isArray(v) ? v.join(" ") : String(v)]),
    );
    const summary = Object.entries(fieldErrors).map(([k, v]) => `${k}: ${v}`).join(" ");
    return { ok: false, status: res.status, message: summary || "Please correct the highlighted fields.", fieldErrors };
  }
  const message = json?.errors?.[0]?.message || (typeof json?.message === "string" && json.message) || res.statusText || "An error occurred";
  return { ok: false, status: res.status, message, fieldErrors: {} };
}
