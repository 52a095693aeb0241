import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { dashboards } from "../schema";

/** Stores a dashboard's new json_metadata (its native filter configuration changed); answers changed_on. */
export async function setDashboardMetadata(db: Database, id: number, jsonMetadata: string, actor: number): Promise<string> {
  const changed_on = new Date().toISOString();
  await db.update(dashboards).set({ json_metadata: jsonMetadata, changed_on, changed_by_fk: actor }).where(eq(dashboards.id, id)).run();
  return changed_on;
}
