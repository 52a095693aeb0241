import { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { idParam, jsonObject, risonQuery } from "../http/input";
import { listPage } from "../../db/lists/list";
import { databaseListSpec } from "../../db/databases/list";
import { dropDatabasePermission, ensureDatabasePermission, renameDatabasePermissions } from "../../db/security/data-access-permissions";
import { countDatasets, databaseById, databaseByName, deleteDatabase, insertDatabase, relatedObjects, updateDatabase, userNames, type DatabaseRow } from "../../db/databases/databases";
import { parseListArgs } from "../../core/http/list-query";
import { ApiError } from "../../core/http/errors";
import { parseDatabasePayload } from "../../core/connectors/database-payload";
import { can, canAccessDatabase, databasePermName, isAdmin, type Principal } from "../../core/security/permissions";
import { passwordNeeded, storedPasswordUse } from "../../core/connectors/stored-password";
import { decryptSecret, encryptSecret } from "../../core/security/crypto";
import { detail, listItem } from "./database-shape";
import { accessibleDatabaseIds, readableDatabase } from "./database-access";
import { openConnector } from "../../services/connectors/registry";
import { AVAILABLE_ENGINES } from "./database-engines";
import { databaseMetaApi } from "./database-meta";
import { itemAnswer, listAnswer } from "../http/fab-answer";
import { DATABASE } from "../../core/http/fab-resources";

// /api/v1/database/: Superset's DatabaseRestApi (list, get, create, update, delete, test_connection,
// related_objects, available). Schemas, tables and table metadata live in database-meta.ts.

export const databaseApi = new Hono<AppEnv>({ strict: true });

const listSpec = (principal: Principal) => databaseListSpec(accessibleDatabaseIds(principal));

databaseApi.get("/api/v1/database/", requires("can_read", "Database"), async (c) => {
  const args = parseListArgs(risonQuery(c));
  const { count, rows } = await listPage<DatabaseRow>(c.var.db, listSpec(principalOf(c)), args);
  const users = await userNames(c.var.db, rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]));
  const now = new Date();
  return listAnswer(c, DATABASE, args, { count, ids: rows.map((r) => r.id), result: rows.map((r) => listItem(r, users, now)) });
});

databaseApi.get("/api/v1/database/available/", requires("can_read", "Database"), (c) => c.json({ databases: AVAILABLE_ENGINES }));

databaseApi.post("/api/v1/database/test_connection/", requires("can_write", "Database"), async (c) => {
  const p = principalOf(c);
  const body = await jsonObject(c);
  const { fields, password: sent } = parseDatabasePayload(body, "test");
  let password = sent ?? null;
  if (sent === undefined) {
    // The form shows the saved URI masked: testing it again uses the stored password, but only for the
    // database the caller may see, named by id (or by name, as Superset's own form does), and only when the
    // URI still points at the stored engine, host, port, user and database (core/connectors/stored-password.ts).
    // Otherwise the mask is no password: the caller is asked for it.
    const id = typeof body.id === "number" ? body.id : null;
    const saved = id !== null ? await databaseById(c.var.db, id) : fields.database_name ? await databaseByName(c.var.db, fields.database_name) : undefined;
    const mayUse = saved && (isAdmin(p) || canAccessDatabase(p, databasePermName(saved.database_name, saved.id)));
    const stored = mayUse ? { sqlalchemy_uri: saved.sqlalchemy_uri, hasPassword: !!saved.password } : null;
    if (storedPasswordUse(sent, stored, fields.sqlalchemy_uri!) !== "stored") throw passwordNeeded();
    password = await decryptSecret(c.var.secret, saved!.password!);
  }
  const connector = openConnector(c.env, { engine: fields.engine!, sqlalchemy_uri: fields.sqlalchemy_uri!, password, extra: fields.extra ?? null });
  try {
    await connector.testConnection();
  } finally {
    await connector.close();
  }
  return c.json({ message: "OK" });
});

