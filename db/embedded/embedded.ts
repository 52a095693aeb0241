import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { embeddedDashboards, users } from "../schema";
import { forgetGuestReach } from "./guest-access";
import { nowIso } from "../schema/columns";

// Superset's EmbeddedDashboardDAO: one embedded configuration per dashboard, looked up by its dashboard (the
// dashboard API) or by its own uuid (the embedded page, guest tokens).

export interface EmbeddedRecord {
  uuid: string;
  dashboard_id: number;
  allowed_domains: string[];
  changed_on: string | null;
  changed_by: { id: number; first_name: string; last_name: string; username: string } | null;
}

const columns = {
  uuid: embeddedDashboards.uuid,
  dashboard_id: embeddedDashboards.dashboard_id,
  allowed_domains: embeddedDashboards.allowed_domains,
  changed_on: embeddedDashboards.changed_on,
  user_id: users.id,
  first_name: users.first_name,
  last_name: users.last_name,
  username: users.username,
};

type Row = { uuid: string; dashboard_id: number; allowed_domains: string; changed_on: string | null; user_id: number | null; first_name: string | null; last_name: string | null; username: string | null };

function record(row: Row | undefined): EmbeddedRecord | null {
  if (!row) return null;
  let domains: unknown = [];
  try {
    domains = JSON.parse(row.allowed_domains);
  } catch {
    domains = [];
  }
  return {
    uuid: row.uuid,
    dashboard_id: row.dashboard_id,
    allowed_domains: Array.isArray(domains) ? domains.filter((d): d is string => typeof d === "string") : [],
    changed_on: row.changed_on,
    changed_by: row.user_id === null ? null : { id: row.user_id, first_name: row.first_name ?? "", last_name: row.last_name ?? "", username: row.username ?? "" },
  };
}

const base = (db: Database) => db.select(columns).from(embeddedDashboards).leftJoin(users, eq(users.id, embeddedDashboards.changed_by_fk));

export async function embeddedOfDashboard(db: Database, dashboardId: number): Promise<EmbeddedRecord | null> {
  return record(await base(db).where(eq(embeddedDashboards.dashboard_id, dashboardId)).get());
}

export async function embeddedByUuid(db: Database, uuid: string): Promise<EmbeddedRecord | null> {
  return record(await base(db).where(eq(embeddedDashboards.uuid, uuid)).get());
}

/** Superset's upsert: the dashboard keeps its uuid when its domains change; one statement, nothing half-written. */
export async function upsertEmbedded(db: Database, dashboardId: number, allowedDomains: string[], actor: number | null): Promise<EmbeddedRecord> {
  const now = nowIso();
  const domains = JSON.stringify(allowedDomains);
  await db
    .insert(embeddedDashboards)
    .values({ uuid: crypto.randomUUID(), dashboard_id: dashboardId, allowed_domains: domains, created_on: now, changed_on: now, created_by_fk: actor, changed_by_fk: actor })
    .onConflictDoUpdate({ target: embeddedDashboards.dashboard_id, set: { allowed_domains: domains, changed_on: now, changed_by_fk: actor } })
    .run();
  forgetGuestReach();
  return (await embeddedOfDashboard(db, dashboardId))!;
}

export async function deleteEmbedded(db: Database, dashboardId: number): Promise<void> {
  await db.delete(embeddedDashboards).where(eq(embeddedDashboards.dashboard_id, dashboardId)).run();
  forgetGuestReach();
}
