import { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { idParam, jsonObject } from "../http/input";
import { badRequest } from "../../core/http/errors";
import { lastModifiedTime } from "../../core/dashboards/payloads";
import { FilterConfigError, applyFilterChanges, filtersOfMetadata, parseFilterChanges, withFilters } from "../../core/dashboards/filters/config";
import { setDashboardMetadata } from "../../db/dashboards/filters";
import { revisionsKept } from "../../core/revisions/revisions";
import { ownedDashboard } from "./dashboard";
import { assertMayLink, linkedOf } from "../../db/dashboards/link-guard";
import { datasetScope } from "../../core/datasets/access";

// Superset's PUT /api/v1/dashboard/{pk}/filters (UpdateDashboardNativeFiltersCommand): the native filter
// configuration of json_metadata changed by { modified, deleted, reordered }; owners and admins only, as any
// other change of the dashboard. Answers the whole new configuration.

export const dashboardFiltersApi = new Hono<AppEnv>({ strict: true });

dashboardFiltersApi.put("/api/v1/dashboard/:pk/filters", requires("can_write", "Dashboard"), async (c) => {
  const row = await ownedDashboard(c, idParam(c));
  let next;
  try {
    next = applyFilterChanges(filtersOfMetadata(row.json_metadata), parseFilterChanges(await jsonObject(c)));
  } catch (e) {
    if (e instanceof FilterConfigError) throw badRequest(e.message);
    throw e;
  }
  const jsonMetadata = withFilters(row.json_metadata, next);
  // a filter's target is data its values read: the saver must read what a change newly targets
  await assertMayLink(c.var.db, datasetScope(principalOf(c)), await linkedOf(c.var.db, row.id), { jsonMetadata });
  const actor = principalOf(c).id;
  // changing the native filters is a save of the dashboard: the History keeps it (issue 34)
  const changed_on = await setDashboardMetadata(c.var.db, row.id, jsonMetadata, actor, undefined, {
    actor, message: null, keep: revisionsKept(c.env.REVISIONS_KEPT),
  });
  return c.json({ result: next, last_modified_time: lastModifiedTime(changed_on) });
});
