import type { AppLoadContext } from "@remix-run/cloudflare";
import { datasetScope } from "../../../core/datasets/access";
import { dashboardRbacOn, dashboardViewer } from "../../../core/dashboards/access";
import type { Principal } from "../../../core/security/permissions";
import { chartScopeWhere } from "../../../db/charts/charts";
import { dashboardAccessWhere } from "../../../db/dashboards/dashboards";
import { taggedEntities } from "../../../db/tags/entities";
import { tagById } from "../../../db/tags/list";

// The all-entities page's server half: the tag and what it marks that the viewer may see, as
// GET /api/v1/tag/get_objects/?tagIds= answers it; null when there is no such tag.

export async function tagWithEntities(context: AppLoadContext, principal: Principal, id: number) {
  const tag = await tagById(context.db, id);
  if (!tag) return null;
  const scope = {
    dashboards: dashboardAccessWhere(dashboardViewer(principal, dashboardRbacOn(context.env))),
    charts: chartScopeWhere(datasetScope(principal)),
    userId: principal.id,
  };
  return { tag, entities: await taggedEntities(context.db, scope, { tagIds: [tag.id], tagNames: null, types: [] }) };
}
