import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { dashboards } from "../schema";
import { liveKeyValue } from "../key-values/store";
import { revisionWrites, type RevisionMeta } from "../revisions/store";

/**
 * Stores a dashboard's new json_metadata (its native filters or colours changed); answers changed_on. With
 * `keep`, changed_on and changed_by stay as they were (Superset's mark_updated=false): written back explicitly,
 * since the schema stamps changed_on on every update. With `revision`, the change is a save the History keeps
 * (in the same batch).
 */
export async function setDashboardMetadata(
  db: Database, id: number, jsonMetadata: string, actor: number, keep?: { changed_on: string | null }, revision?: RevisionMeta,
): Promise<string | null> {
  const changed_on = keep ? keep.changed_on : new Date().toISOString();
  const update = db.update(dashboards).set(keep ? { json_metadata: jsonMetadata, changed_on } : { json_metadata: jsonMetadata, changed_on, changed_by_fk: actor }).where(eq(dashboards.id, id));
  await db.batch([update, ...(revision ? revisionWrites(db, "dashboard", id, revision) : [])]);
  return changed_on;
}

/** A stored dashboard filter state (resource dashboard_filter_state), unexpired: its row and entry, or null. */
export async function filterStateRow(db: Database, key: string) {
  return (await liveKeyValue(db, "dashboard_filter_state", key)) ?? null;
}
