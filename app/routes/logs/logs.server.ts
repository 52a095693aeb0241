import type { AppLoadContext } from "@remix-run/cloudflare";
import { listLogs, loggedActions } from "../../../db/logs/logs";
import { parseListArgs } from "../../../core/http/list-query";
import { listQuery, type ListUrlState } from "../../../core/lists/list-url-state";
import { LOG_LIST } from "./list-config";

// The Action Log page reads the event log directly (same query as GET /api/v1/log/), newest first.

export async function loadLogPage(context: AppLoadContext, state: ListUrlState) {
  const [{ count, rows }, actions] = await Promise.all([listLogs(context.db, parseListArgs(listQuery(state, LOG_LIST))), loggedActions(context.db)]);
  return { count, rows, actions, pageSize: LOG_LIST.pageSize };
}
