import { badRequest, validationError } from "../http/errors";
import { CHART_DATASOURCE_TYPES } from "../charts/payloads";

// What Explore keeps between requests (Superset's explore form_data cache and permalinks): pure checks
// of the bodies, and how a stored entry names its datasource.

/** Superset keeps unsaved Explore state for a week (EXPLORE_FORM_DATA_CACHE_CONFIG's default timeout). */
export const FORM_DATA_TTL_MS = 7 * 24 * 3600 * 1000;
/** An Explore state larger than this is refused: it would not fit a URL-sized share anyway. */
export const MAX_STATE_BYTES = 1024 * 1024;

export interface FormDataEntry {
  datasource_id: number;
  datasource_type: string;
  chart_id: number | null;
  form_data: string;
  tab_id: number | null;
}

/** POST/PUT /api/v1/explore/form_data (Superset's FormDataPostSchema). */
export function parseFormDataBody(body: Record<string, unknown>, tabId: string | undefined): FormDataEntry {
  const errors: Record<string, string[]> = {};
  for (const key of Object.keys(body)) if (!["datasource_id", "datasource_type", "chart_id", "form_data"].includes(key)) errors[key] = ["Unknown field."];
  const { datasource_id, datasource_type, chart_id, form_data } = body;
  if (!Number.isSafeInteger(datasource_id)) errors.datasource_id = [datasource_id === undefined ? "Missing data for required field." : "Not a valid integer."];
  if (typeof datasource_type !== "string" || !(CHART_DATASOURCE_TYPES as readonly string[]).includes(datasource_type))
    errors.datasource_type = [datasource_type === undefined ? "Missing data for required field." : `Must be one of: ${CHART_DATASOURCE_TYPES.join(", ")}.`];
  if (chart_id !== undefined && chart_id !== null && !Number.isSafeInteger(chart_id)) errors.chart_id = ["Not a valid integer."];
  if (typeof form_data !== "string") errors.form_data = [form_data === undefined ? "Missing data for required field." : "Not a valid string."];
  else if (!isJsonObjectText(form_data)) errors.form_data = ["Not a valid JSON object."];
  else if (form_data.length > MAX_STATE_BYTES) errors.form_data = ["The form data is too large."];
  const tab = tabId === undefined || tabId === "" ? null : Number(tabId);
  if (tab !== null && !Number.isSafeInteger(tab)) errors.tab_id = ["Not a valid integer."];
  if (Object.keys(errors).length) throw validationError(errors);
  return {
    datasource_id: datasource_id as number,
    datasource_type: datasource_type === "dataset" ? "table" : (datasource_type as string),
    chart_id: (chart_id as number | null | undefined) ?? null,
    form_data: form_data as string,
    tab_id: tab,
  };
}

export interface PermalinkState {
  formData: Record<string, unknown>;
  urlParams: [string, string][] | null;
}

/** POST /api/v1/explore/permalink (Superset's ExplorePermalinkStateSchema). */
export function parsePermalinkBody(body: Record<string, unknown>): PermalinkState {
  const errors: Record<string, string[]> = {};
  for (const key of Object.keys(body)) if (!["formData", "urlParams"].includes(key)) errors[key] = ["Unknown field."];
  const { formData, urlParams } = body;
  if (!formData || typeof formData !== "object" || Array.isArray(formData)) errors.formData = [formData === undefined ? "Missing data for required field." : "Not a valid mapping type."];
  const pairs = urlParams ?? null;
  if (pairs !== null && (!Array.isArray(pairs) || pairs.some((p) => !Array.isArray(p) || p.length !== 2 || p.some((x) => typeof x !== "string"))))
    errors.urlParams = ["Must be a list of [key, value] pairs of strings."];
  if (Object.keys(errors).length) throw validationError(errors);
  const state = { formData: formData as Record<string, unknown>, urlParams: pairs as [string, string][] | null };
  if (JSON.stringify(state).length > MAX_STATE_BYTES) throw badRequest("The chart state is too large to share");
  return state;
}

/** The dataset a form data names: `datasource: "12__table"`, or datasource_id/datasource_type. */
export function datasourceOfFormData(formData: Record<string, unknown>): { id: number; type: string } | null {
  const ds = formData.datasource;
  if (typeof ds === "string") {
    const m = /^(\d+)__([a-z_]+)$/.exec(ds);
    if (m) return { id: Number(m[1]), type: m[2] === "dataset" ? "table" : m[2] };
  }
  if (Number.isSafeInteger(formData.datasource_id)) {
    const type = typeof formData.datasource_type === "string" ? formData.datasource_type : "table";
    return { id: formData.datasource_id as number, type: type === "dataset" ? "table" : type };
  }
  return null;
}

function isJsonObjectText(text: string): boolean {
  try {
    const v = JSON.parse(text);
    return v !== null && typeof v === "object" && !Array.isArray(v);
  } catch {
    return false;
  }
}
