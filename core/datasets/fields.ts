import { ApiError } from "../http/errors";
import { parseTemplateParams } from "../templates/index";

// A tiny Marshmallow-like reader: collects every field problem of a payload and throws them together
// in Superset's shape ({ message: { field: ["..."] } }) instead of stopping at the first.

export const MISSING = "Missing data for required field.";

export class FieldReader {
  readonly errors: Record<string, string[]> = {};
  constructor(
    readonly body: Record<string, unknown>,
    readonly prefix = "",
  ) {}

  private fail(field: string, message: string): undefined {
    (this.errors[`${this.prefix}${field}`] ??= []).push(message);
    return undefined;
  }

  has(field: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.body, field);
  }

  /** refuses fields outside `allowed`, as Marshmallow does with "Unknown field." */
  onlyFields(allowed: readonly string[]): void {
    for (const key of Object.keys(this.body)) if (!allowed.includes(key)) this.fail(key, "Unknown field.");
  }

  string(field: string, opts: { required?: boolean; nullable?: boolean; min?: number; max?: number } = {}): string | null | undefined {
    if (!this.has(field)) return opts.required ? this.fail(field, MISSING) : undefined;
    const v = this.body[field];
    if (v === null) return opts.nullable ? null : this.fail(field, "Field may not be null.");
    if (typeof v !== "string") return this.fail(field, "Not a valid string.");
    if (opts.min !== undefined && v.length < opts.min) return this.fail(field, `Length must be between ${opts.min} and ${opts.max ?? "∞"}.`);
    if (opts.max !== undefined && v.length > opts.max) return this.fail(field, `Longer than maximum length ${opts.max}.`);
    return v;
  }

  integer(field: string, opts: { required?: boolean; nullable?: boolean; min?: number } = {}): number | null | undefined {
    if (!this.has(field)) return opts.required ? this.fail(field, MISSING) : undefined;
    const v = this.body[field];
    if (v === null) return opts.nullable ? null : this.fail(field, "Field may not be null.");
    if (typeof v !== "number" || !Number.isSafeInteger(v)) return this.fail(field, "Not a valid integer.");
    if (opts.min !== undefined && v < opts.min) return this.fail(field, `Must be greater than or equal to ${opts.min}.`);
    return v;
  }

  boolean(field: string): boolean | undefined {
    if (!this.has(field)) return undefined;
    const v = this.body[field];
    if (typeof v !== "boolean") return this.fail(field, "Not a valid boolean.");
    return v;
  }

  /** a text field that must hold JSON (extra, template_params) */
  jsonText(field: string): string | null | undefined {
    const v = this.string(field, { nullable: true });
    if (typeof v !== "string") return v;
    if (v.trim() === "") return null;
    try {
      JSON.parse(v);
      return v;
    } catch {
      return this.fail(field, "Field cannot be decoded by JSON.");
    }
  }

  /** template parameters: JSON text holding an object, with the parser's reason when it is not */
  templateParams(field: string): string | null | undefined {
    const v = this.string(field, { nullable: true });
    if (typeof v !== "string") return v;
    if (v.trim() === "") return null;
    try {
      parseTemplateParams(v);
      return v;
    } catch (e) {
      return this.fail(field, e instanceof Error ? e.message : String(e));
    }
  }

  ids(field: string): number[] | undefined {
    if (!this.has(field)) return undefined;
    const v = this.body[field];
    if (!Array.isArray(v) || v.some((x) => typeof x !== "number" || !Number.isSafeInteger(x) || x < 1)) {
      return this.fail(field, "Not a valid list of ids.");
    }
    return [...new Set(v as number[])];
  }

  list(field: string): Record<string, unknown>[] | undefined {
    if (!this.has(field)) return undefined;
    const v = this.body[field];
    if (!Array.isArray(v)) return this.fail(field, "Not a valid list.");
    if (v.some((x) => x === null || typeof x !== "object" || Array.isArray(x))) return this.fail(field, "Every item must be an object.");
    return v as Record<string, unknown>[];
  }

  merge(other: FieldReader): void {
    for (const [k, msgs] of Object.entries(other.errors)) (this.errors[k] ??= []).push(...msgs);
  }

  /** throws the collected problems as one 400 */
  done(): void {
    if (Object.keys(this.errors).length) throw new ApiError(400, "Validation error", "INVALID_PAYLOAD_SCHEMA_ERROR", undefined, this.errors);
  }
}

/** Superset's 422 for a payload that is well-formed but not acceptable (duplicates, unknown ids, existing names). */
export function invalidDataset(fields: Record<string, string[]>): ApiError {
  return new ApiError(422, "Dataset parameters are invalid.", "GENERIC_COMMAND_ERROR", undefined, fields);
}
