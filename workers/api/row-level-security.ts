import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { deleteRoutes } from "../http/bulk-delete";
import { idParam, jsonObject, risonQuery } from "../http/input";
import { parseListArgs } from "../../core/http/list-query";
import { ApiError, badRequest, commandInvalid, notFound } from "../../core/http/errors";
import { RLS, RLS_VIEW, parseRlsPayload, type RlsPayload } from "../../core/rls/payloads";
import { checkRlsClause } from "../../core/rls/rules";
import { dialectFor } from "../../core/connectors/dialects";
import { datasetsById, deleteRules, linksOf, roleIdsFound, ruleById, ruleNamed, saveRule, saveRules, type RlsRow, type RuleLinks } from "../../db/rls/store";
import { datasetsNamed, portableRules, roleIdsNamed, ruleIdsNamed } from "../../db/rls/portable";
import { MAX_RLS_FILE_BYTES, RLS_FILE_NAME, parseRlsYaml, rlsYaml } from "../../core/rls/portable";
import { planRlsImport, tableNameOf } from "../../core/rls/import-plan";
import { listRules, ruleJson } from "../../db/rls/list";
import { readImportForm } from "../http/import-form";
import { itemAnswer, listAnswer } from "../http/fab-answer";

// /api/v1/rowlevelsecurity/: Superset's RLSRestApi. Rules are admin business (Row Level Security's can_read and
// can_write, which only Admin holds by default). Every save is checked whole before anything is written: the
// clause through the SQL gate for each engine of its datasets, the datasets and roles against what exists.
// Rules travel as preset-cli's rls.yaml (export/, import/: core/rls/portable.ts).
// `_info` and `related/{roles,tables}` are served with the other resources' in fab-meta.ts.

export const rlsApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;

const read = requires("can_read", RLS_VIEW);
const write = requires("can_write", RLS_VIEW);

async function ruleOr404(c: C): Promise<RlsRow> {
  const row = await ruleById(c.var.db, idParam(c));
  if (!row) throw notFound();
  return row;
}

/** The stored-row checks of a save (Superset's RolesNotFound / DatasourceNotFound / unique name): 422 naming what is wrong. */
async function validateSave(c: C, payload: RlsPayload, current: RlsRow | null, currentLinks: RuleLinks | undefined): Promise<void> {
  const db = c.var.db;
  const errors: Record<string, string[]> = {};
  const tableIds = payload.tables ?? currentLinks?.tables.map((t) => t.id) ?? [];
  const tables = await datasetsById(db, tableIds);
  const missingTables = tableIds.filter((id) => !tables.some((t) => t.id === id));
  if (missingTables.length) errors.tables = [`Datasets do not exist: ${missingTables.join(", ")}`];
  if (payload.roles) {
    const found = await roleIdsFound(db, payload.roles);
    const missing = payload.roles.filter((id) => !found.has(id));
    if (missing.length) errors.roles = [`Roles do not exist: ${missing.join(", ")}`];
  }
  if (payload.name !== undefined && payload.name !== current?.name && (await ruleNamed(db, payload.name))) errors.name = ["A rule with this name already exists."];
  const clause = payload.clause ?? current?.clause;
  if (clause && (payload.clause !== undefined || payload.tables)) {
    const engines = tables.map((t) => dialectFor(t.engine).flavour);
    try {
      checkRlsClause(clause, engines.length ? engines : ["sqlite"]);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      errors.clause = [e.message];
    }
  }
  if (Object.keys(errors).length) throw commandInvalid(errors);
}

rlsApi.get("/api/v1/rowlevelsecurity/", read, async (c) => {
  const args = parseListArgs(risonQuery(c));
  if (args.orderColumn && !RLS.orderColumns.includes(args.orderColumn)) throw badRequest(`Order column not allowed: ${args.orderColumn}`);
  const { count, rows, result } = await listRules(c.var.db, args);
  return listAnswer(c, RLS, args, { count, ids: rows.map((r) => r.id), result });
});

