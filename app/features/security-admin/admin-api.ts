// Browser calls to the security admin API on the cookie session: writes carry X-CSRFToken. Field errors
// come back in Marshmallow's shape ({ message: { field: ["..."] } }) and are shown beside their inputs.

export type AdminCallResult =
  | { ok: true; body: unknown }
  | { ok: false; status: number; message: string; fieldErrors: Record<string, string> };

export async function adminCall(method: "POST" | "PUT" | "DELETE", path: string, csrfToken: string | null, body?: unknown): Promise<AdminCallResult> {
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
  if (res.ok) return { ok: true, body: json };
  if (json && json.message && typeof json.message === "object") {
    const fieldErrors = Object.fromEntries(
      Object.entries(json.message as Record<string, string[] | string>).map(([k, v]) => [k, Array.isArray(v) ? v.join(" ") : String(v)]),
    );
    return { ok: false, status: res.status, message: "Please correct the highlighted fields.", fieldErrors };
  }
  const message = (typeof json?.message === "string" && json.message) || json?.errors?.[0]?.message || res.statusText || "An error occurred";
  return { ok: false, status: res.status, message, fieldErrors: {} };
}
