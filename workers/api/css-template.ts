import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { deleteRoutes } from "../http/bulk-delete";
import { idParam, jsonObject, risonQuery } from "../http/input";
import { parseListArgs } from "../../core/http/list-query";
import { badRequest, notFound } from "../../core/http/errors";
import { CSS_TEMPLATE, parseCssTemplatePayload } from "../../core/css-templates/payloads";
import { cssTemplateById, cssTemplatesFound, deleteCssTemplates, insertCssTemplate, updateCssTemplate, type CssTemplateRow } from "../../db/css-templates/store";
import { usersById } from "../../db/sqllab/lookups";
import { listCssTemplates, templateJson } from "../../db/css-templates/list";
import { itemAnswer, listAnswer } from "../http/fab-answer";

// /api/v1/css_template/: Superset's CssTemplateRestApi. Templates are shared, not owned: reads need can_read
// CssTemplate, writes can_write CssTemplate (Alpha and Admin have both, Gamma only reads, as Superset's roles).

export const cssTemplateApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;
type Row = CssTemplateRow;

const read = requires("can_read", "CssTemplate");
const write = requires("can_write", "CssTemplate");


async function templateOr404(c: C, id: number): Promise<Row> {
  const row = await cssTemplateById(c.var.db, id);
  if (!row) throw notFound();
  return row;
}

cssTemplateApi.get("/api/v1/css_template/", read, async (c) => {
  const args = parseListArgs(risonQuery(c));
  // Superset's order_columns: only the name sorts
  if (args.orderColumn && !CSS_TEMPLATE.orderColumns.includes(args.orderColumn)) throw badRequest(`Order column not allowed: ${args.orderColumn}`);
  const { count, result } = await listCssTemplates(c.var.db, args);
  return listAnswer(c, CSS_TEMPLATE, args, { count, ids: result.map((r) => r.id), result });
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
