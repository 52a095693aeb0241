import { Hono } from "hono";
import { and, desc, eq, ne } from "drizzle-orm";
import type { AppEnv } from "../../services/env";
import { requires, principalOf } from "../http/guard";
import { idParam } from "../http/input";
import { queries, tableSchemas, tabStates } from "../../db/schema";
import { badRequest } from "../../core/http/errors";
import { checkFields, type FieldSpec } from "../../core/sqllab/fields";
import { isClientId } from "../../core/sqllab/client-id";
import { ownedTab, ownedTableSchema, tabToDict } from "../../db/sqllab/tab-states";
import { ownQueryByClientId } from "../../db/sqllab/queries";
import { legacyPayload, objectField } from "../sqllab/legacy-body";
import { inList } from "../../db/d1-params";

// Superset's TabStateView and TableSchemaView (SPEC §7): SQL Lab tabs and their open tables, kept on the
// backend per user. Only the owner reads or changes a tab; another user's tab answers 403, a missing one 404.

export const tabStateApi = new Hono<AppEnv>({ strict: true });

tabStateApi.post("/tabstateview/", requires("can_write", "TabStateView"), async (c) => {
  const p = principalOf(c);
  const editor = objectField(await legacyPayload(c), "queryEditor");
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  const int = (v: unknown) => (Number.isSafeInteger(v) ? (v as number) : null);
  const label = str(editor.name) || str(editor.title) || "Untitled Query";
  const templateParams = editor.templateParams;
  const values = {
    user_id: p.id,
    label: label.slice(0, 256),
    active: true,
    database_id: int(editor.dbId),
    catalog: str(editor.catalog),
    schema: str(editor.schema),
    sql: typeof editor.sql === "string" ? editor.sql : "SELECT ...",
    query_limit: int(editor.queryLimit),
    hide_left_bar: editor.hideLeftBar === true,
    autorun: editor.autorun === true,
    saved_query_id: int(editor.remoteId),
    template_params: typeof templateParams === "string" ? templateParams : templateParams ? JSON.stringify(templateParams) : null,
    created_by_fk: p.id,
    changed_by_fk: p.id,
  };
  // Superset deactivates the user's other tabs in the same request; D1's batch keeps the two writes together.
  const [, inserted] = await c.var.db.batch([
    c.var.db.update(tabStates).set({ active: false }).where(eq(tabStates.user_id, p.id)),
    c.var.db.insert(tabStates).values(values).returning({ id: tabStates.id }),
  ]);
  return c.json({ id: inserted[0].id });
});

tabStateApi.get("/tabstateview/:id", requires("can_read", "TabStateView"), async (c) => {
  const tab = await ownedTab(c.var.db, idParam(c, "id"), principalOf(c).id);
  return c.json(await tabToDict(c.var.db, tab));
});

const TAB_FIELDS: Record<string, FieldSpec> = {
  sql: { kind: "string" },
  latest_query_id: { kind: "string", nullable: true },
  saved_query_id: { kind: "integer", nullable: true },
  database_id: { kind: "integer", nullable: true },
  catalog: { kind: "string", nullable: true },
  schema: { kind: "string", nullable: true },
  label: { kind: "string", maxLength: 256 },
  query_limit: { kind: "integer", nullable: true },
  template_params: { kind: "string", nullable: true },
  hide_left_bar: { kind: "boolean" },
  autorun: { kind: "boolean" },
  extra_json: { kind: "string", nullable: true },
};

tabStateApi.put("/tabstateview/:id", requires("can_write", "TabStateView"), async (c) => {
  const p = principalOf(c);
  const id = idParam(c, "id");
  await ownedTab(c.var.db, id, p.id);
  const payload = await legacyPayload(c);
  // extra_json and template_params arrive as objects from the editor; the table keeps their JSON text.
  for (const key of ["extra_json", "template_params"]) {
    const v = payload[key];
    if (v !== null && typeof v === "object") payload[key] = JSON.stringify(v);
  }
  // The column always holds an object's JSON: a null sent by a client means "no extras".
  if (payload.extra_json === null) payload.extra_json = "{}";
  const fields = checkFields(payload, TAB_FIELDS);
  if (!Object.keys(fields).length) throw badRequest("Nothing to update");
  if (typeof fields.latest_query_id === "string") {
    if (!isClientId(fields.latest_query_id) || !(await ownQueryByClientId(c.var.db, fields.latest_query_id, p.id)))
      throw badRequest("Bad request");
  }
  await c.var.db.update(tabStates).set({ ...fields, changed_by_fk: p.id }).where(eq(tabStates.id, id)).run();
  return c.json(id);
});

tabStateApi.delete("/tabstateview/:id", requires("can_write", "TabStateView"), async (c) => {
  const id = idParam(c, "id");
  await ownedTab(c.var.db, id, principalOf(c).id);
  await c.var.db.batch([
    c.var.db.delete(tableSchemas).where(eq(tableSchemas.tab_state_id, id)),
    c.var.db.delete(tabStates).where(eq(tabStates.id, id)),
  ]);
  return c.json("OK");
});

