import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { deleteRoutes } from "../http/bulk-delete";
import { idParam, jsonObject, risonQuery } from "../http/input";
import { parseListArgs } from "../../core/http/list-query";
import { forbidden, notFound } from "../../core/http/errors";
import { isAdmin, type Principal } from "../../core/security/permissions";
import { datasetScope, scopeAllows } from "../../core/datasets/access";
import { invalidDataset } from "../../core/datasets/fields";
import { parseDatasetCreate, parseDatasetUpdate, parseDuplicate, parseGetOrCreate, type DatasetCreate } from "../../core/datasets/payloads";
import { datasetOwnerIds, listDatasets, loadDataset, visibleDatasetIds, type DatasetRow } from "../../db/datasets/datasets";
import { datasetDetail } from "../../db/datasets/detail";
import { assertUsersExist, deleteDatasetItem, deleteDatasets, duplicateDataset, findDataset, insertDataset, refreshColumns, updateDataset } from "../../db/datasets/writes";
import { relatedObjects } from "../../db/datasets/related";
import { readSourceColumns } from "../datasets/source";
import { checkDatasetExpressions } from "../datasets/check-expressions";
import { datasetViews, dropDatasetPermissions, ensureDatasetPermissions, renameDatasetPermission } from "../../db/security/data-access-permissions";
import { itemAnswer, listAnswer } from "../http/fab-answer";
import { DATASET } from "../../core/http/fab-resources";
import { databaseById } from "../../db/databases/databases";
import { revisionsKept, takeRevisionMessage } from "../../core/revisions/revisions";
import type { RevisionMeta } from "../../db/revisions/store";

// /api/v1/dataset/: Superset's DatasetRestApi. Reads need can_read on Dataset and data access to the
// dataset; writes need can_write on Dataset and, as in Superset, ownership (or an admin role).

export const datasetApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;

const read = requires("can_read", "Dataset");
const write = requires("can_write", "Dataset");

function mustOwn(principal: Principal, owners: number[]): void {
  if (!isAdmin(principal) && !owners.includes(principal.id)) throw forbidden("Changing this Dataset is forbidden");
}

const ownerIds = (c: C, datasetIds: number[]) => datasetOwnerIds(c.var.db, datasetIds);

/** The dataset the caller may change: visible to them, and theirs (or they are an admin). */
export async function ownedDataset(c: C, id: number) {
  const principal = principalOf(c);
  const loaded = await loadDataset(c.var.db, id, datasetScope(principal));
  mustOwn(principal, (await ownerIds(c, [id])).get(id) ?? []);
  return loaded;
}

async function databaseFor(c: C, id: number) {
  const principal = principalOf(c);
  const database = await databaseById(c.var.db, id);
  const scope = datasetScope(principal);
  const reachable = database && (scope.all || scope.databaseIds.includes(database.id));
  if (!database || !reachable) throw invalidDataset({ database: ["Database does not exist"] });
  return database;
}

/** Owners of a new or changed dataset: those named, and always the caller unless an admin chose others. */
async function ownersFrom(c: C, requested: number[] | undefined): Promise<number[]> {
  const principal = principalOf(c);
  const owners = requested ?? [principal.id];
  if (!isAdmin(principal) && !owners.includes(principal.id)) owners.push(principal.id);
  await assertUsersExist(c.var.db, owners);
  return owners;
}

async function createDataset(c: C, input: DatasetCreate): Promise<number> {
  const database = await databaseFor(c, input.database);
  if (await findDataset(c.var.db, input)) throw invalidDataset({ table: [`Dataset ${input.schema ? `${input.schema}.` : ""}${input.table_name} already exists`] });
  const owners = await ownersFrom(c, input.owners);
  const columns = await readSourceColumns(c.env, c.var.secret, database, input, principalOf(c));
  const id = await insertDataset(c.var.db, input, columns, owners, principalOf(c).id, revisionMeta(c, null));
  await ensureDatasetPermissions(c.var.db, [id]);
  return id;
}

/** Deletes datasets and the datasource_access pairs named after them. */
async function deleteWithPermissions(c: C, ids: number[]): Promise<void> {
  const views = (await datasetViews(c.var.db, ids)).map((v) => v.view);
  await deleteDatasets(c.var.db, ids);
  await dropDatasetPermissions(c.var.db, views);
}

