import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires, userOf } from "../http/guard";
import { deleteRoutes } from "../http/bulk-delete";
import { idParam, jsonObject, risonQuery } from "../http/input";
import { parseListArgs } from "../../core/http/list-query";
import { ApiError, badRequest, forbidden, notFound } from "../../core/http/errors";
import { isAdmin, type Principal } from "../../core/security/permissions";
import { datasetScope } from "../../core/datasets/access";
import { parseChartPayload, type ChartPayload } from "../../core/charts/payloads";
import { chartDetail, chartListItem } from "../../core/charts/shape";
import { loadDataset } from "../../db/datasets/datasets";
import {
  chartListSpec, chartOwnerIds, chartRelations, favoriteChartIds, listChartRows, visibleChart, type ChartRow,
} from "../../db/charts/charts";
import { assertRelationsExist, dashboardsNotOwned, deleteCharts, insertChart, setFavorite, updateChart } from "../../db/charts/writes";
import { itemAnswer, listAnswer } from "../http/fab-answer";
import { CHART } from "../../core/http/fab-resources";
import { chartThumbnailUrl } from "../../core/thumbnails/digest";
import { chartDigest } from "../../services/thumbnails/thumbnails";
import { takeTagIds } from "../../core/tags/tags";
import { setCustomTags } from "../../db/tags/store";
import { assertCustomTagIds } from "./tag-objects";
import { revisionsKept, takeRevisionMessage } from "../../core/revisions/revisions";

// /api/v1/chart/: Superset's ChartRestApi. Reads need can_read on Chart and data access to the chart's
// dataset (Superset's ChartFilter); writes need can_write on Chart and, as in Superset, ownership (or Admin).

export const chartApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;

const read = requires("can_read", "Chart");
const write = requires("can_write", "Chart");

export async function readableChart(c: C, id: number): Promise<ChartRow> {
  const row = await visibleChart(c.var.db, id, datasetScope(principalOf(c)));
  if (!row) throw notFound();
  return row;
}

export async function ownedChart(c: C, id: number): Promise<ChartRow> {
  const row = await readableChart(c, id);
  const p = principalOf(c);
  if (!isAdmin(p) && !(await chartOwnerIds(c.var.db, id)).includes(p.id)) throw forbidden("Changing this chart is forbidden");
  return row;
}

/** The dataset a chart is built on must exist and be readable by the caller (422 as Superset's ChartInvalidError). */
async function checkDatasource(c: C, p: ChartPayload): Promise<void> {
  if (p.datasource_id === undefined) return;
  const notThere = () => new ApiError(422, "Chart parameters are invalid.", "GENERIC_COMMAND_ERROR", undefined, { datasource_id: ["Datasource does not exist"] });
  if (p.datasource_type && !["table", "dataset"].includes(p.datasource_type)) throw notThere();
  try {
    await loadDataset(c.var.db, p.datasource_id, datasetScope(principalOf(c)));
  } catch {
    throw notThere();
  }
  if (p.datasource_type === "dataset") p.datasource_type = "table";
}

/** Owners of a new chart: those named, and always the caller unless an admin chose others. */
function ownersFor(p: Principal, requested: number[] | undefined): number[] {
  const owners = requested ? [...requested] : [p.id];
  if (!isAdmin(p) && !owners.includes(p.id)) owners.push(p.id);
  return owners;
}

async function shapedList(c: C, rows: ChartRow[]) {
  const relations = await chartRelations(c.var.db, rows);
  const digests = await Promise.all(rows.map((r) => chartDigest(r, principalOf(c).id)));
  return rows.map((r, i) => ({ ...chartListItem(r, relations), thumbnail_url: chartThumbnailUrl(r.id, digests[i]) }));
}

chartApi.get("/api/v1/chart/", read, async (c) => {
  const p = principalOf(c);
  const args = parseListArgs(risonQuery(c));
  const { count, rows } = await listChartRows(c.var.db, args, chartListSpec(datasetScope(p), p.id));
  return listAnswer(c, CHART, args, { count, ids: rows.map((r) => r.id), result: await shapedList(c, rows) });
});

