import { validationError } from "../http/errors";
import { FAB_FILTERS, op, type FabResource } from "../http/fab";

// Superset's CssTemplateRestApi: its FAB metadata and the POST/PUT body (CssTemplateRestApi.post / .put:
// `template_name` up to 250 characters and `css`, both nullable). Unknown fields are refused as Marshmallow does.

export const CSS_TEMPLATE: FabResource = {
  listColumns: [
    "changed_on_delta_humanized", "changed_by.first_name", "changed_by.id", "changed_by.last_name", "created_on",
    "created_by.first_name", "created_by.id", "created_by.last_name", "css", "id", "template_name",
  ],
  showColumns: [
    "changed_on_delta_humanized", "changed_by.first_name", "changed_by.id", "changed_by.last_name", "created_by.first_name",
    "created_by.id", "created_by.last_name", "css", "id", "template_name",
  ],
  orderColumns: ["template_name"],
  listTitle: "List Css Template",
  showTitle: "Show Css Template",
  addColumns: [{ name: "css", type: "String" }, { name: "template_name", type: "String" }],
  editColumns: [{ name: "css", type: "String" }, { name: "template_name", type: "String" }],
  filters: { template_name: [op("All Text", "css_template_all_text"), ...FAB_FILTERS.text] },
};

export interface CssTemplatePayload {
  template_name?: string | null;
  css?: string | null;
}

/** The most CSS one template may hold: a stylesheet, not a data store. */
export const CSS_MAX_LENGTH = 200_000;

export function parseCssTemplatePayload(body: Record<string, unknown>): CssTemplatePayload {
  const errors: Record<string, string[]> = {};
  const out: CssTemplatePayload = {};
  for (const [key, value] of Object.entries(body)) {
    if (key !== "template_name" && key !== "css") {
      errors[key] = ["Unknown field."];
      continue;
    }
    if (value !== null && typeof value !== "string") errors[key] = ["Not a valid string."];
    else if (key === "template_name" && value !== null && value.length > 250) errors[key] = ["Longer than maximum length 250."];
    else if (key === "css" && value !== null && value.length > CSS_MAX_LENGTH) errors[key] = [`Longer than maximum length ${CSS_MAX_LENGTH}.`];
    else out[key] = value;
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return out;
}
