import type { AppLoadContext } from "@remix-run/cloudflare";
import { listRules } from "../../../db/rls/list";
import { listRoles } from "../../../db/security/roles";
import { relatedDatasets } from "../../../db/lists/related";
import { parseListArgs } from "../../../core/http/list-query";
import { listQuery, type ListUrlState } from "../../../core/lists/list-url-state";
import { RLS_LIST } from "./list-config";

// The list page reads rules, roles and datasets directly (the same queries as the RLS API's list and related
// endpoints); saves and deletes go through the API from the browser so they share its checks.

export async function loadRlsPage(context: AppLoadContext, state: ListUrlState) {
  const all = { filter: "", page: 0, pageSize: 1000, includeIds: [] };
  const [rules, roles, datasets] = await Promise.all([
    listRules(context.db, parseListArgs(listQuery(state, RLS_LIST))),
    listRoles(context.db, { filters: [], orderColumn: "name", orderDirection: "asc", page: 0, pageSize: 1000, columns: null }),
    relatedDatasets(context.db, all),
  ]);
  return {
    count: rules.count, rules: rules.result, pageSize: RLS_LIST.pageSize,
    roles: roles.result.map((r) => ({ value: String(r.id), label: r.name })),
    datasets: datasets.result.map((d) => ({ value: String(d.value), label: d.text })),
  };
}
