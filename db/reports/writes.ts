import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { databases, reportExecutionLogs, reportOwners, reportRecipients, reportSchedules, users } from "../schema";
import { commandInvalid } from "../../core/http/errors";
import type { ReportPayload } from "../../core/reports/payload";
import { inList } from "../d1-params";
import { deleteWithLinks, replaceLinks, type DeleteCascade } from "../lists/links";

// Writing report schedules: the row, its owners (report_schedule_user) and recipients (report_recipient).
// The execution log is written by the runner; here it is only removed with its report.

/** Does another report of the same type have this name (Superset's validate_update_uniqueness)? */
export async function reportNameTaken(db: Database, name: string, type: string, exceptId: number | null): Promise<boolean> {
  const clash = await db.select({ id: reportSchedules.id }).from(reportSchedules)
    .where(and(eq(reportSchedules.name, name), eq(reportSchedules.type, type), exceptId === null ? undefined : sql`${reportSchedules.id} <> ${exceptId}`)).get();
  return !!clash;
}

/** The keys of a dashboard's layout (position_json), where its tab ids live. */
export function layoutKeys(position: string | null): string[] {
  try {
    const v = JSON.parse(position || "{}");
    return v && typeof v === "object" ? Object.keys(v) : [];
  } catch {
    return [];
  }
}

export async function databaseExists(db: Database, id: number): Promise<boolean> {
  return !!(await db.select({ id: databases.id }).from(databases).where(eq(databases.id, id)).get());
}

/** Owner ids must name existing users (Superset's OwnersNotFoundValidationError). */
export async function assertOwnersExist(db: Database, owners: number[]): Promise<void> {
  if (!owners.length) return;
  const found = await db.select({ id: users.id }).from(users).where(inList(users.id, owners)).all();
  if (found.length !== new Set(owners).size) throw commandInvalid({ owners: ["Owners are invalid"] }, "Report Schedule parameters are invalid.");
}

/** The columns of the row a payload sets (relations and API-only names mapped to their columns). */
function rowValues(p: ReportPayload) {
  const { owners: _o, recipients: _r, chart, dashboard, database, validator_config_json, extra, selected_tabs: _t, creation_method, ...rest } = p;
  return {
    ...rest,
    ...(creation_method ? { creation_method } : {}),
    ...(chart !== undefined ? { chart_id: chart } : {}),
    ...(dashboard !== undefined ? { dashboard_id: dashboard } : {}),
    ...(database !== undefined ? { database_id: database } : {}),
    ...(validator_config_json !== undefined ? { validator_config_json: validator_config_json === null ? null : JSON.stringify(validator_config_json) } : {}),
    ...(extra !== undefined ? { extra_json: JSON.stringify(extra) } : {}),
  };
}

export async function insertReport(db: Database, p: ReportPayload, owners: number[], actor: number): Promise<number> {
  const created = await db.insert(reportSchedules)
    .values({ ...rowValues(p), type: p.type!, name: p.name!, crontab: p.crontab!, created_by_fk: actor, changed_by_fk: actor })
    .returning({ id: reportSchedules.id }).get();
  await replaceRelations(db, created.id, owners, p.recipients ?? [], actor);
  return created.id;
}

/** Updates the given fields; a report switched off while Working goes back to Not triggered (as Superset). */
export async function updateReport(db: Database, id: number, p: ReportPayload, actor: number, lastState: string): Promise<void> {
  const reset = p.active === false && lastState === "Working" ? { last_state: "Not triggered" } : {};
  await db.update(reportSchedules).set({ ...rowValues(p), ...reset, changed_by_fk: actor }).where(eq(reportSchedules.id, id)).run();
  await replaceRelations(db, id, p.owners, p.recipients, actor);
}

async function replaceRelations(db: Database, id: number, owners: number[] | undefined, recipients: ReportPayload["recipients"], actor: number) {
  const writes = [];
  if (owners) {
    writes.push(...replaceLinks(db, { entity: reportOwners.report_schedule_id, other: reportOwners.user_id }, id, [...new Set(owners)]));
  }
  if (recipients) {
    writes.push(db.delete(reportRecipients).where(eq(reportRecipients.report_schedule_id, id)));
    for (const r of recipients) {
      writes.push(db.insert(reportRecipients).values({
        type: r.type, recipient_config_json: JSON.stringify(r.recipient_config_json), report_schedule_id: id, created_by_fk: actor, changed_by_fk: actor,
      }));
    }
  }
  if (writes.length) await db.batch(writes as [(typeof writes)[0], ...typeof writes]);
}

/** What goes with a report: its owners, recipients and execution log. */
const REPORT_CASCADE: DeleteCascade = {
  table: reportSchedules, id: reportSchedules.id,
  links: [reportOwners.report_schedule_id, reportRecipients.report_schedule_id, reportExecutionLogs.report_schedule_id],
};

export async function deleteReports(db: Database, ids: number[]): Promise<void> {
  await deleteWithLinks(db, REPORT_CASCADE, ids);
}
