import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { deleteRoutes } from "../http/bulk-delete";
import { idParam, jsonObject, risonQuery } from "../http/input";
import { parseListArgs } from "../../core/http/list-query";
import { ApiError, forbidden, notFound, validationError } from "../../core/http/errors";
import { isAdmin, type Principal } from "../../core/security/permissions";
import { datasetScope } from "../../core/datasets/access";
import { dashboardRbacOn, dashboardViewer } from "../../core/dashboards/access";
import { parseReportPayload, type ReportPayload } from "../../core/reports/payload";
import { draftOf, reportProblems, type Lookups, type ReportDraft } from "../../core/reports/rules";
import { REPORT, REPORT_LOG, logItem, reportDetail, reportExtra, reportListItem } from "../../core/reports/shape";
import { listReportRows, reportListSpec, reportOwnerIds, reportRelations, visibleReport, type ReportRow } from "../../db/reports/reports";
import { assertOwnersExist, databaseExists, deleteReports, insertReport, layoutKeys, reportNameTaken, updateReport } from "../../db/reports/writes";
import { reportLog, reportLogPage } from "../../db/reports/logs";
import { visibleChart } from "../../db/charts/charts";
import { visibleDashboard } from "../../db/dashboards/dashboards";
import { accessibleDatabaseIds } from "./database-access";
import { itemAnswer, listAnswer } from "../http/fab-answer";
import { filterStateProblems } from "../../core/reports/native-filters";
import { filtersOfMetadata } from "../../core/dashboards/filters/config";
import { everyAddress, parseRecipient } from "../../core/reports/recipients";

// /api/v1/report/: Superset's ReportScheduleRestApi and ReportExecutionLogRestApi. Reads need can_read and
// writes can_write on ReportSchedule (Alpha and Admin); a report is seen by its owners and creator, or by anyone
// with all data access (ReportScheduleFilter), and changed or deleted only by its owners or an admin.
// The runner (workers/scheduled) writes last_state and the execution log; this API never does.

export const reportApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;

const read = requires("can_read", "ReportSchedule");
const write = requires("can_write", "ReportSchedule");

const seesAll = (p: Principal) => datasetScope(p).all;
const NOT_FOUND = "Report Schedule not found.";

