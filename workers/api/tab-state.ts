import { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { requires, principalOf } from "../http/guard";
import { idParam } from "../http/input";
import { badRequest } from "../../core/http/errors";
import { checkFields, type FieldSpec } from "../../core/sqllab/fields";
import { isClientId } from "../../core/sqllab/client-id";
import { ownedTab, ownedTableSchema, tabToDict } from "../../db/sqllab/tab-states";
import { ownQueryByClientId } from "../../db/sqllab/queries";
import { legacyPayload, objectField } from "../sqllab/legacy-body";
import { activateTab, closeTable, deleteTab, insertActiveTab, moveQueryToTab, openTable, removeQueryFromTab, setTableExpanded, updateTab } from "../../db/sqllab/tab-writes";

// Superset's TabStateView and TableSchemaView: SQL Lab tabs and their open tables, kept on the
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
  return c.json({ id: await insertActiveTab(c.var.db, values) });
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
  await updateTab(c.var.db, id, { ...fields, changed_by_fk: p.id });
  return c.json(id);
});

tabStateApi.delete("/tabstateview/:id", requires("can_write", "TabStateView"), async (c) => {
  const id = idParam(c, "id");
  await ownedTab(c.var.db, id, principalOf(c).id);
  await deleteTab(c.var.db, id);
  return c.json("OK");
});

tabStateApi.post("/tabstateview/:id/activate", requires("can_write", "TabStateView"), async (c) => {
  const p = principalOf(c);
  const id = idParam(c, "id");
  await ownedTab(c.var.db, id, p.id);
  await activateTab(c.var.db, p.id, id);
  return c.json(id);
});

tabStateApi.post("/tabstateview/:id/migrate_query", requires("can_write", "TabStateView"), async (c) => {
  const p = principalOf(c);
  const id = idParam(c, "id");
  await ownedTab(c.var.db, id, p.id);
  const clientId = (await legacyPayload(c)).queryId;
  if (!isClientId(clientId)) throw badRequest("queryId must be a query's client id");
  await moveQueryToTab(c.var.db, p.id, clientId, id);
  return c.json(id);
});

/** Removes a query from a tab; if it was the tab's latest, the tab falls back to its previous query. */
tabStateApi.delete("/tabstateview/:id/query/:clientId", requires("can_write", "TabStateView"), async (c) => {
  const p = principalOf(c);
  const id = idParam(c, "id");
  const tab = await ownedTab(c.var.db, id, p.id);
  const clientId = c.req.param("clientId");
  if (!isClientId(clientId)) throw badRequest("Invalid query id");
  await removeQueryFromTab(c.var.db, p.id, id, clientId, tab.latest_query_id === clientId);
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
  const id = await openTable(c.var.db, {
    tab_state_id: tabId, database_id: dbId, catalog, schema, table: table.name, description: JSON.stringify(table), expanded: true, created_by_fk: p.id, changed_by_fk: p.id,
  });
  return c.json({ id });
});

tabStateApi.post("/tableschemaview/:id/expanded", requires("can_write", "TableSchemaView"), async (c) => {
  const id = idParam(c, "id");
  await ownedTableSchema(c.var.db, id, principalOf(c).id);
  const expanded = (await legacyPayload(c)).expanded;
  if (typeof expanded !== "boolean") throw badRequest("expanded must be true or false");
  await setTableExpanded(c.var.db, id, expanded);
  return c.json({ id, expanded });
});

tabStateApi.delete("/tableschemaview/:id", requires("can_write", "TableSchemaView"), async (c) => {
  const id = idParam(c, "id");
  await ownedTableSchema(c.var.db, id, principalOf(c).id);
  await closeTable(c.var.db, id);
  return c.json("OK");
});
