import { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { requiresAdmin } from "../http/guard";
import { idParam, risonQuery } from "../http/input";
import { parseListArgs } from "../../core/http/list-query";
import { parseItemArgs } from "../../core/http/item-query";
import { getNamed, listNamed, NAMED_TABLES } from "../../db/security/named-entries";

// Superset's read-only lists of permission names and of resources (FAB's view menus), admins only: with
// /permissions-resources/ (security-roles.ts) they let a tool find the pair ids a role is given.

const COLUMNS = ["id", "name"];

function namedApi(path: "permissions" | "resources", title: string) {
  const table = NAMED_TABLES[path];
  return new Hono<AppEnv>()
    .get(`/api/v1/security/${path}/`, requiresAdmin(), async (c) => {
      const { count, result } = await listNamed(c.var.db, table, parseListArgs(risonQuery(c)));
      return c.json({ count, ids: result.map((r) => r.id), result, list_columns: COLUMNS, order_columns: COLUMNS, list_title: `List ${title}` });
    })
    .get(`/api/v1/security/${path}/:pk`, requiresAdmin(), async (c) => {
      const row = await getNamed(c.var.db, table, idParam(c));
      parseItemArgs(risonQuery(c));
      return c.json({ id: row.id, result: row, show_columns: COLUMNS, show_title: `Show ${title}` });
    });
}

export const securityPermissionsApi = new Hono<AppEnv>().route("/", namedApi("permissions", "Permission")).route("/", namedApi("resources", "View Menu"));
