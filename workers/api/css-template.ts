import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { deleteRoutes } from "../http/bulk-delete";
import { idParam, jsonObject, risonQuery } from "../http/input";
import { parseListArgs } from "../../core/http/list-query";
import { badRequest, notFound } from "../../core/http/errors";
import { humanizeAgo } from "../../core/recent-activity";
import { CSS_TEMPLATE, parseCssTemplatePayload } from "../../core/css-templates/payloads";
import { cssTemplateById, cssTemplateListSpec, cssTemplatesFound, deleteCssTemplates, insertCssTemplate, updateCssTemplate, type CssTemplateRow } from "../../db/css-templates/store";
import { listPage } from "../../db/lists/list";
import { usersById, type UserRef } from "../../db/sqllab/lookups";
import { itemAnswer, listAnswer } from "../http/fab-answer";

// /api/v1/css_template/: Superset's CssTemplateRestApi. Templates are shared, not owned: reads need can_read
// CssTemplate, writes can_write CssTemplate (Alpha and Admin have both, Gamma only reads, as Superset's roles).

export const cssTemplateApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;
type Row = CssTemplateRow;

const read = requires("can_read", "CssTemplate");
const write = requires("can_write", "CssTemplate");


function templateJson(r: Row, people: Map<number, UserRef>, now = Date.now()) {
  const person = (id: number | null) => {
    const u = id ? people.get(id) : undefined;
    return u ? { id: u.id, first_name: u.first_name, last_name: u.last_name } : null;
  };
  return {
    id: r.id, template_name: r.template_name, css: r.css, created_on: r.created_on ? r.created_on.replace(/Z$/, "") : null,
    changed_on_delta_humanized: r.changed_on ? humanizeAgo(now - Date.parse(r.changed_on)) : null,
    changed_by: person(r.changed_by_fk), created_by: person(r.created_by_fk),
  };
}

async function templateOr404(c: C, id: number): Promise<Row> {
  const row = await cssTemplateById(c.var.db, id);
  if (!row) throw notFound();
  return row;
}

cssTemplateApi.get("/api/v1/css_template/", read, async (c) => {
  const args = parseListArgs(risonQuery(c));
  // Superset's order_columns: only the name sorts
  if (args.orderColumn && !CSS_TEMPLATE.orderColumns.includes(args.orderColumn)) throw badRequest(`Order column not allowed: ${args.orderColumn}`);
  const { count, rows } = await listPage<Row>(c.var.db, cssTemplateListSpec, args);
  const people = await usersById(c.var.db, rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]));
  return listAnswer(c, CSS_TEMPLATE, args, { count, ids: rows.map((r) => r.id), result: rows.map((r) => templateJson(r, people)) });
});

cssTemplateApi.get("/api/v1/css_template/:pk", read, async (c) => {
  const row = await templateOr404(c, idParam(c));
  const people = await usersById(c.var.db, [row.created_by_fk, row.changed_by_fk]);
  const { created_on: _c, ...result } = templateJson(row, people);
  return itemAnswer(c, CSS_TEMPLATE, { id: row.id, result });
});

cssTemplateApi.post("/api/v1/css_template/", write, async (c) => {
  const payload = parseCssTemplatePayload(await jsonObject(c));
  const actor = principalOf(c).id;
  const id = await insertCssTemplate(c.var.db, payload, actor);
  return c.json({ id, result: payload }, 201);
});

cssTemplateApi.put("/api/v1/css_template/:pk", write, async (c) => {
  const row = await templateOr404(c, idParam(c));
  const payload = parseCssTemplatePayload(await jsonObject(c));
  await updateCssTemplate(c.var.db, row.id, payload, principalOf(c).id);
  return c.json({ id: row.id, result: payload });
});


/** Bulk delete: every id must exist (404 otherwise, and nothing is deleted), as Superset's DeleteCssTemplateCommand. */
deleteRoutes(cssTemplateApi, "/api/v1/css_template/", write, {
  invalid: "q must be a list of ids",
  checkOne: templateOr404,
  check: async (c, ids) => { if ((await cssTemplatesFound(c.var.db, ids)) !== ids.length) throw notFound(); },
  remove: (c, ids) => deleteCssTemplates(c.var.db, ids),
  noun: ["css template", "css templates"],
});
