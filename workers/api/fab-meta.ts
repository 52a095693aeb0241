import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { risonQuery } from "../http/input";
import { notFound } from "../../core/http/errors";
import { fabInfo, parseRelatedArgs, type FabResource, type RelatedArgs } from "../../core/http/fab";
import { CHART, DASHBOARD, DATABASE, DATASET, SAVED_QUERY } from "../../core/http/fab-resources";
import { can, type Principal } from "../../core/security/permissions";
import { datasetScope } from "../../core/datasets/access";
import { accessibleDatabaseIds } from "./database-access";
import { datasetListSpec } from "../../db/datasets/datasets";
import { savedQueryListSpec } from "../../db/sqllab/saved-queries";
import { distinctValues, relatedDatabases, relatedDatasets, relatedRoles, relatedUsers, type RelatedAnswer } from "../../db/lists/related";
import { RLS, RLS_VIEW } from "../../core/rls/payloads";
import type { ListSpec } from "../../db/lists/list";
import { queryListSpec } from "./query";
import { CSS_TEMPLATE } from "../../core/css-templates/payloads";
import { TAG } from "../../core/tags/tags";
import { REPORT } from "../../core/reports/shape";
import { relatedCharts, relatedDashboards } from "../../db/reports/related";
import { chartScopeWhere } from "../../db/charts/charts";
import { dashboardAccessWhere } from "../../db/dashboards/dashboards";
import { dashboardRbacOn, dashboardViewer } from "../../core/dashboards/access";

// FAB's generic endpoints of Superset's resource APIs, one table for all: `_info`, `related/<column>` and
// `distinct/<column>`. Which resource has which, and which columns each allows, is Superset's
// (include_route_methods, allowed_rel_fields, allowed_distinct_fields): anything else is a 404, as there.
// This sub-app is mounted before the resources' own, whose `/:pk` routes would otherwise take `_info`.

type Related = (c: Context<AppEnv>, args: RelatedArgs) => Promise<RelatedAnswer>;

interface Resource {
  view: string;
  /** null where Superset's API has no `_info` (queries) */
  info: FabResource | null;
  related: Record<string, Related>;
  /** the permissions `_info` may report, when not Superset's usual read/write/export (no export route) */
  permissions?: string[];
  /** the resource's list spec (with the caller's visibility) and the columns whose values it lists */
  distinct?: { spec: (p: Principal) => ListSpec; columns: string[] };
}

const users: Related = (c, args) => relatedUsers(c.var.db, args);
const visibleDatabases: Related = (c, args) => relatedDatabases(c.var.db, accessibleDatabaseIds(principalOf(c)), args);

const RESOURCES: Record<string, Resource> = {
  chart: { view: "Chart", info: CHART, related: { owners: users, created_by: users, changed_by: users } },
  dashboard: { view: "Dashboard", info: DASHBOARD, related: { owners: users, created_by: users, changed_by: users, roles: (c, args) => relatedRoles(c.var.db, args) } },
  database: { view: "Database", info: DATABASE, related: { changed_by: users, created_by: users } },
  dataset: {
    view: "Dataset",
    info: DATASET,
    related: { database: visibleDatabases, owners: users, created_by: users, changed_by: users },
    distinct: { spec: (p) => datasetListSpec(datasetScope(p)), columns: ["catalog", "schema"] },
  },
  saved_query: {
    view: "SavedQuery",
    info: SAVED_QUERY,
    related: { database: visibleDatabases, changed_by: users, created_by: users },
    distinct: { spec: (p) => savedQueryListSpec(p.id), columns: ["catalog", "schema"] },
  },
  tag: { view: "Tag", info: TAG, permissions: ["can_read", "can_write"], related: { created_by: users, changed_by: users } },
  css_template: { view: "CssTemplate", info: CSS_TEMPLATE, permissions: ["can_read", "can_write"], related: { created_by: users, changed_by: users } },
  report: {
    view: "ReportSchedule",
    info: REPORT,
    permissions: ["can_read", "can_write"],
    related: {
      owners: users, created_by: users, changed_by: users, database: visibleDatabases,
      chart: (c, args) => relatedCharts(c.var.db, chartScopeWhere(datasetScope(principalOf(c))), args),
      dashboard: (c, args) => relatedDashboards(c.var.db, dashboardAccessWhere(dashboardViewer(principalOf(c), dashboardRbacOn(c.env))), args),
    },
  },
  rowlevelsecurity: {
    view: RLS_VIEW, info: RLS, permissions: ["can_read", "can_write"],
    related: { roles: (c, args) => relatedRoles(c.var.db, args), tables: (c, args) => relatedDatasets(c.var.db, args) },
  },
  query: {
    view: "Query",
    info: null,
    related: { database: visibleDatabases, user: users },
    distinct: { spec: queryListSpec, columns: ["status"] },
  },
};

// Superset's base_permissions for these resources (MODEL_API_RW_METHOD_PERMISSION_MAP): read, write, export.
const PERMISSIONS = ["can_read", "can_write", "can_export"];

export const fabMetaApi = new Hono<AppEnv>({ strict: true });

for (const [name, r] of Object.entries(RESOURCES)) {
  const read = requires("can_read", r.view);
  const info = r.info;
  if (info) {
    fabMetaApi.get(`/api/v1/${name}/_info`, read, (c) => {
      const p = principalOf(c);
      const q = risonQuery<{ keys?: unknown }>(c);
      const keys = q && typeof q === "object" && Array.isArray(q.keys) ? q.keys.filter((k): k is string => typeof k === "string") : null;
      return c.json(fabInfo(info, (r.permissions ?? PERMISSIONS).filter((perm) => can(p, perm, r.view)), keys));
    });
  }
  fabMetaApi.get(`/api/v1/${name}/related/:column`, read, async (c) => {
    const column = c.req.param("column");
    const related = Object.hasOwn(r.related, column) ? r.related[column] : undefined;
    if (!related) throw notFound();
    return c.json(await related(c, parseRelatedArgs(risonQuery(c))));
  });
  const distinct = r.distinct;
  if (distinct) {
    fabMetaApi.get(`/api/v1/${name}/distinct/:column`, read, async (c) => {
      const column = c.req.param("column");
      const spec = distinct.spec(principalOf(c));
      if (!distinct.columns.includes(column) || !Object.hasOwn(spec.columns, column)) throw notFound();
      return c.json(await distinctValues(c.var.db, spec, spec.columns[column], parseRelatedArgs(risonQuery(c))));
    });
  }
}
