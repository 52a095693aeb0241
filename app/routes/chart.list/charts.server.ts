import type { AppLoadContext } from "@remix-run/cloudflare";
import { chartListSpec, chartRelations, listChartRows } from "../../../db/charts/charts";
import { chartListItem } from "../../../core/charts/shape";
import { datasetScope } from "../../../core/datasets/access";
import { listPageParam, type ListFilter } from "../../../core/http/list-query";
import type { Principal } from "../../../core/security/permissions";

// The Charts list page reads through the same query as GET /api/v1/chart/, with the caller's data access.
export const CHARTS_PAGE_SIZE = 25;

export interface ChartsPageQuery {
  search: string;
  vizType: string;
  page: number;
}

export function chartsPageQuery(params: URLSearchParams): ChartsPageQuery {
  return {
    search: (params.get("search") ?? "").trim().slice(0, 250),
    vizType: (params.get("viz_type") ?? "").trim().slice(0, 250),
    page: listPageParam(params),
  };
}

export async function loadChartsPage(context: AppLoadContext, principal: Principal, query: ChartsPageQuery) {
  const filters: ListFilter[] = [];
  if (query.search) filters.push({ col: "slice_name", opr: "ct", value: query.search });
  if (query.vizType) filters.push({ col: "viz_type", opr: "eq", value: query.vizType });
  const args = { filters, orderColumn: "changed_on_delta_humanized", orderDirection: "desc" as const, page: query.page - 1, pageSize: CHARTS_PAGE_SIZE, columns: null };
  const { count, rows } = await listChartRows(context.db, args, chartListSpec(datasetScope(principal), principal.id));
  const relations = await chartRelations(context.db, rows);
  const charts = rows.map((r) => {
    const item = chartListItem(r, relations);
    return {
      id: item.id, slice_name: item.slice_name, viz_type: item.viz_type, url: item.url, datasource_name: item.datasource_name_text,
      datasource_url: item.datasource_url, owners: item.owners, changed_on_delta_humanized: item.changed_on_delta_humanized,
    };
  });
  return { count, charts, pageSize: CHARTS_PAGE_SIZE };
}
