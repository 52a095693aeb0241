import type { Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf } from "../http/guard";
import { isAdmin } from "../../core/security/permissions";
import { datasetScope } from "../../core/datasets/access";
import { dashboardRbacOn, dashboardViewer } from "../../core/dashboards/access";
import { chartOwnerIds, chartScopeWhere, visibleChart } from "../../db/charts/charts";
import { dashboardAccessWhere, dashboardOwnerIds, visibleDashboard } from "../../db/dashboards/dashboards";
import { ownSavedQuery } from "../../db/sqllab/saved-queries";
import type { EntityScope } from "../../db/tags/entities";
import type { ObjectRef } from "../../core/tags/tags";

// What the caller may do with an object a tag names: Superset checks read access before tagging one object
// (raise_for_access) and ownership before a bulk tagging (current_user_can_modify_object). Saved queries are
// their author's alone, so seeing one is owning it.

type C = Context<AppEnv>;
export type Access = "none" | "read" | "write";

export async function objectAccess(c: C, ref: ObjectRef): Promise<Access> {
  const p = principalOf(c);
  if (ref.type === "query") return (await ownSavedQuery(c.var.db, ref.id, p.id)) ? "write" : "none";
  if (ref.type === "chart") {
    if (!(await visibleChart(c.var.db, ref.id, datasetScope(p)))) return "none";
    return isAdmin(p) || (await chartOwnerIds(c.var.db, ref.id)).includes(p.id) ? "write" : "read";
  }
  if (!(await visibleDashboard(c.var.db, { id: ref.id }, dashboardViewer(p, dashboardRbacOn(c.env))))) return "none";
  return isAdmin(p) || (await dashboardOwnerIds(c.var.db, ref.id)).includes(p.id) ? "write" : "read";
}

/** The caller's visibility on each kind of object, for the all-entities answer. */
export function entityScope(c: C): EntityScope {
  const p = principalOf(c);
  return { dashboards: dashboardAccessWhere(dashboardViewer(p, dashboardRbacOn(c.env))), charts: chartScopeWhere(datasetScope(p)), userId: p.id };
}
