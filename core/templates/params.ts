// Template parameters arrive as JSON text (SQL Lab's templateParams, a dataset's template_params). They must be a
// JSON object; anything else is a 400 with Superset's INVALID_TEMPLATE_PARAMS_ERROR.
import { ApiError } from "../http/errors";

export function parseTemplateParams(text: string | null | undefined): Record<string, unknown> {
  if (text === null || text === undefined || text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new ApiError(400, `Template parameters must be valid JSON: ${detail}`, "INVALID_TEMPLATE_PARAMS_ERROR");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new ApiError(400, "Template parameters must be a JSON object, for example {\"name\": \"value\"}.", "INVALID_TEMPLATE_PARAMS_ERROR");
  }
  return parsed as Record<string, unknown>;
}
