import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { idParam } from "../http/input";
import { ApiError, notFound } from "../../core/http/errors";
import { datasetScope } from "../../core/datasets/access";
import { dashboardRbacOn, dashboardViewer } from "../../core/dashboards/access";
import { chartThumbnailUrl, dashboardThumbnailUrl } from "../../core/thumbnails/digest";
import { visibleChart } from "../../db/charts/charts";
import { visibleDashboard } from "../../db/dashboards/dashboards";
import { chartDigest, chartThumbnail, dashboardDigest, dashboardThumbnail, type Thumbnail } from "../../services/thumbnails/thumbnails";
import type { ContentCall } from "../../services/reports/content";

// GET /api/v1/chart/{pk}/thumbnail/{digest}/ and /api/v1/dashboard/{pk}/thumbnail/{digest}/, as Superset answers them:
// an address with an old digest is redirected (302) to the current one, the current one answers the PNG. The picture is
// drawn at once (the render Worker takes well under a second) rather than queued with a 202 as Superset's Celery does.
// Reading a thumbnail needs what reading the chart or dashboard needs; its rows are read as the viewer.

export const thumbnailApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;

function contentCall(c: C): ContentCall {
  return { env: c.env, db: c.var.db, secret: c.var.secret, principal: principalOf(c), now: new Date(), force: c.req.query("force") === "true" };
}

function answer(c: C, thumbnail: Thumbnail): Response {
  if ("notice" in thumbnail) throw new ApiError(422, thumbnail.notice);
  return c.body(thumbnail.png, 200, { "Content-Type": "image/png", "Cache-Control": "private, max-age=3600" });
}

thumbnailApi.get("/api/v1/chart/:pk/thumbnail/:digest/", requires("can_read", "Chart"), async (c) => {
  const chart = await visibleChart(c.var.db, idParam(c), datasetScope(principalOf(c)));
  if (!chart) throw notFound();
  const digest = await chartDigest(chart, principalOf(c).id);
  if (c.req.param("digest") !== digest) return c.redirect(chartThumbnailUrl(chart.id, digest), 302);
  return answer(c, await chartThumbnail(contentCall(c), chart, digest));
});

thumbnailApi.get("/api/v1/dashboard/:pk/thumbnail/:digest/", requires("can_read", "Dashboard"), async (c) => {
  const viewer = dashboardViewer(principalOf(c), dashboardRbacOn(c.env));
  const dashboard = await visibleDashboard(c.var.db, { id: idParam(c) }, viewer);
  if (!dashboard) throw notFound("Dashboard not found.");
  const digest = await dashboardDigest(c.var.db, dashboard, principalOf(c).id);
  if (c.req.param("digest") !== digest) return c.redirect(dashboardThumbnailUrl(dashboard.id, digest), 302);
  return answer(c, await dashboardThumbnail(contentCall(c), dashboard, digest));
});
