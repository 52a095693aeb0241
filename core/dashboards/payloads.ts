import { validationError } from "../http/errors";
import { checkFields, type FieldSpec } from "../sqllab/fields";
import { canonicalZone } from "../time-zone/zone";
import { DASHBOARD_ZONE_KEY } from "../time-zone/viewer-zone";

// Bodies of POST /api/v1/dashboard/ and PUT /api/v1/dashboard/{pk} (Superset's DashboardPostSchema and
// DashboardPutSchema). Every problem is collected and answered as Superset does: 400 `{ message: { field: [...] } }`.
// Superset's client saves the layout inside json_metadata (`positions`); as Superset's DashboardDAO does, it is
// taken out of the metadata and stored as position_json. A PUT may carry `last_modified_time` (seconds, as the
// server answered it) so a save over someone else's newer save is refused instead of silently overwriting it.

const FIELDS: Record<string, FieldSpec> = {
  dashboard_title: { kind: "string", nullable: true, maxLength: 500 },
  slug: { kind: "string", nullable: true, maxLength: 255 },
  position_json: { kind: "json-string", nullable: true },
  json_metadata: { kind: "json-string", nullable: true },
  css: { kind: "string", nullable: true },
  published: { kind: "boolean", nullable: true },
  certified_by: { kind: "string", nullable: true },
  certification_details: { kind: "string", nullable: true },
  is_managed_externally: { kind: "boolean", nullable: true },
  external_url: { kind: "string", nullable: true },
};
const LIST_FIELDS = ["owners", "roles"] as const;
/** DashboardPostSchema's published has no allow_none (null is "Field may not be null."); DashboardPutSchema's has. */
const CREATE_FIELDS: Record<string, FieldSpec> = { ...FIELDS, published: { kind: "boolean" } };
/**
 * Flags Superset's schema lets be null but that are stored NOT NULL here: null means what Superset shows for a
 * null (a draft, not managed externally), so it is stored as false rather than failing the write.
 */
const NULL_MEANS_FALSE = ["published", "is_managed_externally"] as const;

export const UNTITLED_DASHBOARD = "[ untitled dashboard ]";

export interface DashboardPayload {
  dashboard_title?: string;
  slug?: string | null;
  position_json?: string | null;
  json_metadata?: string | null;
  css?: string | null;
  published?: boolean;
  certified_by?: string | null;
  certification_details?: string | null;
  is_managed_externally?: boolean;
  external_url?: string | null;
  owners?: number[];
  roles?: number[];
  /** the client's copy of the dashboard's last_modified_time (PUT only; not stored) */
  last_modified_time?: number;
}

/** Superset's slug cleaning: trimmed, spaces to dashes, anything but word characters and dashes dropped. */
export function cleanSlug(slug: string | null | undefined): string | null {
  if (!slug) return null;
  const cleaned = slug.trim().replace(/ /g, "-").replace(/[^\w-]+/gu, "");
  return cleaned || null;
}

function metadataObject(text: string, errors: Record<string, string[]>): Record<string, unknown> | null {
  if (!text.trim()) return {};
  const v = JSON.parse(text) as unknown;
  if (!v || typeof v !== "object" || Array.isArray(v)) {
    errors.json_metadata = ["JSON not valid"];
    return null;
  }
  return v as Record<string, unknown>;
}

export function parseDashboardPayload(body: Record<string, unknown>, mode: "create" | "update"): DashboardPayload {
  const scalar: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  const lists: Partial<Record<(typeof LIST_FIELDS)[number], number[]>> = {};
  let lastModified: number | undefined;
  for (const [key, value] of Object.entries(body)) {
    if ((LIST_FIELDS as readonly string[]).includes(key)) {
      if (!Array.isArray(value) || value.some((v) => !Number.isSafeInteger(v) || (v as number) < 1)) errors[key] = ["Not a valid list of ids."];
      else lists[key as (typeof LIST_FIELDS)[number]] = [...new Set(value as number[])];
    } else if (key === "last_modified_time" && mode === "update") {
      if (typeof value !== "number" || !Number.isFinite(value)) errors[key] = ["Not a valid number."];
      else lastModified = value;
    } else scalar[key] = value;
  }
  const fields = mode === "create" ? CREATE_FIELDS : FIELDS;
  let checked: Record<string, unknown> = {};
  try {
    checked = checkFields(scalar, fields);
  } catch (e) {
    Object.assign(errors, (e as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {});
    if (!Object.keys(errors).length) throw e;
    // the fields that passed are still checked below, so every problem is named at once
    checked = Object.fromEntries(Object.entries(scalar).filter(([k]) => Object.hasOwn(fields, k) && !errors[k]));
  }
  for (const flag of NULL_MEANS_FALSE) if (checked[flag] === null) checked[flag] = false;
  const out: DashboardPayload = { ...(checked as DashboardPayload), ...lists };
  if (typeof checked.json_metadata === "string") {
    const meta = metadataObject(checked.json_metadata, errors);
    if (meta) {
      const { positions, ...rest } = meta;
      if (positions !== undefined && positions !== null) {
        if (typeof positions !== "object" || Array.isArray(positions)) errors.json_metadata = ["positions must be a mapping of layout components"];
        else out.position_json = JSON.stringify(positions);
      }
      if (typeof rest.last_modified_time === "number" && lastModified === undefined && mode === "update") lastModified = rest.last_modified_time;
      delete rest.last_modified_time;
      // a pinned zone must be one the platform knows (kept in its listed spelling); null or "" pins none
      const zone = rest[DASHBOARD_ZONE_KEY];
      if (zone !== undefined && zone !== null && zone !== "") {
        const known = canonicalZone(zone);
        if (known) rest[DASHBOARD_ZONE_KEY] = known;
        else errors.json_metadata = [`Unknown time zone: ${String(zone)}`];
      }
      out.json_metadata = JSON.stringify(rest);
    }
  }
  if (typeof checked.position_json === "string" && checked.position_json.trim()) {
    const v = JSON.parse(checked.position_json) as unknown;
    if (!v || typeof v !== "object" || Array.isArray(v)) errors.position_json = ["position_json must be a JSON object"];
  }
  if (Object.keys(errors).length) throw validationError(errors);
  if ("dashboard_title" in out || mode === "create") out.dashboard_title = out.dashboard_title?.trim() || UNTITLED_DASHBOARD;
  if ("slug" in out) out.slug = cleanSlug(out.slug);
  // certification details mean nothing without a certifier (Superset's dashboard save clears them)
  if ("certified_by" in out && !out.certified_by) out.certification_details = null;
  if (lastModified !== undefined) out.last_modified_time = lastModified;
  return out;
}

/** Superset's last_modified_time: the change time in whole seconds since the epoch. */
export const lastModifiedTime = (changedOn: string | null): number => (changedOn ? Math.floor(Date.parse(changedOn) / 1000) : 0);

/** True when the client's copy is older than the stored one: someone else saved in between. */
export const isStaleSave = (clientLastModified: number | undefined, storedChangedOn: string | null): boolean =>
  clientLastModified !== undefined && Math.floor(clientLastModified) < lastModifiedTime(storedChangedOn);
