import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires, userOf } from "../http/guard";
import { deleteRoutes } from "../http/bulk-delete";
import { idParam, jsonObject, risonQuery } from "../http/input";
import { parseListArgs } from "../../core/http/list-query";
import { ApiError, badRequest, forbidden, notFound } from "../../core/http/errors";
import { isAdmin, type Principal } from "../../core/security/permissions";
import { datasetScope } from "../../core/datasets/access";
import { dashboardRbacOn, dashboardViewer } from "../../core/dashboards/access";
import { isStaleSave, lastModifiedTime, parseDashboardPayload, type DashboardPayload } from "../../core/dashboards/payloads";
import { dashboardChart, dashboardDetail, dashboardListItem, parseIdOrSlug } from "../../core/dashboards/shape";
import {
  chartsOfDashboard, dashboardListSpec, dashboardOwnerIds, dashboardRelations, favoriteDashboardIds, listDashboardRows, visibleDashboard,
  type DashboardRow, type DashboardViewer,
} from "../../db/dashboards/dashboards";
import { assertDashboardFields, deleteDashboards, insertDashboard, setDashboardFavorite, updateDashboard } from "../../db/dashboards/writes";
import { parseLayout, tabTree } from "../../core/dashboards/layout";
import { loadDataset } from "../../db/datasets/datasets";
import { datasourceData } from "../../db/datasets/detail";
import { itemAnswer, listAnswer } from "../http/fab-answer";
import { parseDashboardCopy } from "../../core/dashboards/copy";
import { copyDashboard } from "../../db/dashboards/copy";
import { DASHBOARD } from "../../core/http/fab-resources";
import { dashboardThumbnailUrl } from "../../core/thumbnails/digest";
import { dashboardDigests } from "../../services/thumbnails/thumbnails";
import { takeTagIds } from "../../core/tags/tags";
import { setCustomTags } from "../../db/tags/store";
import { assertCustomTagIds } from "./tag-objects";
import { revisionsKept, takeRevisionMessage } from "../../core/revisions/revisions";

// /api/v1/dashboard/: Superset's DashboardRestApi. Reads need can_read on Dashboard and pass Superset's
// DashboardAccessFilter (owned dashboards, and published ones with a chart on a readable dataset; admins see
// all); writes need can_write on Dashboard and ownership (or Admin). A dashboard is addressed by id or slug.

export const dashboardApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;

const read = requires("can_read", "Dashboard");
const write = requires("can_write", "Dashboard");

const viewerOf = (p: Principal, env: { DASHBOARD_RBAC?: string }): DashboardViewer => dashboardViewer(p, dashboardRbacOn(env));

export async function readableDashboard(c: C, key: string): Promise<DashboardRow> {
  const row = await visibleDashboard(c.var.db, parseIdOrSlug(key), viewerOf(principalOf(c), c.env));
  if (!row) throw notFound("Dashboard not found.");
  return row;
}

/** Each shaped dashboard with its thumbnail's address for this viewer (Superset's thumbnail_url). */
async function withThumbnails<T extends object>(c: C, rows: DashboardRow[], shaped: T[]): Promise<(T & { thumbnail_url: string })[]> {
  const digests = await dashboardDigests(c.var.db, rows, principalOf(c).id);
  return shaped.map((s, i) => ({ ...s, thumbnail_url: dashboardThumbnailUrl(rows[i].id, digests.get(rows[i].id)!) }));
}

/** Superset's raise_for_ownership: only owners and admins change a dashboard. */
export async function ownedDashboard(c: C, id: number): Promise<DashboardRow> {
  const row = await readableDashboard(c, String(id));
  const p = principalOf(c);
  if (!isAdmin(p) && !(await dashboardOwnerIds(c.var.db, id)).includes(p.id)) throw forbidden("Changing this Dashboard is forbidden");
  return row;
}

/** Owners of a new or changed dashboard: those named, and always the caller unless an admin chose others. */
function ownersFor(p: Principal, requested: number[] | undefined): number[] {
  const owners = requested ? [...requested] : [p.id];
  if (!isAdmin(p) && !owners.includes(p.id)) owners.push(p.id);
  return owners;
}

dashboardApi.get("/api/v1/dashboard/", read, async (c) => {
  const p = principalOf(c);
  const args = parseListArgs(risonQuery(c));
  const { count, rows } = await listDashboardRows(c.var.db, args, dashboardListSpec(viewerOf(p, c.env)));
  const relations = await dashboardRelations(c.var.db, rows);
  return listAnswer(c, DASHBOARD, args, { count, ids: rows.map((r) => r.id), result: await withThumbnails(c, rows, rows.map((r) => dashboardListItem(r, relations))) });
});

dashboardApi.get("/api/v1/dashboard/favorite_status/", read, async (c) => {
  const ids = risonQuery<unknown>(c);
  if (!Array.isArray(ids) || ids.some((i) => !Number.isSafeInteger(i))) throw badRequest("q must be a list of dashboard ids");
  const favs = await favoriteDashboardIds(c.var.db, principalOf(c).id, ids as number[]);
  return c.json({ result: (ids as number[]).map((id) => ({ id, value: favs.has(id) })) });
});

dashboardApi.get("/api/v1/dashboard/:id_or_slug", read, async (c) => {
  const row = await readableDashboard(c, c.req.param("id_or_slug"));
  const relations = await dashboardRelations(c.var.db, [row]);
  const [result] = await withThumbnails(c, [row], [dashboardDetail(row, relations)]);
  return itemAnswer(c, DASHBOARD, { id: row.id, result });
});

