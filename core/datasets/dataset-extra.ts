// A dataset's `extra` JSON, as Superset keeps it: certification ({certified_by, details}) and a warning in
// markdown live there, beside any keys other clients wrote, which the editor must keep when it saves.

export interface DatasetExtraFields {
  certified_by: string;
  certification_details: string;
  warning_markdown: string;
}

function parse(extra: string | null | undefined): Record<string, unknown> {
  if (!extra?.trim()) return {};
  try {
    const v = JSON.parse(extra) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (v: unknown) => (typeof v === "string" ? v : "");

export function readDatasetExtra(extra: string | null | undefined): DatasetExtraFields {
  const obj = parse(extra);
  const cert = obj.certification && typeof obj.certification === "object" ? (obj.certification as Record<string, unknown>) : {};
  return { certified_by: text(cert.certified_by), certification_details: text(cert.details), warning_markdown: text(obj.warning_markdown) };
}

/** `extra` with the editor's fields written in (empty ones removed) and every other key kept; null when empty. */
export function writeDatasetExtra(extra: string | null | undefined, fields: DatasetExtraFields): string | null {
  const obj = parse(extra);
  delete obj.certification;
  delete obj.warning_markdown;
  if (fields.certified_by.trim()) {
    obj.certification = { certified_by: fields.certified_by.trim(), details: fields.certification_details.trim() };
  }
  if (fields.warning_markdown.trim()) obj.warning_markdown = fields.warning_markdown;
  return Object.keys(obj).length ? JSON.stringify(obj) : null;
}
