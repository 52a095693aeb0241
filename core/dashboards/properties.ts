import { canonicalZone } from "../time-zone/zone";
import { DASHBOARD_ZONE_KEY } from "../time-zone/viewer-zone";
import type { TFunction } from "../i18n/translate";

// The dashboard properties form (Superset's PropertiesModal): what it edits, how JSON metadata and the pickers
// (colour scheme, "Show times in") stay in step, and the checks made before anything is sent (the server checks
// again).

export interface PropertiesForm {
  title: string;
  slug: string;
  owners: string[];
  roles: string[];
  certifiedBy: string;
  certificationDetails: string;
  colorScheme: string;
  /** "Show times in": an IANA zone every viewer's relative ranges resolve in, "" for each viewer's own zone */
  timeZone: string;
  jsonMetadata: string;
}

/** The metadata text parsed as an object, or the message to show beside the field. */
export function parseMetadataText(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  if (!text.trim()) return { ok: true, value: {} };
  try {
    const v = JSON.parse(text) as unknown;
    if (!v || typeof v !== "object" || Array.isArray(v)) return { ok: false, message: "JSON metadata must be a JSON object" };
    return { ok: true, value: v as Record<string, unknown> };
  } catch (e) {
    return { ok: false, message: `JSON metadata is invalid: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** The stored json_metadata text as an object ({} when empty or broken). */
export const metadataOf = (text: string | null | undefined): Record<string, unknown> => {
  const parsed = parseMetadataText(text ?? "");
  return parsed.ok ? parsed.value : {};
};

/**
 * The scheme a save keeps: the metadata's own `color_scheme` when the JSON names one (the JSON was edited last:
 * the picker writes into it as it changes), else the picker's.
 */
export function effectiveScheme(f: PropertiesForm): string {
  const meta = parseMetadataText(f.jsonMetadata);
  return meta.ok && typeof meta.value.color_scheme === "string" && meta.value.color_scheme ? meta.value.color_scheme : f.colorScheme;
}

/** The pinned zone a save keeps: the metadata's own `time_zone` when the JSON names one, else the picker's. */
export function effectiveZone(f: PropertiesForm): string {
  const meta = parseMetadataText(f.jsonMetadata);
  const own = meta.ok ? meta.value[DASHBOARD_ZONE_KEY] : undefined;
  return typeof own === "string" && own ? own : f.timeZone;
}

/**
 * The metadata text with `key` set to `value` (removed when null), as a picker writes into it while it changes;
 * null when the text is not a JSON object (the picker then changes only itself).
 */
export function withMetadataKey(text: string, key: string, value: string | null): string | null {
  const meta = parseMetadataText(text);
  if (!meta.ok) return null;
  const next = { ...meta.value };
  if (value) next[key] = value;
  else delete next[key];
  return JSON.stringify(next, null, 2);
}

/** Field errors of the form, by field; empty when it may be saved. In the page's language when given its t. */
export function validateProperties(f: PropertiesForm, knownSchemes: string[], t: TFunction): Record<string, string> {
  const errors: Record<string, string> = {};
  if (f.title.length > 500) errors.title = t("The title is longer than 500 characters");
  if (f.slug.length > 255) errors.slug = t("The URL slug is longer than 255 characters");
  else if (f.slug.trim() && /^\d+$/.test(f.slug.trim())) errors.slug = t("A URL slug cannot be only digits (it would read as an id)");
  const meta = parseMetadataText(f.jsonMetadata);
  if (!meta.ok) errors.jsonMetadata = meta.message;
  const scheme = effectiveScheme(f);
  if (scheme && !knownSchemes.includes(scheme)) errors.colorScheme = t("A valid color scheme is required: {{name}} is not one", { name: scheme });
  const zone = effectiveZone(f);
  if (zone && !canonicalZone(zone)) errors.timeZone = t("Unknown time zone: {{zone}}", { zone });
  if (f.certificationDetails.trim() && !f.certifiedBy.trim()) errors.certifiedBy = t("Certification details need a certifier");
  return errors;
}

/** The PUT body of a valid form: the colour scheme is written into the metadata, as Superset does. */
export function propertiesPayload(f: PropertiesForm, lastModifiedTime: number | undefined): Record<string, unknown> {
  const meta = parseMetadataText(f.jsonMetadata);
  const metadata = meta.ok ? { ...meta.value } : {};
  const scheme = effectiveScheme(f);
  if (scheme) metadata.color_scheme = scheme;
  else delete metadata.color_scheme;
  const zone = canonicalZone(effectiveZone(f));
  if (zone) metadata[DASHBOARD_ZONE_KEY] = zone;
  else delete metadata[DASHBOARD_ZONE_KEY];
  return {
    dashboard_title: f.title.trim(), slug: f.slug.trim() || null, owners: f.owners.map(Number), roles: f.roles.map(Number),
    certified_by: f.certifiedBy.trim() || null, certification_details: f.certifiedBy.trim() ? f.certificationDetails.trim() || null : null,
    json_metadata: JSON.stringify(metadata), ...(lastModifiedTime ? { last_modified_time: lastModifiedTime } : {}),
  };
}
