import { validationError } from "../http/errors";
import { checkFields, type FieldSpec } from "../sqllab/fields";

// Bodies of POST /api/v1/chart/ and PUT /api/v1/chart/{pk} (Superset's ChartPostSchema / ChartPutSchema).
// Every problem is collected and answered as Superset does: 400 `{ message: { field: ["..."] } }`.

/** Datasource types Superset accepts for a chart; "table" is a dataset (SqlaTable). */
export const CHART_DATASOURCE_TYPES = ["table", "dataset", "query", "saved_query", "view"] as const;

const FIELDS: Record<string, FieldSpec> = {
  slice_name: { kind: "string", maxLength: 250 },
  description: { kind: "string", nullable: true },
  viz_type: { kind: "string", maxLength: 250 },
  params: { kind: "json-string", nullable: true },
  query_context: { kind: "json-string", nullable: true },
  query_context_generation: { kind: "boolean", nullable: true },
  cache_timeout: { kind: "integer", nullable: true },
  datasource_id: { kind: "integer" },
  datasource_type: { kind: "string" },
  datasource_name: { kind: "string", nullable: true },
  certified_by: { kind: "string", nullable: true },
  certification_details: { kind: "string", nullable: true },
  is_managed_externally: { kind: "boolean", nullable: true },
  external_url: { kind: "string", nullable: true },
};
const LIST_FIELDS = ["owners", "dashboards", "tags"] as const;

export interface ChartPayload {
  slice_name?: string;
  description?: string | null;
  viz_type?: string;
  params?: string | null;
  query_context?: string | null;
  cache_timeout?: number | null;
  datasource_id?: number;
  datasource_type?: string;
  certified_by?: string | null;
  certification_details?: string | null;
  is_managed_externally?: boolean;
  external_url?: string | null;
  owners?: number[];
  dashboards?: number[];
}

export function parseChartPayload(body: Record<string, unknown>, mode: "create" | "update"): ChartPayload {
  const scalar: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  const lists: Partial<Record<(typeof LIST_FIELDS)[number], number[]>> = {};
  for (const [key, value] of Object.entries(body)) {
    if ((LIST_FIELDS as readonly string[]).includes(key)) {
      if (!Array.isArray(value) || value.some((v) => !Number.isSafeInteger(v) || (v as number) < 1)) errors[key] = ["Not a valid list of ids."];
      else lists[key as (typeof LIST_FIELDS)[number]] = [...new Set(value as number[])];
    } else scalar[key] = value;
  }
  let checked: Record<string, unknown> = {};
  try {
    checked = checkFields(scalar, FIELDS);
  } catch (e) {
    Object.assign(errors, (e as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {});
    if (!Object.keys(errors).length) throw e;
  }
  const name = checked.slice_name;
  if (typeof name === "string" && !name.trim()) errors.slice_name = ["Length must be between 1 and 250."];
  if (typeof checked.viz_type === "string" && !checked.viz_type.trim()) errors.viz_type = ["Length must be between 1 and 250."];
  const type = checked.datasource_type;
  if (typeof type === "string" && !(CHART_DATASOURCE_TYPES as readonly string[]).includes(type))
    errors.datasource_type = [`Must be one of: ${CHART_DATASOURCE_TYPES.join(", ")}.`];
  if (typeof checked.cache_timeout === "number" && checked.cache_timeout < -1) errors.cache_timeout = ["Must be greater than or equal to -1."];
  if (mode === "create") {
    for (const key of ["slice_name", "viz_type", "datasource_id", "datasource_type"]) {
      if (!(key in scalar) && !errors[key]) errors[key] = ["Missing data for required field."];
    }
  }
  if (Object.keys(errors).length) throw validationError(errors);
  const out: ChartPayload = { ...(checked as ChartPayload), ...lists };
  if (typeof out.slice_name === "string") out.slice_name = out.slice_name.trim();
  delete (out as Record<string, unknown>).datasource_name;
  delete (out as Record<string, unknown>).query_context_generation;
  delete (out as Record<string, unknown>).tags;
  return out;
}
