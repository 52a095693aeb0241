import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { jsonObject } from "../http/input";
import { forbidden, notFound } from "../../core/http/errors";
import { isAdmin } from "../../core/security/permissions";
import { parseEmbeddedConfig } from "../../core/embedded/config";
import { dashboardOwnerIds, type DashboardRow } from "../../db/dashboards/dashboards";
import { deleteEmbedded, embeddedByUuid, embeddedOfDashboard, upsertEmbedded, type EmbeddedRecord } from "../../db/embedded/embedded";
import { readableDashboard } from "./dashboard";

// Superset's embedded configuration: DashboardRestApi's /{id_or_slug}/embedded (read with can_read on
// Dashboard; set and removed with can_set_embedded on Dashboard, which Superset keeps to Admin, and here also
// only by the dashboard's owners or an admin) and EmbeddedDashboardRestApi's GET /api/v1/embedded_dashboard/{uuid}.

export const embeddedApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;

const read = requires("can_read", "Dashboard");
const setEmbedded = requires("can_set_embedded", "Dashboard");

/** EmbeddedDashboardResponseSchema: dashboard_id is a string there. */
export const embeddedJson = (e: EmbeddedRecord) => ({
  allowed_domains: e.allowed_domains,
  changed_by: e.changed_by,
  changed_on: e.changed_on,
  dashboard_id: String(e.dashboard_id),
  uuid: e.uuid,
});

async function ownedDashboardBy(c: C): Promise<DashboardRow> {
  const row = await readableDashboard(c, c.req.param("id_or_slug")!);
  const p = principalOf(c);
  if (!isAdmin(p) && !(await dashboardOwnerIds(c.var.db, row.id)).includes(p.id)) throw forbidden("Changing this Dashboard is forbidden");
  return row;
}

embeddedApi.get("/api/v1/dashboard/:id_or_slug/embedded", read, async (c) => {
  const row = await readableDashboard(c, c.req.param("id_or_slug"));
  const embedded = await embeddedOfDashboard(c.var.db, row.id);
  if (!embedded) throw notFound();
  return c.json({ result: embeddedJson(embedded) });
});

const save = async (c: C) => {
  const row = await ownedDashboardBy(c);
  const { allowed_domains } = parseEmbeddedConfig(await jsonObject(c));
  const embedded = await upsertEmbedded(c.var.db, row.id, allowed_domains, principalOf(c).id);
  return c.json({ result: embeddedJson(embedded) });
};
embeddedApi.post("/api/v1/dashboard/:id_or_slug/embedded", setEmbedded, save);
embeddedApi.put("/api/v1/dashboard/:id_or_slug/embedded", setEmbedded, save);

embeddedApi.delete("/api/v1/dashboard/:id_or_slug/embedded", setEmbedded, async (c) => {
  const row = await ownedDashboardBy(c);
  await deleteEmbedded(c.var.db, row.id);
  return c.json({ message: "OK" });
});

// Superset's EmbeddedDashboardRestApi.get (can_read on EmbeddedDashboard there; its `read` rides on
// Dashboard's here): the embedded page and the SDK read the configuration by its uuid.
embeddedApi.get("/api/v1/embedded_dashboard/:uuid", read, async (c) => {
  const embedded = await embeddedByUuid(c.var.db, c.req.param("uuid"));
  if (!embedded) throw notFound();
  return c.json({ result: embeddedJson(embedded) });
});