databaseApi.get("/api/v1/database/:pk", requires("can_read", "Database"), async (c) => {
  const row = await readableDatabase(c.var.db, principalOf(c), idParam(c));
  return itemAnswer(c, DATABASE, { id: row.id, result: detail(row) });
});

databaseApi.get("/api/v1/database/:pk/connection", requires("can_read", "Database"), async (c) => {
  const p = principalOf(c);
  if (!can(p, "can_write", "Database")) throw new ApiError(403, "Forbidden", "GENERIC_BACKEND_ERROR");
  const row = await readableDatabase(c.var.db, p, idParam(c));
  return c.json({ id: row.id, result: detail(row) });
});

databaseApi.post("/api/v1/database/", requires("can_write", "Database"), async (c) => {
  const p = principalOf(c);
  const { fields, password } = parseDatabasePayload(await jsonObject(c), "create");
  if (await databaseByName(c.var.db, fields.database_name!)) throw validationConflict();
  const row = await insertDatabase(c.var.db, {
    ...fields,
    database_name: fields.database_name!,
    sqlalchemy_uri: fields.sqlalchemy_uri!,
    engine: fields.engine!,
    uuid: crypto.randomUUID(),
    password: password ? await encryptSecret(c.var.secret, password) : null,
    created_by_fk: p.id,
    changed_by_fk: p.id,
  });
  await ensureDatabasePermission(c.var.db, row.id, row.database_name);
  return c.json({ id: row.id, result: detail(row) }, 201);
});

databaseApi.put("/api/v1/database/:pk", requires("can_write", "Database"), async (c) => {
  const p = principalOf(c);
  const existing = await readableDatabase(c.var.db, p, idParam(c));
  const { fields, password } = parseDatabasePayload(await jsonObject(c), "update");
  if (fields.database_name && fields.database_name !== existing.database_name && (await databaseByName(c.var.db, fields.database_name)))
    throw validationConflict();
  const changes: Parameters<typeof updateDatabase>[2] = { ...fields, changed_by_fk: p.id };
  // A URI that still holds the mask keeps the stored password only while it reaches the same target (else 422:
  // the password must be sent again, never carried to a new host); a URI without one clears it.
  const stored = { sqlalchemy_uri: existing.sqlalchemy_uri, hasPassword: !!existing.password };
  const use = storedPasswordUse(password, stored, fields.sqlalchemy_uri);
  if (use === "ask") throw passwordNeeded();
  if (use === "sent") changes.password = password ? await encryptSecret(c.var.secret, password) : null;
  const row = await updateDatabase(c.var.db, existing.id, changes);
  await renameDatabasePermissions(c.var.db, row.id, existing.database_name, row.database_name);
  return c.json({ id: row.id, result: detail(row) });
});

databaseApi.delete("/api/v1/database/:pk", requires("can_write", "Database"), async (c) => {
  const row = await readableDatabase(c.var.db, principalOf(c), idParam(c));
  const n = await countDatasets(c.var.db, row.id);
  if (n > 0) throw new ApiError(422, `There are ${n} datasets associated with this database`, "GENERIC_COMMAND_ERROR");
  await deleteDatabase(c.var.db, row.id);
  await dropDatabasePermission(c.var.db, row.id, row.database_name);
  return c.json({ message: "OK" });
});

databaseApi.get("/api/v1/database/:pk/related_objects/", requires("can_read", "Database"), async (c) => {
  const row = await readableDatabase(c.var.db, principalOf(c), idParam(c));
  const related = await relatedObjects(c.var.db, row.id);
  return c.json({
    charts: { count: related.charts.length, result: related.charts },
    dashboards: { count: related.dashboards.length, result: related.dashboards },
    sqllab_tab_states: { count: related.sqllab_tab_states.length, result: related.sqllab_tab_states },
  });
});

databaseApi.route("/", databaseMetaApi);

function validationConflict() {
  return new ApiError(422, "A database with the same name already exists.", "GENERIC_COMMAND_ERROR", undefined, {
    database_name: ["A database with the same name already exists."],
  });
}
