import { parseLayout, type Layout, type LayoutComponent } from "../layout";
import { withParents } from "./components";

// What an edit-mode save sends (PUT /api/v1/dashboard/{id}: the title, the layout as position_json and the
// last_modified_time the editor started from) and Superset's overwrite check: when the server's copy changed
// since it was loaded, the fields this save would replace are compared with the server's, and every difference is
// listed for the user to confirm ('Please confirm the overwrite values.') before anything is overwritten.

export const OVERWRITE_CONFIRM_MESSAGE = "Please confirm the overwrite values.";

export interface EditedDashboard {
  title: string;
  layout: Layout;
}

/** position_json as Superset stores it: every component with its parents, and the layout version key. */
export function positionJson(layout: Layout): string {
  return JSON.stringify({ DASHBOARD_VERSION_KEY: "v2", ...withParents(layout) });
}

export function savePayload(edited: EditedDashboard, lastModifiedTime: number) {
  return { dashboard_title: edited.title, position_json: positionJson(edited.layout), last_modified_time: lastModifiedTime };
}

export interface OverwriteItem {
  keyPath: string;
  oldValue: string;
  newValue: string;
}

/** A component as compared: its parents are derived from the tree and never count as a difference. */
const comparable = (c: LayoutComponent | undefined): string => {
  if (!c) return "";
  const { parents: _p, ...rest } = c;
  return JSON.stringify({ type: rest.type, children: rest.children, meta: rest.meta }, null, 2);
};

/**
 * The differences between the server's copy and what this save would write: the title, then each layout component
 * that is new, gone or changed (keyed `position_json.<component id>`), in a stable order.
 */
export function overwriteItems(server: { dashboard_title: string; position_json: string | null }, next: EditedDashboard): OverwriteItem[] {
  const items: OverwriteItem[] = [];
  if ((server.dashboard_title ?? "") !== next.title) items.push({ keyPath: "dashboard_title", oldValue: server.dashboard_title ?? "", newValue: next.title });
  const old = parseLayout(server.position_json);
  const ids = [...new Set([...Object.keys(old), ...Object.keys(next.layout)])].sort();
  for (const id of ids) {
    const a = comparable(old[id]);
    const b = comparable(next.layout[id]);
    if (a !== b) items.push({ keyPath: `position_json.${id}`, oldValue: a, newValue: b });
  }
  return items;
}

/** Superset's last_modified_time of a changed_on timestamp (whole seconds). */
export const lastModifiedOf = (changedOn: string | null): number => (changedOn ? Math.floor(Date.parse(changedOn) / 1000) : 0);
