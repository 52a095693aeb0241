import { and, desc, eq, gt, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { charts, dashboards, logs, users } from "../schema";
import { orderFor, whereFor, type ListSpec } from "../lists/list";
import type { ListArgs, ListFilter } from "../../core/http/list-query";
import type { LogRow } from "../../core/event-log";
import { inList, insertChunks } from "../d1-params";

// The event log: writes from POST /tptanalytics/log/, reads for GET /api/v1/log/ and the Action Log page.

export interface LogWriteContext {
  userId: number | null;
  referrer: string | null;
}

/** A row with its user, referrer and time: what a batch of several requests' rows is made of. */
export type StoredLogRow = LogRow & { user_id: number | null; referrer: string | null; dttm: string };

/** Stores the rows and answers their ids, in order. */
export function insertLogs(db: Database, rows: LogRow[], ctx: LogWriteContext): Promise<number[]> {
  const dttm = new Date().toISOString();
  return insertLogRows(db, rows.map((r) => ({ ...r, user_id: ctx.userId, referrer: ctx.referrer, dttm })));
}

/** Stores rows of any users in one D1 batch (one transaction), and answers their ids, in order. */
export async function insertLogRows(db: Database, values: StoredLogRow[]): Promise<number[]> {
  if (values.length === 0) return [];
  const statements = [];
  for (const part of insertChunks(logs, values)) statements.push(db.insert(logs).values(part).returning({ id: logs.id }));
  // One batch is one transaction: a send is stored whole or not at all.
  const results = await db.batch(statements as [(typeof statements)[0], ...(typeof statements)[0][]]);
  return results.flat().map((r) => r.id);
}

const userIdsMatching = (pattern: SQL) => sql`(SELECT ${users.id} FROM ${users} WHERE ${pattern})`;

export const LOG_LIST_SPEC: ListSpec = {
  table: logs,
  columns: {
    id: logs.id,
    action: logs.action,
    dttm: logs.dttm,
    user_id: logs.user_id,
    dashboard_id: logs.dashboard_id,
    slice_id: logs.slice_id,
    duration_ms: logs.duration_ms,
    referrer: logs.referrer,
    json: logs.json,
  },
  defaultOrder: { column: logs.dttm, direction: "desc" },
  customFilter: (f: ListFilter) => {
    // "user" is the related user: by id (Superset's rel_o_m) or by a part of the username (the page's search box).
    if (f.col !== "user") return undefined;
    if (f.opr === "rel_o_m" || f.opr === "eq") return typeof f.value === "number" ? eq(logs.user_id, f.value) : sql`0`;
    if (f.opr === "ct" && typeof f.value === "string") {
      const text = f.value.replace(/[\\%_]/g, (m) => `\\${m}`);
      // an embedded dashboard's guest has no user row: its rows name it in json.guest_user
      return sql`(${logs.user_id} IN ${userIdsMatching(sql`lower(${users.username}) LIKE lower(${`%${text}%`}) ESCAPE '\\'`)}
        OR (${logs.user_id} IS NULL AND lower(CASE WHEN json_valid(${logs.json}) THEN json_extract(${logs.json}, '$.guest_user') END) LIKE lower(${`%${text}%`}) ESCAPE '\\'))`;
    }
    return undefined;
  },
};

export interface LogEntry {
  id: number;
  action: string | null;
  user: { username: string } | null;
  user_id: number | null;
  dttm: string | null;
  json: string | null;
  dashboard_id: number | null;
  slice_id: number | null;
  duration_ms: number | null;
  referrer: string | null;
}

const entryColumns = {
  id: logs.id,
  action: logs.action,
  user_id: logs.user_id,
  username: users.username,
  dttm: logs.dttm,
  json: logs.json,
  dashboard_id: logs.dashboard_id,
  slice_id: logs.slice_id,
  duration_ms: logs.duration_ms,
  referrer: logs.referrer,
};

function toEntry(r: { username: string | null } & Omit<LogEntry, "user">): LogEntry {
  const { username, ...rest } = r;
  return { ...rest, user: username === null ? null : { username } };
}

export async function listLogs(db: Database, args: ListArgs): Promise<{ count: number; rows: LogEntry[] }> {
  const where = whereFor(LOG_LIST_SPEC, args.filters);
  const countRow = await db.select({ n: sql<number>`count(*)` }).from(logs).where(where).get();
  const rows = await db
    .select(entryColumns)
    .from(logs)
    .leftJoin(users, eq(users.id, logs.user_id))
    .where(where)
    .orderBy(...orderFor(LOG_LIST_SPEC, args), desc(logs.id))
    .limit(args.pageSize)
    .offset(args.page * args.pageSize)
    .all();
  return { count: countRow?.n ?? 0, rows: rows.map(toEntry) };
}

export async function getLog(db: Database, id: number): Promise<LogEntry | null> {
  const row = await db.select(entryColumns).from(logs).leftJoin(users, eq(users.id, logs.user_id)).where(eq(logs.id, id)).get();
  return row ? toEntry(row) : null;
}

/** The distinct actions logged so far, for the Action Log page's filter. */
export async function loggedActions(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ action: logs.action }).from(logs).where(isNotNull(logs.action)).orderBy(logs.action).limit(200).all();
  return rows.map((r) => r.action as string);
}

export interface RecentActivityRow {
  action: string;
  dttm: string;
  dashboard_id: number | null;
  slice_id: number | null;
  dashboard_slug: string | null;
  dashboard_title: string | null;
  slice_name: string | null;
}

/**
 * The user's recent views of dashboards and charts, newest first (Superset's LogDAO.get_recent_activity).
 * `distinct` keeps only the latest view of each (dashboard, chart, action) within the last year.
 */
export async function recentActivity(
  db: Database,
  opts: { userId: number; actions: string[]; distinct: boolean; page: number; pageSize: number; now: Date },
): Promise<RecentActivityRow[]> {
  if (opts.actions.length === 0) return [];
  const oneYearAgo = new Date(opts.now.getTime() - 365 * 86_400_000).toISOString();
  const where = and(
    eq(logs.user_id, opts.userId),
    inList(logs.action, opts.actions),
    or(isNotNull(logs.dashboard_id), isNotNull(logs.slice_id)),
    opts.distinct ? gt(logs.dttm, oneYearAgo) : undefined,
  );
  const dttm = opts.distinct ? sql<string>`max(${logs.dttm})` : sql<string>`${logs.dttm}`;
  const base = db
    .select({
      action: sql<string>`${logs.action}`,
      dttm,
      dashboard_id: logs.dashboard_id,
      slice_id: logs.slice_id,
      dashboard_slug: dashboards.slug,
      dashboard_title: dashboards.dashboard_title,
      slice_name: charts.slice_name,
    })
    .from(logs)
    .leftJoin(dashboards, eq(dashboards.id, logs.dashboard_id))
    .leftJoin(charts, eq(charts.id, logs.slice_id))
    // Only items that still exist and have a title, as Superset's has_subject_title.
    .where(and(where, or(sql`coalesce(${dashboards.dashboard_title}, '') <> ''`, sql`coalesce(${charts.slice_name}, '') <> ''`)));
  const grouped = opts.distinct ? base.groupBy(logs.dashboard_id, logs.slice_id, logs.action) : base;
  return grouped
    .orderBy(desc(dttm))
    .limit(opts.pageSize)
    .offset(opts.page * opts.pageSize)
    .all();
}
