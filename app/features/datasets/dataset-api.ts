// Browser calls to /api/v1/dataset/ on the cookie session: writes carry X-CSRFToken. Field errors come back
// in Marshmallow's shape ({ message: { field: ["..."] } }) and are flattened into one readable line.

export type DatasetCallResult = { ok: true; body: unknown } | { ok: false; message: string };

export async function datasetCall(method: "PUT" | "DELETE" | "POST", path: string, csrfToken: string | null, body?: unknown): Promise<DatasetCallResult> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (csrfToken) headers["X-CSRFToken"] = csrfToken;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin" });
  } catch {
    return { ok: false, message: "Network error" };
  }
  const json = (await res.json().catch(() => null)) as { message?: unknown; errors?: { message?: string }[] } | null;
  if (res.ok) return { ok: true, body: json };
  if (json?.message && typeof json.message === "object") {
    const parts = Object.entries(json.message as Record<string, string[] | string>).map(([field, v]) => `${field}: ${Array.isArray(v) ? v.join(" ") : v}`);
    return { ok: false, message: parts.join("; ") };
  }
  const message = (typeof json?.message === "string" && json.message) || json?.errors?.[0]?.message || res.statusText || "An error occurred";
  return { ok: false, message };
}
