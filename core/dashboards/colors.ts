// Superset's PUT /api/v1/dashboard/{pk}/colors (DashboardColorsConfigUpdateSchema, UpdateDashboardColorsConfigCommand):
// the colour settings the dashboard's charts share, written into json_metadata; every other key of the metadata is
// kept. Each field is optional (a partial load), and a field that is given replaces the stored one.

export class ColorsConfigError extends Error {
  constructor(readonly messages: Record<string, string[]>) {
    super(Object.entries(messages).map(([k, v]) => `${k}: ${v.join(" ")}`).join("; "));
  }
}

export interface ColorsConfig {
  color_namespace?: string | null;
  color_scheme?: string | null;
  map_label_colors?: Record<string, string>;
  shared_label_colors?: string[];
  color_scheme_domain?: string[];
}

const KEYS = ["color_namespace", "color_scheme", "map_label_colors", "shared_label_colors", "color_scheme_domain"] as const;
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === "string");

/** The body's colour settings, validated as Superset's schema does; unknown fields are refused by name. */
export function parseColorsConfig(body: Record<string, unknown>): ColorsConfig {
  const errors: Record<string, string[]> = {};
  const out: ColorsConfig = {};
  for (const key of Object.keys(body)) if (!(KEYS as readonly string[]).includes(key)) errors[key] = ["Unknown field."];
  for (const key of ["color_namespace", "color_scheme"] as const) {
    if (!(key in body)) continue;
    const v = body[key];
    if (v === null || typeof v === "string") out[key] = v;
    else errors[key] = ["Not a valid string."];
  }
  if ("map_label_colors" in body) {
    const v = body.map_label_colors;
    if (v && typeof v === "object" && !Array.isArray(v) && Object.values(v).every((c) => typeof c === "string")) out.map_label_colors = v as Record<string, string>;
    else errors.map_label_colors = [v === null ? "Field may not be null." : "Not a valid mapping type."];
  }
  for (const key of ["shared_label_colors", "color_scheme_domain"] as const) {
    if (!(key in body)) continue;
    const v = body[key];
    if (isStringList(v)) out[key] = v;
    else errors[key] = [v === null ? "Field may not be null." : "Not a valid list."];
  }
  if (Object.keys(errors).length) throw new ColorsConfigError(errors);
  return out;
}

/** `jsonMetadata` with the given colour settings in it (an unreadable or empty metadata starts from {}). */
export function withColors(jsonMetadata: string | null, config: ColorsConfig): string {
  let meta: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(jsonMetadata || "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) meta = parsed;
  } catch {
    // Superset starts over from an empty metadata too
  }
  for (const key of KEYS) if (key in config) meta[key] = config[key];
  return JSON.stringify(meta);
}
