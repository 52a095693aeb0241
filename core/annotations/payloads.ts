import { validationError } from "../http/errors";
import { checkFields } from "../sqllab/fields";

// Bodies of Superset's AnnotationLayerRestApi and AnnotationRestApi, with its messages.

export interface LayerPayload {
  name?: string;
  descr?: string | null;
}

export function parseLayerPayload(body: Record<string, unknown>, mode: "create" | "update"): LayerPayload {
  const out = checkFields(body, {
    name: { kind: "string", required: mode === "create", maxLength: 250 },
    descr: { kind: "string", nullable: true },
  }) as LayerPayload;
  if (out.name !== undefined && !out.name.trim()) throw validationError({ name: ["Length must be between 1 and 250."] });
  if (out.name !== undefined) out.name = out.name.trim();
  return out;
}

export interface AnnotationPayload {
  short_descr?: string;
  long_descr?: string | null;
  start_dttm?: string;
  end_dttm?: string;
  json_metadata?: string | null;
}

/** Dates as Superset takes them (ISO 8601, with or without a time); stored as ISO text in UTC. */
export function isoDate(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim())) return null;
  const text = value.trim().replace(" ", "T");
  const withZone = /T/.test(text) && !/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? `${text}Z` : /T/.test(text) ? text : `${text}T00:00:00Z`;
  const ms = Date.parse(withZone);
  if (Number.isNaN(ms)) return null;
  // JavaScript rolls 2024-02-30 over to March; a date that does not exist is refused instead
  const [y, m, d] = text.slice(0, 10).split("-").map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return null;
  return new Date(ms).toISOString();
}

export function parseAnnotationPayload(body: Record<string, unknown>, mode: "create" | "update", current?: { start_dttm: string; end_dttm: string }): AnnotationPayload {
  const out = checkFields(body, {
    short_descr: { kind: "string", required: mode === "create", maxLength: 500 },
    long_descr: { kind: "string", nullable: true },
    start_dttm: { kind: "string", required: mode === "create" },
    end_dttm: { kind: "string", required: mode === "create" },
    json_metadata: { kind: "json-string", nullable: true },
  }) as AnnotationPayload;
  const errors: Record<string, string[]> = {};
  if (out.short_descr !== undefined && !out.short_descr.trim()) errors.short_descr = ["Length must be between 1 and 500."];
  for (const key of ["start_dttm", "end_dttm"] as const) {
    if (out[key] === undefined) continue;
    const iso = isoDate(out[key]!);
    if (!iso) errors[key] = ["Not a valid datetime."];
    else out[key] = iso;
  }
  const start = out.start_dttm ?? current?.start_dttm;
  const end = out.end_dttm ?? current?.end_dttm;
  if (!errors.start_dttm && !errors.end_dttm && start && end && end < start) errors.end_dttm = ["End date must be after start date"];
  if (Object.keys(errors).length) throw validationError(errors);
  return out;
}
