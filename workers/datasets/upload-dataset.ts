import type { Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf } from "../http/guard";
import { findDataset, insertDataset, refreshColumns } from "../../db/datasets/writes";
import { ensureDatasetPermissions } from "../../db/security/data-access-permissions";
import type { DatabaseRow } from "../../db/datasets/datasets";
import { readSourceColumns } from "./source";

/**
 * The uploaded table as a dataset, as Superset's UploadCommand does: created (owned by the uploader) when the
 * table has none, else its columns refreshed from the table as it now is.
 */
export async function registerUploadDataset(c: Context<AppEnv>, database: DatabaseRow, table_name: string, schema: string | null): Promise<number> {
  const p = principalOf(c);
  const key = { database: database.id, catalog: null, schema, table_name };
  const source = { table_name, schema, catalog: null, sql: null };
  const columns = await readSourceColumns(c.env, c.var.secret, database, source);
  const existing = await findDataset(c.var.db, key);
  if (existing) {
    await refreshColumns(c.var.db, existing, columns, p.id);
    return existing.id;
  }
  const id = await insertDataset(c.var.db, { ...key, sql: null }, columns, [p.id], p.id);
  await ensureDatasetPermissions(c.var.db, [id]);
  return id;
}
