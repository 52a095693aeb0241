// Reading Superset's 422 import answer the way its import modal does: files that exist and need overwrite=true,
// databases that need a password, and the other per-file errors as readable lines.

export interface ImportProblems {
  needsOverwrite: string[];
  needsPassword: string[];
  other: string[];
}

const OVERWRITE = "already exists and `overwrite=true` was not passed";
const PASSWORD = "Must provide a password for the database";

function flatten(value: unknown, prefix: string, out: string[]) {
  if (typeof value === "string") out.push(prefix ? `${prefix}: ${value}` : value);
  else if (Array.isArray(value)) value.forEach((v) => flatten(v, prefix, out));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix} › ${k === "_schema" ? "" : k}`.replace(/ › $/, "") : k, out);
  }
}

export function importProblems(body: unknown): ImportProblems {
  const out: ImportProblems = { needsOverwrite: [], needsPassword: [], other: [] };
  const b = body as { message?: unknown; errors?: { message?: string; extra?: Record<string, unknown> }[] } | null;
  const error = b?.errors?.[0];
  if (!error?.extra) {
    out.other.push(typeof b?.message === "string" ? b.message : error?.message ?? "The import failed");
    return out;
  }
  for (const [file, detail] of Object.entries(error.extra)) {
    if (file === "issue_codes") continue;
    if (typeof detail === "string" && detail.includes(OVERWRITE)) out.needsOverwrite.push(file);
    else if (JSON.stringify(detail).includes(PASSWORD)) out.needsPassword.push(file);
    else flatten(detail, file, out.other);
  }
  if (!out.needsOverwrite.length && !out.needsPassword.length && !out.other.length) out.other.push(error.message ?? "The import failed");
  return out;
}
