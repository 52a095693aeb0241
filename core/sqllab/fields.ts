import { validationError } from "../http/errors";

// Small Marshmallow-like field checks for SQL Lab payloads: every problem is collected and answered as
// Superset does, `{ message: { field: ["..."] } }` with status 400.

export type FieldKind = "string" | "integer" | "boolean" | "json-string" | "object";

export interface FieldSpec {
  kind: FieldKind;
  nullable?: boolean;
  required?: boolean;
  maxLength?: number;
}

export function checkFields(body: Record<string, unknown>, spec: Record<string, FieldSpec>): Record<string, unknown> {
  const errors: Record<string, string[]> = {};
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(body)) if (!(key in spec)) errors[key] = ["Unknown field."];
  for (const [key, f] of Object.entries(spec)) {
    if (!(key in body)) {
      if (f.required) errors[key] = ["Missing data for required field."];
      continue;
    }
    const v = body[key];
    if (v === null) {
      if (f.nullable) out[key] = null;
      else errors[key] = ["Field may not be null."];
      continue;
    }
    const problem = checkValue(v, f);
    if (problem) errors[key] = [problem];
    else out[key] = v;
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return out;
}

function checkValue(v: unknown, f: FieldSpec): string | null {
  switch (f.kind) {
    case "integer":
      return Number.isSafeInteger(v) ? null : "Not a valid integer.";
    case "boolean":
      return typeof v === "boolean" ? null : "Not a valid boolean.";
    case "object":
      return typeof v === "object" && !Array.isArray(v) ? null : "Not a valid mapping type.";
    case "string":
    case "json-string": {
      if (typeof v !== "string") return "Not a valid string.";
      if (f.maxLength !== undefined && v.length > f.maxLength) return `Longer than maximum length ${f.maxLength}.`;
      if (f.kind === "json-string" && v.trim()) {
        try {
          JSON.parse(v);
        } catch {
          return "Not valid JSON.";
        }
      }
      return null;
    }
  }
}
