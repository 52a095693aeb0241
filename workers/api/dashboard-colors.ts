import { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { idParam, jsonObject } from "../http/input";
import { validationError } from "../../core/http/errors";
import { ColorsConfigError, parseColorsConfig, withColors } from "../../core/dashboards/colors";
import { setDashboardMetadata } from "../../db/dashboards/filters";
import { ownedDashboard } from "./dashboard";

// Superset's PUT /api/v1/dashboard/{pk}/colors (UpdateDashboardColorsConfigCommand): the colour settings the
// dashboard's charts share (scheme, namespace, label colours) written into json_metadata; owners and admins only,
// as any other change of the dashboard. `mark_updated=false` leaves changed_on as it was (Superset's frontend
// stores the colours it applied when a dashboard loads, which is no edit of it). A bad field is a 400 naming it.

export const dashboardColorsApi = new Hono<AppEnv>({ strict: true });

dashboardColorsApi.put("/api/v1/dashboard/:pk/colors", requires("can_write", "Dashboard"), async (c) => {
  const row = await ownedDashboard(c, idParam(c));
  let config;
  try {
    config = parseColorsConfig(await jsonObject(c));
  } catch (e) {
    if (e instanceof ColorsConfigError) throw validationError(e.messages);
    throw e;
  }
  const keep = c.req.query("mark_updated") === "false" ? { changed_on: row.changed_on } : undefined;
  await setDashboardMetadata(c.var.db, row.id, withColors(row.json_metadata, config), principalOf(c).id, keep);
  return c.json({ result: [] });
});
