// Sends the upload form with XMLHttpRequest, whose upload events (unlike fetch's) tell how much of the file
// has left, so the dialog can show a progress bar; the answer is Superset's { message } either way.

export interface UploadAnswer {
  ok: boolean;
  status: number;
  /** the server's message, or its field errors joined into one line */
  message: string;
  fieldErrors: Record<string, string>;
}

export function sendUpload(url: string, form: FormData, csrfToken: string | null, onProgress: (fraction: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    if (csrfToken) xhr.setRequestHeader("X-CSRFToken", csrfToken);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => resolve(answerOf(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve({ ok: false, status: 0, message: "Network error", fieldErrors: {} });
    xhr.send(form);
  });
}

export function answerOf(status: number, text: string): UploadAnswer {
  let body: { message?: unknown } | null = null;
  try {
    body = JSON.parse(text) as { message?: unknown };
  } catch {
    body = null;
  }
  const ok = status >= 200 && status < 300;
  if (body?.message && typeof body.message === "object") {
    const fieldErrors = Object.fromEntries(Object.entries(body.message as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v.join(" ") : String(v)]));
    return { ok, status, message: Object.entries(fieldErrors).map(([k, v]) => `${k}: ${v}`).join("; "), fieldErrors };
  }
  const message = typeof body?.message === "string" ? body.message : ok ? "OK" : `The upload failed (${status})`;
  return { ok, status, message, fieldErrors: {} };
}
