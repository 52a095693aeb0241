import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc } from "drizzle-orm";
import { listDatasets } from "../../../db/datasets/datasets";
import { databases } from "../../../db/schema";
import { datasetScope } from "../../../core/datasets/access";
import { parseListArgs } from "../../../core/http/list-query";
import { listQuery, type ListUrlState } from "../../../core/lists/list-url-state";
import type { Principal } from "../../../core/security/permissions";
import { DATASET_LIST } from "./list-config";

// The Datasets list page reads through the same query as GET /api/v1/dataset/, with the caller's data access.

export async function loadDatasetsPage(context: AppLoadContext, principal: Principal, state: ListUrlState) {
  const scope = datasetScope(principal);
  const [page, dbs] = await Promise.all([
    listDatasets(context.db, parseListArgs(listQuery(state, DATASET_LIST)), scope),
    context.db.select({ id: databases.id, database_name: databases.database_name }).from(databases).orderBy(asc(databases.database_name)).all(),
  ]);
  const visibleDbs = scope.all ? dbs : dbs.filter((d) => scope.databaseIds.includes(d.id));
  return { count: page.count, datasets: page.result, databases: visibleDbs.map((d) => ({ value: String(d.id), label: d.database_name })), pageSize: DATASET_LIST.pageSize };
}