async function readableReport(c: C, id: number): Promise<ReportRow> {
  const p = principalOf(c);
  const row = await visibleReport(c.var.db, id, p.id, seesAll(p));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

async function ownedReport(c: C, id: number): Promise<ReportRow> {
  const row = await readableReport(c, id);
  const p = principalOf(c);
  if (!isAdmin(p) && !(await reportOwnerIds(c.var.db, id)).includes(p.id)) throw forbidden("Changing this report is forbidden");
  return row;
}

/** Owners of a new report: those named, and always the caller unless an admin chose others (as charts). */
function ownersFor(p: Principal, requested: number[] | undefined): number[] {
  const owners = requested?.length ? [...requested] : [p.id];
  if (!isAdmin(p) && !owners.includes(p.id)) owners.push(p.id);
  return owners;
}

const storedDraft = (r: ReportRow): ReportDraft => ({
  type: r.type, chart: r.chart_id, dashboard: r.dashboard_id, database: r.database_id, sql: r.sql, report_format: r.report_format,
  validator_type: r.validator_type, extra: reportExtra(r.extra_json),
  validator_config_json: r.validator_config_json ? (JSON.parse(r.validator_config_json) as ReportDraft["validator_config_json"]) : null,
});

/** Looks up what the rules need; a chart, dashboard or database the caller may not see counts as absent. */
async function lookups(c: C, d: ReportDraft, name: string, exceptId: number | null): Promise<Lookups & { filterIds: string[] | null }> {
  const p = principalOf(c);
  const db = c.var.db;
  const chartExists = d.chart === null ? null : !!(await visibleChart(db, d.chart, datasetScope(p)));
  let dashboardLayoutKeys: Lookups["dashboardLayoutKeys"] = null;
  let filterIds: string[] | null = null;
  if (d.dashboard !== null) {
    const row = await visibleDashboard(db, { id: d.dashboard }, dashboardViewer(p, dashboardRbacOn(c.env)));
    dashboardLayoutKeys = row ? layoutKeys(row.position_json) : false;
    filterIds = row ? filtersOfMetadata(row.json_metadata).map((f) => f.id) : [];
  }
  let databaseFound: boolean | null = null;
  if (d.database !== null) {
    const visible = accessibleDatabaseIds(p);
    databaseFound = (visible === "all" || visible.includes(d.database)) && (await databaseExists(db, d.database));
  }
  return { nameTaken: await reportNameTaken(db, name, d.type, exceptId), chartExists, dashboardLayoutKeys, databaseExists: databaseFound, filterIds };
}

/**
 * The report's native-filter values and per-recipient mapping (extra.dashboard) must name the dashboard's filters
 * and the report's own recipients: checked whenever either changes, a 400 on `extra` as a schema error is.
 */
function assertFilterState(d: ReportDraft, filterIds: string[] | null, recipients: { type: string; recipient_config_json: string | null }[]): void {
  const addresses = recipients.flatMap((r) => {
    const parsed = parseRecipient(r.type, r.recipient_config_json);
    return parsed ? everyAddress(parsed) : [];
  });
  const problems = filterStateProblems(d.extra, filterIds, addresses);
  if (problems.length) throw validationError({ extra: problems });
}

async function assertValid(c: C, d: ReportDraft, name: string, exceptId: number | null, mode: "create" | "update", recipients: () => Promise<{ type: string; recipient_config_json: string | null }[]>): Promise<void> {
  const found = await lookups(c, d, name, exceptId);
  const problems = reportProblems(d, found, mode);
  if (Object.keys(problems).length) throw new ApiError(422, "Report Schedule parameters are invalid.", "GENERIC_COMMAND_ERROR", undefined, problems);
  assertFilterState(d, found.filterIds, await recipients());
}

const payloadRecipients = (p: ReportPayload) => (p.recipients ?? []).map((r) => ({ type: r.type, recipient_config_json: JSON.stringify(r.recipient_config_json) }));

/** Superset's validate_unique_creation_method: from Explore or a dashboard, one report per chart/dashboard. */
async function assertOneFromSameSource(c: C, p: ReportPayload): Promise<void> {
  if (!p.creation_method || p.creation_method === "alerts_reports") return;
  const { count } = await listReportRows(c.var.db, parseListArgs({
    filters: [
      { col: "creation_method", opr: "eq", value: p.creation_method },
      p.chart != null ? { col: "chart_id", opr: "eq", value: p.chart } : { col: "dashboard_id", opr: "eq", value: p.dashboard ?? null },
    ],
    page_size: 1,
  }), reportListSpec(0, true));
  if (count) throw new ApiError(409, "Resource already has an attached report.", "GENERIC_COMMAND_ERROR");
}

reportApi.get("/api/v1/report/", read, async (c) => {
  const p = principalOf(c);
  const args = parseListArgs(risonQuery(c));
  const { count, rows } = await listReportRows(c.var.db, args, reportListSpec(p.id, seesAll(p)));
  const rel = await reportRelations(c.var.db, rows);
  return listAnswer(c, REPORT, args, { count, ids: rows.map((r) => r.id), result: rows.map((r) => reportListItem(r, rel)) });
});

reportApi.get("/api/v1/report/:pk", read, async (c) => {
  const row = await readableReport(c, idParam(c));
  return itemAnswer(c, REPORT, { id: row.id, result: reportDetail(row, await reportRelations(c.var.db, [row])) });
});

reportApi.post("/api/v1/report/", write, async (c) => {
  const p = principalOf(c);
  const payload = parseReportPayload(await jsonObject(c), "create");
  const owners = ownersFor(p, payload.owners);
  await assertOwnersExist(c.var.db, owners);
  await assertValid(c, draftOf(null, payload), payload.name!, null, "create", async () => payloadRecipients(payload));
  await assertOneFromSameSource(c, payload);
  const id = await insertReport(c.var.db, payload, owners, p.id);
  return c.json({ id, result: { ...payload, owners } }, 201);
});

reportApi.put("/api/v1/report/:pk", write, async (c) => {
  const p = principalOf(c);
  const row = await ownedReport(c, idParam(c));
  const payload = parseReportPayload(await jsonObject(c), "update");
  if (payload.owners) {
    payload.owners = ownersFor(p, payload.owners);
    await assertOwnersExist(c.var.db, payload.owners);
  }
  const recipients = async () => (payload.recipients ? payloadRecipients(payload) : (await reportRelations(c.var.db, [row])).recipients.get(row.id) ?? []);
  await assertValid(c, draftOf(storedDraft(row), payload), payload.name ?? row.name, row.id, "update", recipients);
  await updateReport(c.var.db, row.id, payload, p.id, row.last_state);
  return c.json({ id: row.id, result: payload });
});


/** Bulk delete (`?q=!(1,2)`): every report must be found and owned before any is deleted, as Superset. */
deleteRoutes(reportApi, "/api/v1/report/", write, {
  invalid: "q must be a list of report ids",
  checkOne: ownedReport,
  remove: (c, ids) => deleteReports(c.var.db, ids),
  noun: ["report schedule", "report schedules"],
});

reportApi.get("/api/v1/report/:pk/log/", read, async (c) => {
  const row = await readableReport(c, idParam(c));
  const args = parseListArgs(risonQuery(c));
  const { count, rows } = await reportLogPage(c.var.db, row.id, args);
  return listAnswer(c, REPORT_LOG, args, { count, ids: rows.map((l) => l.id), result: rows.map(logItem) });
});

reportApi.get("/api/v1/report/:pk/log/:log_id", read, async (c) => {
  const row = await readableReport(c, idParam(c));
  const log = await reportLog(c.var.db, row.id, idParam(c, "log_id"));
  if (!log) throw notFound();
  return itemAnswer(c, REPORT_LOG, { id: log.id, result: logItem(log) });
});
