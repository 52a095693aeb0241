// Sends the upload form with XMLHttpRequest, whose upload events (unlike fetch's) tell how much of the file
// has left, so the dialog can show a progress bar; then asks for the answer as lines (application/x-ndjson) so
// the bar goes on while the server writes the rows. The last line holds Superset's answer and its status.

export interface UploadAnswer {
  ok: boolean;
  status: number;
  /** the server's message, or its field errors joined into one line */
  message: string;
  fieldErrors: Record<string, string>;
}

/** What the dialog shows: the share of the file sent, then of the rows written. */
export type UploadPhase = { phase: "sending" | "writing"; fraction: number };

export function sendUpload(url: string, form: FormData, csrfToken: string | null, onProgress: (p: UploadPhase) => void): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    if (csrfToken) xhr.setRequestHeader("X-CSRFToken", csrfToken);
    xhr.setRequestHeader("Accept", "application/x-ndjson, application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress({ phase: "sending", fraction: e.loaded / e.total });
    };
    xhr.onprogress = () => {
      const last = progressLines(xhr.responseText).filter((l) => "written" in l).at(-1);
      if (last) onProgress({ phase: "writing", fraction: Math.min(1, last.fraction) });
    };
    xhr.onload = () => {
      if (!(xhr.getResponseHeader("Content-Type") ?? "").includes("application/x-ndjson")) return resolve(answerOf(xhr.status, xhr.responseText));
      const end = progressLines(xhr.responseText).filter((l) => "status" in l).at(-1);
      resolve(end ? answerOf(end.status, JSON.stringify(end.body)) : { ok: false, status: 0, message: "The upload stopped before the server answered", fieldErrors: {} });
    };
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

/** {written: rows written so far, fraction: share of the file read} or the final status line */
type ProgressLine = { written: number; fraction: number } | { status: number; body: unknown };

/** The complete lines of an ndjson answer so far (a line still arriving is left for the next call). */
export function progressLines(text: string): ProgressLine[] {
  const out: ProgressLine[] = [];
  for (const line of text.split("\n").slice(0, -1)) {
    try {
      out.push(JSON.parse(line) as ProgressLine);
    } catch {
      // not a line of ours: skipped
    }
  }
  return out;
}
