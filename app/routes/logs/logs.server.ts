import type { AppLoadContext } from "@remix-run/cloudflare";
import { listLogs, loggedActions } from "../../../db/logs/logs";
import type { ListFilter } from "../../../core/http/list-query";

// The Action Log page reads the event log directly (same query as GET /api/v1/log/), newest first.
export const LOG_PAGE_SIZE = 25;

export interface LogPageQuery {
  action: string;
  user: string;
  page: number;
}

export function logPageQuery(params: URLSearchParams): LogPageQuery {
  const page = Number(params.get("page") ?? "1");
  return {
    action: (params.get("action") ?? "").slice(0, 512),
    user: (params.get("user") ?? "").trim().slice(0, 64),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

export async function loadLogPage(context: AppLoadContext, query: LogPageQuery) {
  const filters: ListFilter[] = [];
  if (query.action) filters.push({ col: "action", opr: "eq", value: query.action });
  if (query.user) filters.push({ col: "user", opr: "ct", value: query.user });
  const [{ count, rows }, actions] = await Promise.all([
    listLogs(context.db, { filters, orderColumn: null, orderDirection: "desc", page: query.page - 1, pageSize: LOG_PAGE_SIZE, columns: null }),
    loggedActions(context.db),
  ]);
  return { count, rows, actions, pageSize: LOG_PAGE_SIZE };
}
