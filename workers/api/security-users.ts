import { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { requiresAdmin, principalOf } from "../http/guard";
import { idParam, jsonObject, risonQuery } from "../http/input";
import { parseListArgs } from "../../core/http/list-query";
import { parseItemArgs } from "../../core/http/item-query";
import { unprocessable } from "../../core/http/errors";
import { parseUserCreate, parseUserUpdate } from "../../core/security/admin-payloads";
import { isAdmin } from "../../core/security/permissions";
import { hashPassword } from "../../core/security/passwords";
import {
  USER_LIST_COLUMNS,
  USER_ORDER_COLUMNS,
  createUser,
  deleteUser,
  getUser,
  listUsers,
  roleNames,
  updateUser,
} from "../../db/security/users";

// Superset's security admin API for users (/api/v1/security/users/), admins only. Passwords are hashed
// here and never returned; deactivation (active: false) is preferred to deletion, as Superset advises.
export const securityUsersApi = new Hono<AppEnv>()
  .get("/api/v1/security/users/", requiresAdmin(), async (c) => {
    const args = parseListArgs(risonQuery(c));
    const { count, result } = await listUsers(c.var.db, args);
    return c.json({
      count,
      ids: result.map((u) => u.id),
      result,
      list_columns: USER_LIST_COLUMNS,
      order_columns: USER_ORDER_COLUMNS,
      list_title: "List Users",
    });
  })
  .get("/api/v1/security/users/:pk", requiresAdmin(), async (c) => {
    const id = idParam(c);
    parseItemArgs(risonQuery(c));
    const result = await getUser(c.var.db, id);
    return c.json({ id, result, show_columns: USER_LIST_COLUMNS, show_title: "Show User" });
  })
  .post("/api/v1/security/users/", requiresAdmin(), async (c) => {
    const { password, ...input } = parseUserCreate(await jsonObject(c));
    const id = await createUser(c.var.db, { ...input, passwordHash: await hashPassword(password) }, principalOf(c).id);
    return c.json({ id, result: input }, 201);
  })
  .put("/api/v1/security/users/:pk", requiresAdmin(), async (c) => {
    const id = idParam(c);
    const { password, ...input } = parseUserUpdate(await jsonObject(c));
    const me = principalOf(c);
    if (id === me.id) {
      // An admin cannot lock themselves out: no self-deactivation, no dropping one's own admin role.
      if (input.active === false) throw unprocessable("You cannot deactivate your own user.");
      if (input.roles && !isAdmin({ roles: await roleNames(c.var.db, input.roles) }))
        throw unprocessable("You cannot remove the admin role from your own user.");
    }
    const passwordHash = password === undefined ? undefined : await hashPassword(password);
    await updateUser(c.var.db, id, { ...input, passwordHash }, me.id);
    return c.json({ id, result: input });
  })
  .delete("/api/v1/security/users/:pk", requiresAdmin(), async (c) => {
    const id = idParam(c);
    if (id === principalOf(c).id) throw unprocessable("You cannot delete your own user.");
    await deleteUser(c.var.db, id);
    return c.json({ message: "OK" });
  });