dashboardApi.get("/api/v1/dashboard/:id_or_slug/charts", read, async (c) => {
  const row = await readableDashboard(c, c.req.param("id_or_slug"));
  return c.json({ result: (await chartsOfDashboard(c.var.db, row.id)).map(dashboardChart) });
});

dashboardApi.get("/api/v1/dashboard/:id_or_slug/tabs", read, async (c) => {
  const row = await readableDashboard(c, c.req.param("id_or_slug"));
  return c.json({ result: tabTree(parseLayout(row.position_json)) });
});

/** The datasets of the dashboard's charts the caller may read, with columns, metrics and verbose names. */
dashboardApi.get("/api/v1/dashboard/:id_or_slug/datasets", read, async (c) => {
  const row = await readableDashboard(c, c.req.param("id_or_slug"));
  const scope = datasetScope(principalOf(c));
  const ids = [...new Set((await chartsOfDashboard(c.var.db, row.id)).map((ch) => ch.datasource_id).filter((v): v is number => v !== null))];
  const result = [];
  for (const id of ids) {
    const found = await loadDataset(c.var.db, id, scope).catch(() => null);
    if (found) result.push(await datasourceData(c.var.db, found.dataset, found.database));
  }
  return c.json({ result });
});

dashboardApi.post("/api/v1/dashboard/", write, async (c) => {
  const p = principalOf(c);
  const body = await jsonObject(c);
  const tagIds = takeTagIds(body);
  const message = takeRevisionMessage(body);
  const payload = parseDashboardPayload(body, "create");
  payload.owners = ownersFor(p, payload.owners);
  await assertDashboardFields(c.var.db, payload);
  if (tagIds) await assertCustomTagIds(c, tagIds);
  const id = await insertDashboard(c.var.db, payload, payload.owners, p.id, datasetScope(p), { actor: p.id, message, keep: revisionsKept(c.env.REVISIONS_KEPT) });
  if (tagIds) await setCustomTags(c.var.db, { type: "dashboard", id }, tagIds, p.id);
  return c.json({ id, result: payload }, 201);
});

dashboardApi.put("/api/v1/dashboard/:pk", write, async (c) => {
  const p = principalOf(c);
  const row = await ownedDashboard(c, idParam(c));
  const body = await jsonObject(c);
  const tagIds = takeTagIds(body);
  const message = takeRevisionMessage(body);
  const payload: DashboardPayload = parseDashboardPayload(body, "update");
  if (isStaleSave(payload.last_modified_time, row.changed_on)) {
    throw new ApiError(409, "This dashboard was changed by someone else since you opened it. Reload it to see their changes before saving yours.", "GENERIC_COMMAND_ERROR", {
      last_modified_time: lastModifiedTime(row.changed_on),
    });
  }
  if (payload.owners) payload.owners = ownersFor(p, payload.owners);
  await assertDashboardFields(c.var.db, payload, row.id);
  if (tagIds) await assertCustomTagIds(c, tagIds);
  const changedOn = await updateDashboard(c.var.db, row.id, payload, p.id, datasetScope(p), { actor: p.id, message, keep: revisionsKept(c.env.REVISIONS_KEPT) });
  if (tagIds) await setCustomTags(c.var.db, { type: "dashboard", id: row.id }, tagIds, p.id);
  const { last_modified_time: _sent, ...result } = payload;
  return c.json({ id: row.id, result: { ...result, json_metadata: result.json_metadata ?? row.json_metadata ?? "" }, last_modified_time: lastModifiedTime(changedOn) });
});


// every dashboard must be visible and owned before any is deleted (all or nothing, as Superset)
deleteRoutes(dashboardApi, "/api/v1/dashboard/", write, {
  invalid: "q must be a list of dashboard ids",
  checkOne: ownedDashboard,
  remove: (c, ids) => deleteDashboards(c.var.db, ids),
  noun: ["dashboard", "dashboards"],
});

dashboardApi.post("/api/v1/dashboard/:pk/favorites/", read, async (c) => {
  const row = await readableDashboard(c, String(idParam(c)));
  await setDashboardFavorite(c.var.db, userOf(c).id, row.id, true);
  return c.json({ result: "OK" });
});

dashboardApi.delete("/api/v1/dashboard/:pk/favorites/", read, async (c) => {
  const row = await readableDashboard(c, String(idParam(c)));
  await setDashboardFavorite(c.var.db, userOf(c).id, row.id, false);
  return c.json({ result: "OK" });
});

/**
 * Superset's copy_dash ("Save as"): anyone who may write dashboards and can see this one copies it; the copy is
 * theirs. Superset answers `{ result: { id, last_modified_time } }`; the OpenAPI document puts both fields at the
 * top level, so they are answered in both places.
 */
dashboardApi.post("/api/v1/dashboard/:id_or_slug/copy/", write, async (c) => {
  const original = await readableDashboard(c, c.req.param("id_or_slug"));
  const payload = parseDashboardCopy(await jsonObject(c));
  const { id, changedOn } = await copyDashboard(c.var.db, original, payload, principalOf(c).id, datasetScope(principalOf(c)), revisionsKept(c.env.REVISIONS_KEPT));
  const result = { id, last_modified_time: lastModifiedTime(changedOn) };
  return c.json({ ...result, result });
});
