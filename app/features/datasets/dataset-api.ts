// Browser calls to /api/v1/dataset/ and /api/v1/database/ on the cookie session: writes carry X-CSRFToken.
// Field errors come back in Marshmallow's shape ({ message: { field: ["..."] } }) and are flattened into one
// readable line; typed errors ({ message, errors: [{ message }] }) give their message.

export type DatasetCallResult<T = unknown> =
  | { ok: true; body: T }
  | { ok: false; status: number; message: string; fieldErrors: Record<string, string> };

export async function datasetCall<T = unknown>(
  method: "GET" | "PUT" | "DELETE" | "POST", path: string, csrfToken: string | null, body?: unknown,
): Promise<DatasetCallResult<T>> {
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
  if (json?.message && typeof json.message === "object") {
    const fieldErrors = Object.fromEntries(
      Object.entries(json.message as Record<string, string[] | string>).map(([field, v]) => [field, Array.isArray(v) ? v.join(" ") : String(v)]),
    );
    const message = Object.entries(fieldErrors).map(([field, v]) => `${field}: ${v}`).join("; ");
    return { ok: false, status: res.status, message, fieldErrors };
  }
  const message = json?.errors?.[0]?.message || (typeof json?.message === "string" && json.message) || res.statusText || "An error occurred";
  return { ok: false, status: res.status, message, fieldErrors: {} };
}
