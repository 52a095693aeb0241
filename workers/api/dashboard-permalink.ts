import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { jsonObject } from "../http/input";
import { notFound } from "../../core/http/errors";
import { parseIdOrSlug } from "../../core/dashboards/shape";
import { dashboardRbacOn, dashboardViewer } from "../../core/dashboards/access";
import { parseDashboardPermalinkBody } from "../../core/dashboards/permalink/state";
import { visibleDashboard } from "../../db/dashboards/dashboards";
import { dashboardPermalink, insertDashboardPermalink } from "../../db/dashboards/permalink";

// Superset's DashboardPermalinkRestApi: POST /api/v1/dashboard/{pk}/permalink stores a viewer's state of a
// dashboard they can see; GET /api/v1/dashboard/permalink/{key} answers it only to someone who can see that
// dashboard too (a permalink never grants access: the dashboard is checked again on every read).

export const dashboardPermalinkApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;

const visible = (c: C, idOrSlug: string) =>
  visibleDashboard(c.var.db, parseIdOrSlug(idOrSlug), dashboardViewer(principalOf(c), dashboardRbacOn(c.env)));

dashboardPermalinkApi.post("/api/v1/dashboard/:pk/permalink", requires("can_write", "DashboardPermalinkRestApi"), async (c) => {
  const row = await visible(c, c.req.param("pk"));
  if (!row) throw notFound("Dashboard not found.");
  const state = parseDashboardPermalinkBody(await jsonObject(c));
  const key = await insertDashboardPermalink(c.var.db, { dashboardId: String(row.id), state }, principalOf(c).id);
  return c.json({ key, url: `${new URL(c.req.url).origin}/superset/dashboard/p/${key}/` }, 201);
});

dashboardPermalinkApi.get("/api/v1/dashboard/permalink/:key", requires("can_read", "DashboardPermalinkRestApi"), async (c) => {
  const value = await dashboardPermalink(c.var.db, c.req.param("key"));
  // an unknown key and a dashboard the caller cannot see answer the same, so keys reveal nothing
  if (!value || !(await visible(c, value.dashboardId))) throw notFound("The permalink was not found.");
  return c.json(value);
});