/** preset-cli's rls.yaml of the rules `q` lists (every rule without `q`): datasets and roles by name. */
rlsApi.get("/api/v1/rowlevelsecurity/export/", read, async (c) => {
  const q = c.req.query("q") === undefined ? null : risonQuery<unknown>(c);
  if (q !== null && (!Array.isArray(q) || q.some((i) => !Number.isSafeInteger(i)))) throw badRequest("q must be a list of ids");
  const ids = q === null ? null : [...new Set(q as number[])];
  const { found, rules } = await portableRules(c.var.db, ids);
  if (ids && found.length !== ids.length) throw notFound();
  return c.body(rlsYaml(rules), 200, { "Content-Type": "application/x-yaml; charset=utf-8", "Content-Disposition": `attachment; filename="${RLS_FILE_NAME}"` });
});

/** A rules file in: every rule resolved and checked first, then all written in one transaction, or none. */
rlsApi.post("/api/v1/rowlevelsecurity/import/", write, async (c) => {
  const { form, file: upload } = await readImportForm(c, { maxBytes: MAX_RLS_FILE_BYTES, tooLarge: "The rules file is larger than 1 MB", what: "the rules file" });
  const failed = (errors: Record<string, string[]>) => new ApiError(422, "Error importing row level security filters", "GENERIC_COMMAND_ERROR",
    Object.fromEntries(Object.entries(errors).map(([rule, problems]) => [rule === "_schema" ? RLS_FILE_NAME : `${RLS_FILE_NAME} › ${rule}`, problems.length === 1 ? problems[0] : problems])));
  const parsed = parseRlsYaml(await upload.text());
  if (Object.keys(parsed.errors).length) throw failed(parsed.errors);
  const db = c.var.db;
  const [tables, roleIds, existing] = await Promise.all([
    datasetsNamed(db, [...new Set(parsed.rules.flatMap((r) => r.tables.map(tableNameOf)))]),
    roleIdsNamed(db, [...new Set(parsed.rules.flatMap((r) => r.roles))]),
    ruleIdsNamed(db, parsed.rules.map((r) => r.name)),
  ]);
  const overwrite = ["true", "1", "yes"].includes(String(form.get("overwrite") ?? "").toLowerCase());
  const { plan, errors } = planRlsImport(parsed.rules, { tables, roles: roleIds, existing }, overwrite);
  if (Object.keys(errors).length) throw failed(errors);
  await saveRules(db, plan, principalOf(c).id);
  return c.json({ message: "OK" });
});

rlsApi.get("/api/v1/rowlevelsecurity/:pk", read, async (c) => {
  const row = await ruleOr404(c);
  const links = await linksOf(c.var.db, [row.id]);
  const { changed_on_delta_humanized: _h, changed_by: _b, ...result } = ruleJson(row, links.get(row.id), new Map());
  return itemAnswer(c, RLS, { id: row.id, result });
});

rlsApi.post("/api/v1/rowlevelsecurity/", write, async (c) => {
  const payload = parseRlsPayload(await jsonObject(c), true);
  await validateSave(c, payload, null, undefined);
  const { tables, roles, ...fields } = payload;
  const id = await saveRule(c.var.db, null, fields, { tables, roles }, principalOf(c).id);
  return c.json({ id, result: payload }, 201);
});

rlsApi.put("/api/v1/rowlevelsecurity/:pk", write, async (c) => {
  const row = await ruleOr404(c);
  const payload = parseRlsPayload(await jsonObject(c), false);
  const links = (await linksOf(c.var.db, [row.id])).get(row.id);
  await validateSave(c, payload, row, links);
  const { tables, roles, ...fields } = payload;
  await saveRule(c.var.db, row.id, fields, { tables, roles }, principalOf(c).id);
  return c.json({ id: row.id, result: payload });
});


/** Bulk delete: every id must exist (404 otherwise, and nothing is deleted), as Superset's DeleteRLSRuleCommand. */
deleteRoutes(rlsApi, "/api/v1/rowlevelsecurity/", write, {
  invalid: "q must be a list of ids",
  checkOne: (c) => ruleOr404(c),
  check: async (c, ids) => {
    const found = await Promise.all(ids.map((id) => ruleById(c.var.db, id)));
    if (found.some((r) => !r)) throw notFound();
  },
  remove: (c, ids) => deleteRules(c.var.db, ids),
  noun: ["rules", "rules"], // Superset says "Deleted 1 rules"
});
