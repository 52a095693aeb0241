import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Database } from "../client";
import { dashboards, keyValues } from "../schema";

/** Stores a dashboard's new json_metadata (its native filter configuration changed); answers changed_on. */
export async function setDashboardMetadata(db: Database, id: number, jsonMetadata: string, actor: number): Promise<string> {
  const changed_on = new Date().toISOString();
  await db.update(dashboards).set({ json_metadata: jsonMetadata, changed_on, changed_by_fk: actor }).where(eq(dashboards.id, id)).run();
  return changed_on;
}

/** A stored dashboard filter state (resource dashboard_filter_state), unexpired: its row and entry, or null. */
export async function filterStateRow(db: Database, key: string) {
  const row = await db.select().from(keyValues)
    .where(and(eq(keyValues.uuid, key), eq(keyValues.resource, "dashboard_filter_state"), or(isNull(keyValues.expires_on), gt(keyValues.expires_on, new Date().toISOString()))))
    .get();
  return row ?? null;
}
