import { validationError } from "../http/errors";

// Revisions of saved objects (issue 34): what kinds exist, how many are kept, and the optional message a save
// carries. The saved state is the object's row as JSON (db/revisions/store.ts); the diffs are in ./diff-*.ts.

export type RevisionType = "dashboard" | "chart";

/** The row fields a revision keeps and a restore writes back, per object type. */
export const DASHBOARD_STATE_FIELDS = [
  "dashboard_title", "slug", "position_json", "json_metadata", "css", "published", "certified_by", "certification_details",
] as const;
export const CHART_STATE_FIELDS = [
  "slice_name", "viz_type", "datasource_id", "datasource_type", "params", "query_context", "description", "cache_timeout", "certified_by", "certification_details",
] as const;

export type DashboardState = { [K in (typeof DASHBOARD_STATE_FIELDS)[number]]?: string | number | boolean | null };
export type ChartState = { [K in (typeof CHART_STATE_FIELDS)[number]]?: string | number | null };

export const DEFAULT_REVISIONS_KEPT = 50;
const MAX_MESSAGE = 500;

/** REVISIONS_KEPT from the environment: revisions kept per object, older ones pruned at each save. */
export function revisionsKept(raw: string | undefined): number {
  const n = Number(raw);
  return raw !== undefined && raw.trim() !== "" && Number.isSafeInteger(n) && n >= 1 ? n : DEFAULT_REVISIONS_KEPT;
}

/** Takes the optional `revision_message` out of a save's body (the payload parsers refuse unknown fields). */
export function takeRevisionMessage(body: Record<string, unknown>): string | null {
  if (!("revision_message" in body)) return null;
  const raw = body.revision_message;
  delete body.revision_message;
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== "string" || raw.length > MAX_MESSAGE) throw validationError({ revision_message: [`Must be a text of at most ${MAX_MESSAGE} characters.`] });
  return raw.trim() || null;
}

/** The saved state of a revision row, tolerant of a row written by another version (unknown fields dropped). */
export function parseState(raw: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
