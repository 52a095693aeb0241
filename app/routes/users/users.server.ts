import type { AppLoadContext } from "@remix-run/cloudflare";
import { listUsers } from "../../../db/security/users";
import { listRoles } from "../../../db/security/roles";
import { parseListArgs } from "../../../core/http/list-query";
import { listQuery, type ListUrlState } from "../../../core/lists/list-url-state";
import { USER_LIST } from "./list-config";

// The List Users page reads users and roles directly (the same queries as GET /api/v1/security/users/ and
// /roles/); changes go through the API from the browser so they share its validation.

export async function loadUsersPage(context: AppLoadContext, state: ListUrlState) {
  const [users, roles] = await Promise.all([
    listUsers(context.db, parseListArgs(listQuery(state, USER_LIST))),
    listRoles(context.db, { filters: [], orderColumn: "name", orderDirection: "asc", page: 0, pageSize: 1000, columns: null }),
  ]);
  return { count: users.count, users: users.result, roles: roles.result, pageSize: USER_LIST.pageSize };
}
