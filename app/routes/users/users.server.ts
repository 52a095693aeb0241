import type { AppLoadContext } from "@remix-run/cloudflare";
import { listUsers } from "../../../db/security/users";
import { listRoles } from "../../../db/security/roles";
import { listPageParam, type ListFilter } from "../../../core/http/list-query";

// The List Users page reads users and roles directly (the same queries as GET /api/v1/security/users/ and
// /roles/); changes go through the API from the browser so they share its validation.
export const USERS_PAGE_SIZE = 25;

export interface UsersPageQuery {
  search: string;
  page: number;
}

export function usersPageQuery(params: URLSearchParams): UsersPageQuery {
  return {
    search: (params.get("search") ?? "").trim().slice(0, 128),
    page: listPageParam(params),
  };
}

export async function loadUsersPage(context: AppLoadContext, query: UsersPageQuery) {
  const filters: ListFilter[] = query.search ? [{ col: "username", opr: "all_text", value: query.search }] : [];
  const [users, roles] = await Promise.all([
    listUsers(context.db, { filters, orderColumn: "username", orderDirection: "asc", page: query.page - 1, pageSize: USERS_PAGE_SIZE, columns: null }),
    listRoles(context.db, { filters: [], orderColumn: "name", orderDirection: "asc", page: 0, pageSize: 1000, columns: null }),
  ]);
  return { count: users.count, users: users.result, roles: roles.result, pageSize: USERS_PAGE_SIZE };
}