tabStateApi.post("/tabstateview/:id/activate", requires("can_write", "TabStateView"), async (c) => {
  const p = principalOf(c);
  const id = idParam(c, "id");
  await ownedTab(c.var.db, id, p.id);
  await c.var.db.batch([
    c.var.db.update(tabStates).set({ active: false }).where(and(eq(tabStates.user_id, p.id), ne(tabStates.id, id))),
    c.var.db.update(tabStates).set({ active: true }).where(eq(tabStates.id, id)),
  ]);
  return c.json(id);
});

tabStateApi.post("/tabstateview/:id/migrate_query", requires("can_write", "TabStateView"), async (c) => {
  const p = principalOf(c);
  const id = idParam(c, "id");
  await ownedTab(c.var.db, id, p.id);
  const clientId = (await legacyPayload(c)).queryId;
  if (!isClientId(clientId)) throw badRequest("queryId must be a query's client id");
  await c.var.db
    .update(queries)
    .set({ sql_editor_id: String(id) })
    .where(and(eq(queries.client_id, clientId), eq(queries.user_id, p.id)))
    .run();
  return c.json(id);
});

/** Removes a query from a tab; if it was the tab's latest, the tab falls back to its previous query. */
tabStateApi.delete("/tabstateview/:id/query/:clientId", requires("can_write", "TabStateView"), async (c) => {
  const p = principalOf(c);
  const id = idParam(c, "id");
  const tab = await ownedTab(c.var.db, id, p.id);
  const clientId = c.req.param("clientId");
  if (!isClientId(clientId)) throw badRequest("Invalid query id");
  const mine = and(eq(queries.user_id, p.id), eq(queries.sql_editor_id, String(id)));
  if (tab.latest_query_id === clientId) {
    const previous = await c.var.db
      .select({ client_id: queries.client_id })
      .from(queries)
      .where(and(mine, ne(queries.client_id, clientId)))
      .orderBy(desc(queries.id))
      .get();
    await c.var.db.update(tabStates).set({ latest_query_id: previous?.client_id ?? null }).where(eq(tabStates.id, id)).run();
  }
  await c.var.db.delete(queries).where(and(mine, eq(queries.client_id, clientId))).run();
  return c.json("OK");
});

tabStateApi.post("/tableschemaview/", requires("can_write", "TableSchemaView"), async (c) => {
  const p = principalOf(c);
  const table = objectField(await legacyPayload(c), "table");
  const tabId = Number(table.queryEditorId);
  const dbId = Number(table.dbId);
  if (!Number.isSafeInteger(tabId) || tabId < 1) throw badRequest("table.queryEditorId must be a tab id");
  if (!Number.isSafeInteger(dbId) || dbId < 1) throw badRequest("table.dbId must be a database id");
  if (typeof table.name !== "string" || !table.name) throw badRequest("table.name is required");
  const schema = typeof table.schema === "string" ? table.schema : null;
  const catalog = typeof table.catalog === "string" ? table.catalog : null;
  await ownedTab(c.var.db, tabId, p.id);
  const same = and(
    eq(tableSchemas.tab_state_id, tabId),
    eq(tableSchemas.database_id, dbId),
    eq(tableSchemas.table, table.name),
  );
  // Superset replaces an existing entry for the same table (matching catalog and schema, NULL-safe).
  const existing = await c.var.db.select().from(tableSchemas).where(same).all();
  const stale = existing.filter((t) => t.schema === schema && t.catalog === catalog).map((t) => t.id);
  const insert = c.var.db
    .insert(tableSchemas)
    .values({ tab_state_id: tabId, database_id: dbId, catalog, schema, table: table.name, description: JSON.stringify(table), expanded: true, created_by_fk: p.id, changed_by_fk: p.id })
    .returning({ id: tableSchemas.id });
  const results = stale.length
    ? await c.var.db.batch([c.var.db.delete(tableSchemas).where(and(same, inArrayIds(stale))), insert])
    : [await insert];
  const inserted = results[results.length - 1] as { id: number }[];
  return c.json({ id: inserted[0].id });
});

tabStateApi.post("/tableschemaview/:id/expanded", requires("can_write", "TableSchemaView"), async (c) => {
  const id = idParam(c, "id");
  await ownedTableSchema(c.var.db, id, principalOf(c).id);
  const expanded = (await legacyPayload(c)).expanded;
  if (typeof expanded !== "boolean") throw badRequest("expanded must be true or false");
  await c.var.db.update(tableSchemas).set({ expanded }).where(eq(tableSchemas.id, id)).run();
  return c.json({ id, expanded });
});

tabStateApi.delete("/tableschemaview/:id", requires("can_write", "TableSchemaView"), async (c) => {
  const id = idParam(c, "id");
  await ownedTableSchema(c.var.db, id, principalOf(c).id);
  await c.var.db.delete(tableSchemas).where(eq(tableSchemas.id, id)).run();
  return c.json("OK");
});

function inArrayIds(ids: number[]) {
  return inList(tableSchemas.id, ids);
}
