import type { Database } from "../client";
import { listPage } from "../lists/list";
import { usersById, type UserRef } from "../sqllab/lookups";
import { humanizeAgo } from "../../core/recent-activity";
import type { ListArgs } from "../../core/http/list-query";
import type { RlsListItem } from "../../core/rls/payloads";
import { linksOf, rlsListSpec, type RlsRow, type RuleLinks } from "./store";

// A rule as GET /api/v1/rowlevelsecurity/ lists it (RLSRestApi.get_list), shared by the API and the list page.

export function ruleJson(r: RlsRow, links: RuleLinks | undefined, people: Map<number, UserRef>, now = Date.now()): RlsListItem {
  const changer = r.changed_by_fk ? people.get(r.changed_by_fk) : undefined;
  return {
    id: r.id, name: r.name, filter_type: r.filter_type, clause: r.clause, group_key: r.group_key ?? "", description: r.description ?? "",
    tables: (links?.tables ?? []).map((t) => ({ id: t.id, schema: t.schema ?? "", table_name: t.table_name })),
    roles: links?.roles ?? [],
    changed_on_delta_humanized: r.changed_on ? humanizeAgo(now - Date.parse(r.changed_on)) : null,
    changed_by: changer ? { id: changer.id, first_name: changer.first_name, last_name: changer.last_name } : null,
  };
}

export async function listRules(db: Database, args: ListArgs): Promise<{ count: number; rows: RlsRow[]; result: RlsListItem[] }> {
  const { count, rows } = await listPage<RlsRow>(db, rlsListSpec, args);
  const [links, people] = await Promise.all([linksOf(db, rows.map((r) => r.id)), usersById(db, rows.map((r) => r.changed_by_fk))]);
  return { count, rows, result: rows.map((r) => ruleJson(r, links.get(r.id), people)) };
}
