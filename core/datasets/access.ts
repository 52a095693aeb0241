import { can, isAdmin, type Principal } from "../security/permissions";

// Which datasets a caller may see (Superset's datasource access): everything with all_datasource_access
// or all_database_access, otherwise those of the databases, schemas and datasets their roles name:
// database_access on "[db].(id:1)", schema_access on "[db].[schema]", datasource_access on "[db].[table](id:7)".

export type DatasetScope =
  | { all: true }
  | {
      all: false;
      databaseIds: number[];
      datasetIds: number[];
      schemas: { database: string; schema: string }[];
      /** a guest's reach (Superset's has_guest_access): only these dashboards and charts, whatever else the scope says */
      guest?: { dashboardIds: readonly number[]; chartIds: readonly number[] };
    };

export function datasetScope(principal: Principal): DatasetScope {
  // a guest never reaches past its token, whatever role GUEST_ROLE_NAME names (Superset's raise_for_access for guests)
  if (principal.guest) {
    const g = principal.guest;
    return { all: false, databaseIds: [], datasetIds: [...g.datasetIds], schemas: [], guest: { dashboardIds: g.dashboardIds, chartIds: g.chartIds } };
  }
  if (isAdmin(principal) || can(principal, "all_datasource_access", "all_datasource_access") || can(principal, "all_database_access", "all_database_access")) {
    return { all: true };
  }
  const scope = { all: false as const, databaseIds: [] as number[], datasetIds: [] as number[], schemas: [] as { database: string; schema: string }[] };
  for (const key of principal.permissions) {
    const bar = key.indexOf("|");
    const permission = key.slice(0, bar);
    const view = key.slice(bar + 1);
    if (permission === "database_access") {
      const m = /\(id:(\d+)\)$/.exec(view);
      if (m) scope.databaseIds.push(Number(m[1]));
    } else if (permission === "datasource_access") {
      const m = /\(id:(\d+)\)$/.exec(view);
      if (m) scope.datasetIds.push(Number(m[1]));
    } else if (permission === "schema_access") {
      const m = /^\[(.*)\]\.\[(.*)\]$/.exec(view);
      if (m) scope.schemas.push({ database: m[1], schema: m[2] });
    }
  }
  return scope;
}

export function scopeAllows(scope: DatasetScope, dataset: { id: number; database_id: number; schema: string | null }, databaseName: string): boolean {
  if (scope.all) return true;
  return (
    scope.databaseIds.includes(dataset.database_id) ||
    scope.datasetIds.includes(dataset.id) ||
    scope.schemas.some((s) => s.database === databaseName && s.schema === (dataset.schema ?? ""))
  );
}
