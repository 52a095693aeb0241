import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc } from "drizzle-orm";
import { listDatasets } from "../../../db/datasets/datasets";
import { databases } from "../../../db/schema";
import { datasetScope } from "../../../core/datasets/access";
import { listPageParam, type ListFilter } from "../../../core/http/list-query";
import type { Principal } from "../../../core/security/permissions";

// The Datasets list page reads through the same query as GET /api/v1/dataset/, with the caller's data access.
export const DATASETS_PAGE_SIZE = 25;

export interface DatasetsPageQuery {
  search: string;
  database: number | null;
  schema: string;
  page: number;
}

export function datasetsPageQuery(params: URLSearchParams): DatasetsPageQuery {
  const database = Number(params.get("database") ?? "");
  return {
    search: (params.get("search") ?? "").trim().slice(0, 250),
    database: Number.isSafeInteger(database) && database > 0 ? database : null,
    schema: (params.get("schema") ?? "").trim().slice(0, 250),
    page: listPageParam(params),
  };
}

export async function loadDatasetsPage(context: AppLoadContext, principal: Principal, query: DatasetsPageQuery) {
  const filters: ListFilter[] = [];
  if (query.search) filters.push({ col: "table_name", opr: "ct", value: query.search });
  if (query.database) filters.push({ col: "database", opr: "rel_o_m", value: query.database });
  if (query.schema) filters.push({ col: "schema", opr: "eq", value: query.schema });
  const scope = datasetScope(principal);
  const [page, dbs] = await Promise.all([
    listDatasets(context.db, { filters, orderColumn: "table_name", orderDirection: "asc", page: query.page - 1, pageSize: DATASETS_PAGE_SIZE, columns: null }, scope),
    context.db.select({ id: databases.id, database_name: databases.database_name }).from(databases).orderBy(asc(databases.database_name)).all(),
  ]);
  const visibleDbs = scope.all ? dbs : dbs.filter((d) => scope.databaseIds.includes(d.id));
  return { count: page.count, datasets: page.result, databases: visibleDbs, pageSize: DATASETS_PAGE_SIZE };
}
