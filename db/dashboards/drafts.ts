import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { dashboardDrafts, revisions } from "../schema";

// Drafts of published dashboards (issue 34): one row per dashboard and owner. Publishing writes the dashboard
// and deletes the draft in one batch (db/dashboards/writes.ts `also`).

export type DraftRow = typeof dashboardDrafts.$inferSelect;

const mine = (dashboardId: number, userId: number) => and(eq(dashboardDrafts.dashboard_id, dashboardId), eq(dashboardDrafts.user_id, userId));

export async function draftOf(db: Database, dashboardId: number, userId: number): Promise<DraftRow | null> {
  return (await db.select().from(dashboardDrafts).where(mine(dashboardId, userId)).get()) ?? null;
}

/** Whether the owner keeps a draft of the dashboard: what the dashboard page asks before showing the draft bar. */
export async function hasDraft(db: Database, dashboardId: number, userId: number): Promise<boolean> {
  return (await db.select({ id: dashboardDrafts.dashboard_id }).from(dashboardDrafts).where(mine(dashboardId, userId)).get()) !== undefined;
}

/** Creates or replaces the owner's draft; a new draft starts from `baseRevision`, an existing one keeps its base. */
export async function saveDraft(db: Database, dashboardId: number, userId: number, state: Record<string, unknown>, baseRevision: number): Promise<DraftRow> {
  const now = new Date().toISOString();
  return db.insert(dashboardDrafts)
    .values({ dashboard_id: dashboardId, user_id: userId, base_revision: baseRevision, state: JSON.stringify(state), created_on: now, changed_on: now })
    .onConflictDoUpdate({ target: [dashboardDrafts.dashboard_id, dashboardDrafts.user_id], set: { state: JSON.stringify(state), changed_on: now } })
    .returning().get();
}

/** The statement dropping the owner's draft (alone, or in a publish's batch). */
export function dropDraft(db: Database, dashboardId: number, userId: number) {
  return db.delete(dashboardDrafts).where(mine(dashboardId, userId));
}

/** The number of the dashboard's newest revision (0 before any). */
export async function liveRevision(db: Database, dashboardId: number): Promise<number> {
  const row = await db.select({ n: sql<number | null>`MAX(${revisions.revision})` }).from(revisions)
    .where(and(eq(revisions.object_type, "dashboard"), eq(revisions.object_id, dashboardId))).get();
  return row?.n ?? 0;
}

/** The kept state of one revision number of the dashboard, or null when pruned. */
export async function revisionState(db: Database, dashboardId: number, revision: number): Promise<string | null> {
  const row = await db.select({ state: revisions.state }).from(revisions)
    .where(and(eq(revisions.object_type, "dashboard"), eq(revisions.object_id, dashboardId), eq(revisions.revision, revision))).get();
  return row?.state ?? null;
}