chartApi.get("/api/v1/chart/favorite_status/", read, async (c) => {
  const ids = risonQuery<unknown>(c);
  if (!Array.isArray(ids) || ids.some((i) => !Number.isSafeInteger(i))) throw badRequest("q must be a list of chart ids");
  const favs = await favoriteChartIds(c.var.db, principalOf(c).id, ids as number[]);
  return c.json({ result: (ids as number[]).map((id) => ({ id, value: favs.has(id) })) });
});

/** Superset's DashboardsForbiddenError: a chart joins only dashboards its saver owns (admins: any). */
async function assertMayJoinDashboards(c: C, p: Principal, ids: number[] | undefined, chartId: number | null): Promise<void> {
  if (!ids?.length || isAdmin(p)) return;
  if ((await dashboardsNotOwned(c.var.db, p.id, ids, chartId)).length) throw forbidden("Changing one or more of these dashboards is forbidden");
}

chartApi.get("/api/v1/chart/:pk", read, async (c) => {
  const row = await readableChart(c, idParam(c));
  const relations = await chartRelations(c.var.db, [row]);
  const thumbnail_url = chartThumbnailUrl(row.id, await chartDigest(row, principalOf(c).id));
  return itemAnswer(c, CHART, { id: row.id, result: { ...chartDetail(row, relations), thumbnail_url } });
});

chartApi.post("/api/v1/chart/", write, async (c) => {
  const p = principalOf(c);
  const body = await jsonObject(c);
  const tagIds = takeTagIds(body);
  const message = takeRevisionMessage(body);
  const payload = parseChartPayload(body, "create");
  if (tagIds) await assertCustomTagIds(c, tagIds);
  await checkDatasource(c, payload);
  const owners = ownersFor(p, payload.owners);
  await assertRelationsExist(c.var.db, { owners, dashboards: payload.dashboards });
  await assertMayJoinDashboards(c, p, payload.dashboards, null);
  const id = await insertChart(c.var.db, payload, owners, p.id, { actor: p.id, message, keep: revisionsKept(c.env.REVISIONS_KEPT) });
  if (tagIds) await setCustomTags(c.var.db, { type: "chart", id }, tagIds, p.id);
  const { owners: _o, ...result } = payload;
  return c.json({ id, result: { ...result, owners } }, 201);
});

chartApi.put("/api/v1/chart/:pk", write, async (c) => {
  const p = principalOf(c);
  const row = await ownedChart(c, idParam(c));
  const body = await jsonObject(c);
  const tagIds = takeTagIds(body);
  const message = takeRevisionMessage(body);
  const payload = parseChartPayload(body, "update");
  if (tagIds) await assertCustomTagIds(c, tagIds);
  await checkDatasource(c, payload);
  if (payload.owners) payload.owners = ownersFor(p, payload.owners);
  await assertRelationsExist(c.var.db, payload);
  await assertMayJoinDashboards(c, p, payload.dashboards, row.id);
  await updateChart(c.var.db, row.id, payload, p.id, { actor: p.id, message, keep: revisionsKept(c.env.REVISIONS_KEPT) });
  if (tagIds) await setCustomTags(c.var.db, { type: "chart", id: row.id }, tagIds, p.id);
  return c.json({ id: row.id, result: payload });
});


// every chart must be visible and owned before any is deleted (all or nothing, as Superset)
deleteRoutes(chartApi, "/api/v1/chart/", write, {
  invalid: "q must be a list of chart ids",
  checkOne: ownedChart,
  remove: (c, ids) => deleteCharts(c.var.db, ids),
  noun: ["chart", "charts"],
});

chartApi.post("/api/v1/chart/:pk/favorites/", read, async (c) => {
  const row = await readableChart(c, idParam(c));
  await setFavorite(c.var.db, userOf(c).id, row.id, true);
  return c.json({ result: "OK" });
});

chartApi.delete("/api/v1/chart/:pk/favorites/", read, async (c) => {
  const row = await readableChart(c, idParam(c));
  await setFavorite(c.var.db, userOf(c).id, row.id, false);
  return c.json({ result: "OK" });
});
