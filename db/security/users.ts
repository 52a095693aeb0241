import { and, eq, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { forgetPrincipals } from "./principal-cache";
import { roles, userRoles, users } from "../schema";
import { listPage, type ListSpec } from "../lists/list";
import { badRequest, notFound, unprocessable, validationError } from "../../core/http/errors";
import type { ListArgs, ListFilter } from "../../core/http/list-query";
import type { UserCreate, UserUpdate } from "../../core/security/admin-payloads";
import { inList, insertChunks } from "../d1-params";

// Users as the security admin API sees them. The password hash never leaves this module.

type UserRow = typeof users.$inferSelect;

export const USER_LIST_COLUMNS = [
  "id", "username", "first_name", "last_name", "email", "active", "roles", "login_count", "fail_login_count",
  "last_login", "created_on", "changed_on", "created_by", "changed_by",
];

export const USER_ORDER_COLUMNS = ["id", "username", "first_name", "last_name", "email", "active", "last_login", "login_count", "created_on", "changed_on"];

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

const userListSpec: ListSpec = {
  table: users,
  columns: {
    id: users.id,
    username: users.username,
    first_name: users.first_name,
    last_name: users.last_name,
    email: users.email,
    active: users.active,
    last_login: users.last_login,
    login_count: users.login_count,
    created_on: users.created_on,
    changed_on: users.changed_on,
  },
  defaultOrder: { column: users.username, direction: "asc" },
  customFilter: userFilter,
};

/** `roles` filters on role ids (rel_m_m, as Superset's user list sends); `all_text` searches names and email. */
function userFilter(f: ListFilter): SQL | undefined {
  if (f.col === "roles") {
    if (f.opr !== "rel_m_m" && f.opr !== "eq" && f.opr !== "in") throw badRequest(`Filter operator not supported on roles: ${f.opr}`);
    const ids = (Array.isArray(f.value) ? f.value : [f.value]).filter((v) => Number.isSafeInteger(v)) as number[];
    if (ids.length === 0) throw badRequest("Filter roles needs role ids");
    return sql`${users.id} IN (SELECT ${userRoles.user_id} FROM ${userRoles} WHERE ${inList(userRoles.role_id, ids)})`;
  }
  if (f.opr === "all_text") {
    if (typeof f.value !== "string") throw badRequest("Filter all_text needs a text value");
    const like = `%${escapeLike(f.value)}%`;
    return or(
      ...[users.username, users.first_name, users.last_name, users.email].map((c) => sql`lower(${c}) LIKE lower(${like}) ESCAPE '\\'`),
    );
  }
  return undefined;
}

export async function listUsers(db: Database, args: ListArgs) {
  const page = await listPage<UserRow>(db, userListSpec, args);
  const roleMap = await rolesOfUsers(db, page.rows.map((u) => u.id));
  return { count: page.count, result: page.rows.map((u) => publicUser(u, roleMap.get(u.id) ?? [])) };
}

export async function getUser(db: Database, id: number) {
  const row = await db.select().from(users).where(eq(users.id, id)).get();
  if (!row) throw notFound();
  return publicUser(row, (await rolesOfUsers(db, [id])).get(id) ?? []);
}

async function rolesOfUsers(db: Database, ids: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const map = new Map<number, { id: number; name: string }[]>();
  if (ids.length === 0) return map;
  const rows = await db
      .select({ user_id: userRoles.user_id, id: roles.id, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.role_id))
      .where(inList(userRoles.user_id, ids))
      .orderBy(roles.name)
      .all();
  for (const r of rows) map.set(r.user_id, [...(map.get(r.user_id) ?? []), { id: r.id, name: r.name }]);
  return map;
}

function publicUser(u: UserRow, userRoleList: { id: number; name: string }[]) {
  return {
    id: u.id,
    username: u.username,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    active: u.active,
    roles: userRoleList,
    login_count: u.login_count,
    fail_login_count: u.fail_login_count,
    last_login: u.last_login,
    created_on: u.created_on,
    changed_on: u.changed_on,
    created_by: u.created_by_fk ? { id: u.created_by_fk } : null,
    changed_by: u.changed_by_fk ? { id: u.changed_by_fk } : null,
  };
}

/** Username and email are unique (email case-insensitively); unknown role ids are refused by name. */
async function checkUnique(db: Database, input: UserUpdate, exceptId?: number) {
  const errors: Record<string, string[]> = {};
  const others = exceptId ? ne(users.id, exceptId) : undefined;
  if (input.username !== undefined) {
    const taken = await db.select({ id: users.id }).from(users).where(and(eq(users.username, input.username), others)).get();
    if (taken) errors.username = ["A user with this username already exists."];
  }
  if (input.email !== undefined) {
    const taken = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${input.email})`, others))
      .get();
    if (taken) errors.email = ["A user with this email already exists."];
  }
  if (input.roles !== undefined) {
    const found = await db.select({ id: roles.id }).from(roles).where(inList(roles.id, input.roles)).all();
    const known = new Set(found.map((r) => r.id));
    const unknown = input.roles.filter((id) => !known.has(id));
    if (unknown.length) errors.roles = [`Unknown role id${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}.`];
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

/** A concurrent insert can still hit the unique index after the check: answer it as the same field error. */
function uniqueViolation(e: unknown): never {
  const text = String((e as Error)?.message ?? e);
  if (text.includes("UNIQUE") && text.includes("username")) throw validationError({ username: ["A user with this username already exists."] });
  if (text.includes("UNIQUE") && text.includes("email")) throw validationError({ email: ["A user with this email already exists."] });
  throw e;
}

/** Creates a user; `passwordHash` is computed by the caller (WebCrypto lives at the edge, not here). */
export async function createUser(db: Database, input: Omit<UserCreate, "password"> & { passwordHash: string }, actorId: number) {
  await checkUnique(db, input);
  const inserted = await db
    .insert(users)
    .values({
      username: input.username,
      first_name: input.first_name,
      last_name: input.last_name,
      email: input.email,
      active: input.active,
      password: input.passwordHash,
      created_by_fk: actorId,
      changed_by_fk: actorId,
    })
    .returning({ id: users.id })
    .get()
    .catch(uniqueViolation);
  for (const part of insertChunks(userRoles, input.roles)) await db.insert(userRoles).values(part.map((role_id) => ({ user_id: inserted.id, role_id })));
  return inserted.id;
}

export async function updateUser(db: Database, id: number, input: Omit<UserUpdate, "password"> & { passwordHash?: string }, actorId: number) {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).get();
  if (!existing) throw notFound();
  await checkUnique(db, input, id);
  const { roles: roleIds, passwordHash, ...fields } = input;
  const changes: Partial<typeof users.$inferInsert> = { ...fields, changed_by_fk: actorId };
  if (passwordHash) changes.password = passwordHash;
  // A new password or a deactivation ends every session and token issued before it (see db/security/principals.ts).
  const revoke = passwordHash !== undefined || fields.active === false;
  if (revoke) (changes as Record<string, unknown>).session_generation = sql`${users.session_generation} + 1`;
  const updateRow = db.update(users).set(changes).where(eq(users.id, id));
  if (roleIds === undefined) await updateRow.catch(uniqueViolation);
  else {
    // One batch, so a user is never left without roles half-way through.
    await db
      .batch([
        updateRow,
        db.delete(userRoles).where(eq(userRoles.user_id, id)),
        ...insertChunks(userRoles, roleIds).map((part) => db.insert(userRoles).values(part.map((role_id) => ({ user_id: id, role_id })))),
      ])
      .catch(uniqueViolation);
  }
  forgetPrincipals(id); // roles, activity or password (session generation) may have changed
}

export async function deleteUser(db: Database, id: number) {
  const deleted = await db
    .delete(users)
    .where(eq(users.id, id))
    .returning({ id: users.id })
    .get()
    .catch((e: unknown) => {
      // Rows that reference a user without ON DELETE CASCADE keep the user alive; Superset advises deactivating.
      if (String((e as Error)?.message ?? e).includes("FOREIGN KEY")) throw unprocessable("This user is still referenced by other objects: deactivate the user instead.");
      throw e;
    });
  if (!deleted) throw notFound();
  forgetPrincipals(id);
}

/** Names of the given roles, for the "do not lock yourself out" checks. */
export async function roleNames(db: Database, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ name: roles.name }).from(roles).where(inList(roles.id, ids)).all();
  return rows.map((r) => r.name);
}
