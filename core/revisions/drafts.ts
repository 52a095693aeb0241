import { badRequest } from "../http/errors";
import { DASHBOARD_STATE_FIELDS } from "./revisions";

// Drafts of published dashboards (issue 34): what a draft may change (what an edit of the dashboard's layout,
// title, metadata and CSS changes; never who owns it or whether it is published) and how a draft's fields lay
// over the live state.

export const DRAFT_FIELDS = ["dashboard_title", "slug", "position_json", "json_metadata", "css", "certified_by", "certification_details"] as const;
type State = Record<string, unknown>;

/** The fields a draft PUT carries; any other key is refused by name (a draft cannot change owners, roles or publishing). */
export function draftFields(body: State): State {
  const unknown = Object.keys(body).filter((k) => !(DRAFT_FIELDS as readonly string[]).includes(k));
  if (unknown.length) throw badRequest(`A draft keeps only ${DRAFT_FIELDS.join(", ")}; not: ${unknown.join(", ")}`);
  if (!Object.keys(body).length) throw badRequest("A draft needs at least one of " + DRAFT_FIELDS.join(", "));
  return { ...body };
}

/** The live dashboard row as a revision keeps it (for diffs against a draft). */
export function liveState(row: Record<string, unknown>): State {
  const out: State = {};
  for (const f of DASHBOARD_STATE_FIELDS) out[f] = row[f] ?? null;
  return out;
}

/** The draft's full state: the live state's draft fields, overlaid by the draft so far, overlaid by this edit. */
export function mergedDraft(live: State, sofar: State | null, edit: State): State {
  const out: State = {};
  for (const f of DRAFT_FIELDS) out[f] = live[f] ?? null;
  return { ...out, ...(sofar ?? {}), ...edit };
}