datasetApi.get("/api/v1/dataset/", read, async (c) => {
  const args = parseListArgs(risonQuery(c));
  return listAnswer(c, DATASET, args, await listDatasets(c.var.db, args, datasetScope(principalOf(c))));
});

datasetApi.post("/api/v1/dataset/", write, async (c) => {
  const input = parseDatasetCreate(await jsonObject(c));
  const id = await createDataset(c, input);
  const { database, table_name, schema, catalog, sql } = input;
  const owners = (await ownerIds(c, [id])).get(id) ?? [];
  return c.json({ id, result: { database, table_name, schema, catalog, sql, owners } }, 201);
});

datasetApi.post("/api/v1/dataset/get_or_create/", write, async (c) => {
  const input = parseGetOrCreate(await jsonObject(c));
  const existing = await findDataset(c.var.db, input);
  if (existing) {
    const scope = datasetScope(principalOf(c));
    const database = await databaseFor(c, input.database);
    if (!scopeAllows(scope, existing, database.database_name)) throw notFound();
    return c.json({ result: { table_id: existing.id } });
  }
  return c.json({ result: { table_id: await createDataset(c, input) } });
});

datasetApi.post("/api/v1/dataset/duplicate", write, async (c) => {
  const input = parseDuplicate(await jsonObject(c));
  const principal = principalOf(c);
  const { dataset: base } = await loadDataset(c.var.db, input.base_model_id, datasetScope(principal));
  if (!base.sql?.trim()) throw invalidDataset({ base_model_id: ["Only virtual datasets can be duplicated"] });
  const key = { database: base.database_id, catalog: base.catalog, schema: base.schema, table_name: input.table_name };
  if (await findDataset(c.var.db, key)) throw invalidDataset({ table_name: [`Dataset ${input.table_name} already exists`] });
  const id = await duplicateDataset(c.var.db, base, input.table_name, principal.id);
  await ensureDatasetPermissions(c.var.db, [id]);
  return c.json({ id, result: input }, 201);
});

deleteRoutes(datasetApi, "/api/v1/dataset/", write, {
  invalid: "q must be a rison list of dataset ids, e.g. !(1,2)",
  positive: true,
  checkOne: ownedDataset,
  check: async (c, ids) => {
    const principal = principalOf(c);
    if ((await visibleDatasetIds(c.var.db, ids, datasetScope(principal))).length !== ids.length) throw notFound();
    const owners = await ownerIds(c, ids);
    for (const id of ids) mustOwn(principal, owners.get(id) ?? []);
  },
  remove: deleteWithPermissions,
  noun: ["dataset", "datasets"],
});

datasetApi.get("/api/v1/dataset/:pk", read, async (c) => {
  const { dataset, database } = await loadDataset(c.var.db, idParam(c), datasetScope(principalOf(c)));
  return itemAnswer(c, DATASET, { id: dataset.id, result: await datasetDetail(c.var.db, dataset, database) });
});

/** What a dataset save records in its revision (issue 34). */
export const revisionMeta = (c: C, message: string | null): RevisionMeta => ({ actor: principalOf(c).id, message, keep: revisionsKept(c.env.REVISIONS_KEPT) });

datasetApi.put("/api/v1/dataset/:pk", write, async (c) => {
  const id = idParam(c);
  const body = await jsonObject(c);
  const message = takeRevisionMessage(body);
  const update = parseDatasetUpdate(body);
  const { dataset, database } = await ownedDataset(c, id);
  await saveDataset(c, dataset, database, update, revisionMeta(c, message), c.req.query("override_columns") === "true");
  const fresh = await loadDataset(c.var.db, id, { all: true });
  return c.json({ id, result: await datasetDetail(c.var.db, fresh.dataset, fresh.database) });
});

/**
 * A dataset save (PUT, and a restore of a revision): checks the target and expressions, updates, renames the
 * data-access permission, re-reads the source's columns when the source changed; one revision of the result.
 */
export async function saveDataset(c: C, dataset: DatasetRow, database: { id: number }, update: ReturnType<typeof parseDatasetUpdate>, meta: RevisionMeta, overrideColumns = false) {
  const id = dataset.id;
  const target = await checkedTarget(c, dataset, update);
  await checkDatasetExpressions(c, id, update);
  if (update.owners) update.owners = await ownersFrom(c, update.owners);
  // new template parameters change what a virtual dataset's SQL returns, so its columns are read again
  const changesSource = target.database.id !== database.id || target.source.sql !== dataset.sql ||
    target.source.table_name !== dataset.table_name || target.source.schema !== dataset.schema || target.source.catalog !== dataset.catalog ||
    (Boolean(target.source.sql) && target.source.template_params !== dataset.template_params);
  const source = changesSource || overrideColumns
    ? await readSourceColumns(c.env, c.var.secret, target.database, target.source, principalOf(c))
    : null;
  const actor = principalOf(c).id;
  const refresh = source && (overrideColumns || !update.columns);
  const [viewBefore] = await datasetViews(c.var.db, [id]);
  // the revision is kept by the last write of the save, so it holds the refreshed columns too
  await updateDataset(c.var.db, dataset, update, actor, refresh ? undefined : meta);
  const [viewAfter] = await datasetViews(c.var.db, [id]);
  if (viewBefore && viewAfter && viewBefore.view !== viewAfter.view) {
    await renameDatasetPermission(c.var.db, viewBefore.view, viewAfter.view);
    await ensureDatasetPermissions(c.var.db, [id]);
  }
  if (refresh) await refreshColumns(c.var.db, { ...dataset, ...target.source }, source, actor, meta);
}

/** Where the dataset will point after the update; refuses a name that another dataset already has. */
async function checkedTarget(c: C, dataset: DatasetRow, update: ReturnType<typeof parseDatasetUpdate>) {
  const databaseId = update.database_id ?? dataset.database_id;
  const database = await databaseFor(c, databaseId);
  const source = {
    table_name: update.table_name ?? dataset.table_name,
    schema: update.schema !== undefined ? update.schema : dataset.schema,
    catalog: update.catalog !== undefined ? update.catalog : dataset.catalog,
    sql: update.sql !== undefined ? update.sql : dataset.sql,
    template_params: update.template_params !== undefined ? update.template_params : dataset.template_params,
  };
  const clash = await findDataset(c.var.db, { database: databaseId, ...source }, dataset.id);
  if (clash) throw invalidDataset({ table_name: [`Dataset ${source.table_name} already exists`] });
  return { database, source };
}


datasetApi.put("/api/v1/dataset/:pk/refresh", write, async (c) => {
  const { dataset, database } = await ownedDataset(c, idParam(c));
  const source = await readSourceColumns(c.env, c.var.secret, database, dataset, principalOf(c));
  await refreshColumns(c.var.db, dataset, source, principalOf(c).id, revisionMeta(c, "Columns refreshed from the source"));
  return c.json({ message: "OK" });
});

/** Superset's Datasource.external_metadata: the source's columns now (the editor's "Sync columns from source"), nothing saved. */
datasetApi.get("/datasource/external_metadata/table/:pk/", read, async (c) => {
  const { dataset, database } = await loadDataset(c.var.db, idParam(c), datasetScope(principalOf(c)));
  return c.json(await readSourceColumns(c.env, c.var.secret, database, dataset, principalOf(c)));
});

datasetApi.get("/api/v1/dataset/:pk/related_objects", read, async (c) => {
  const { dataset } = await loadDataset(c.var.db, idParam(c), datasetScope(principalOf(c)));
  return c.json(await relatedObjects(c.var.db, dataset.id));
});

// one column or metric (the dataset editor's trash icon): a revision says "Deleted column X", so it can be undone
for (const kind of ["column", "metric"] as const) {
  datasetApi.delete(`/api/v1/dataset/:pk/${kind}/:${kind}_id`, write, async (c) => {
    const { dataset } = await ownedDataset(c, idParam(c));
    const itemId = idParam(c, `${kind}_id`);
    const deleted = await deleteDatasetItem(c.var.db, kind, dataset.id, itemId, principalOf(c).id, (name) => revisionMeta(c, `Deleted ${kind} ${name}`));
    if (deleted === null) throw notFound(`Dataset ${kind} not found.`);
    return c.json({ message: "OK" });
  });
}
