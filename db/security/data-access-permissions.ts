import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { forgetPrincipals } from "./principal-cache";
import { databases, datasets } from "../schema";
import { databasePermName, datasourcePermName } from "../../core/security/permissions";
import { inList } from "../d1-params";

// Superset's data-access permissions are (permission, view) pairs whose view names a database
// ("database_access" on "[examples].(id:1)") or a dataset ("datasource_access" on "[examples].[flights](id:7)").
// An admin can only grant a pair that exists, so the pairs are created for every database and dataset, as
// Superset's `superset init` (create_missing_perms) and its create commands do. Every statement is
// INSERT OR IGNORE on unique names: running it again, or concurrently, changes nothing.

interface Pair {
  permission: "database_access" | "datasource_access";
  view: string;
}

/** Creates the missing data-access pairs of every database and dataset (first start, after the examples). */
export async function syncDataAccessPermissions(db: Database): Promise<void> {
  const [dbs, tables] = await db.batch([
    db.select({ id: databases.id, name: databases.database_name }).from(databases),
    db.select({ id: datasets.id, table_name: datasets.table_name, database_id: datasets.database_id }).from(datasets),
  ]);
  const names = new Map(dbs.map((d) => [d.id, d.name]));
  const pairs: Pair[] = dbs.map((d) => ({ permission: "database_access", view: databasePermName(d.name, d.id) }));
  for (const t of tables) {
    const dbName = names.get(t.database_id);
    if (dbName !== undefined) pairs.push({ permission: "datasource_access", view: datasourcePermName(dbName, t.table_name, t.id) });
  }
  await insertPairs(db, pairs);
}

/** The pairs of these datasets and of their databases, after a dataset is created, duplicated or renamed. */
export async function ensureDatasetPermissions(db: Database, datasetIds: number[]): Promise<void> {
  const rows = await datasetViews(db, datasetIds);
  await insertPairs(db, rows.flatMap((r): Pair[] => [
    { permission: "database_access", view: databasePermName(r.database_name, r.database_id) },
    { permission: "datasource_access", view: r.view },
  ]));
}

/** Each dataset's datasource_access view name ("[db].[table](id:N)"), with its database. */
export async function datasetViews(db: Database, datasetIds: number[]) {
  if (!datasetIds.length) return [];
  const rows = await db
    .select({ id: datasets.id, table_name: datasets.table_name, database_id: databases.id, database_name: databases.database_name })
    .from(datasets)
    .innerJoin(databases, eq(databases.id, datasets.database_id))
    .where(inList(datasets.id, datasetIds))
    .all();
  return rows.map((r) => ({ ...r, view: datasourcePermName(r.database_name, r.table_name, r.id) }));
}

/** A dataset that changes name or database keeps its grants, as in Superset: its view is renamed in place. */
export async function renameDatasetPermission(db: Database, before: string, after: string): Promise<void> {
  if (before === after) return;
  const d1 = db.$client;
  // a view with the new name can only exist if it was never cleaned up; keep the grants of the dataset's own view
  await d1.batch([
    d1.prepare("DELETE FROM ab_view_menu WHERE name = ?1 AND NOT EXISTS (SELECT 1 FROM ab_permission_view WHERE view_menu_id = ab_view_menu.id)").bind(after),
    d1.prepare("UPDATE OR IGNORE ab_view_menu SET name = ?2 WHERE name = ?1").bind(before, after),
  ]);
  forgetPrincipals(); // cached principals hold pairs by view name
}

/** Deleted datasets take their datasource_access pairs (and the roles' grants of them) with them. */
export async function dropDatasetPermissions(db: Database, views: string[]): Promise<void> {
  if (!views.length) return;
  const d1 = db.$client;
  const json = JSON.stringify(views);
  const pvs = `SELECT pv.id FROM ab_permission_view pv JOIN ab_view_menu v ON v.id = pv.view_menu_id
    JOIN ab_permission p ON p.id = pv.permission_id WHERE p.name = 'datasource_access' AND v.name IN (SELECT value FROM json_each(?1))`;
  // explicit deletes in order: SQLite only cascades when foreign keys are enforced
  await d1.batch([
    d1.prepare(`DELETE FROM ab_permission_view_role WHERE permission_view_id IN (${pvs})`).bind(json),
    d1.prepare(`DELETE FROM ab_permission_view WHERE id IN (${pvs})`).bind(json),
    d1.prepare("DELETE FROM ab_view_menu WHERE name IN (SELECT value FROM json_each(?1)) AND NOT EXISTS (SELECT 1 FROM ab_permission_view WHERE view_menu_id = ab_view_menu.id)").bind(json),
  ]);
  forgetPrincipals();
}

/** A new database gets its grantable database_access pair at once, not at the next cold start. */
export async function ensureDatabasePermission(db: Database, id: number, name: string): Promise<void> {
  await insertPairs(db, [{ permission: "database_access", view: databasePermName(name, id) }]);
}

/** A renamed database keeps its grants, and so do its datasets, whose view names carry the database name. */
export async function renameDatabasePermissions(db: Database, id: number, before: string, after: string): Promise<void> {
  if (before === after) return;
  await renameDatasetPermission(db, databasePermName(before, id), databasePermName(after, id));
  const tables = await db.select({ id: datasets.id, table_name: datasets.table_name }).from(datasets).where(eq(datasets.database_id, id)).all();
  for (const t of tables) {
    await renameDatasetPermission(db, datasourcePermName(before, t.table_name, t.id), datasourcePermName(after, t.table_name, t.id));
  }
}

/** A deleted database takes its database_access pair and the roles' grants of it along. */
export async function dropDatabasePermission(db: Database, id: number, name: string): Promise<void> {
  const d1 = db.$client;
  const view = databasePermName(name, id);
  const pvs = `SELECT pv.id FROM ab_permission_view pv JOIN ab_view_menu v ON v.id = pv.view_menu_id
    JOIN ab_permission p ON p.id = pv.permission_id WHERE p.name = 'database_access' AND v.name = ?1`;
  await d1.batch([
    d1.prepare(`DELETE FROM ab_permission_view_role WHERE permission_view_id IN (${pvs})`).bind(view),
    d1.prepare(`DELETE FROM ab_permission_view WHERE id IN (${pvs})`).bind(view),
    d1.prepare("DELETE FROM ab_view_menu WHERE name = ?1 AND NOT EXISTS (SELECT 1 FROM ab_permission_view WHERE view_menu_id = ab_view_menu.id)").bind(view),
  ]);
  forgetPrincipals();
}

/** Names travel as JSON parameters: three statements per slice of pairs, one batch, whatever the count. */
const PAIRS_PER_STATEMENT = 500;

async function insertPairs(db: Database, pairs: Pair[]): Promise<void> {
  if (!pairs.length) return;
  const d1 = db.$client;
  const slices: string[] = [];
  for (let i = 0; i < pairs.length; i += PAIRS_PER_STATEMENT) slices.push(JSON.stringify(pairs.slice(i, i + PAIRS_PER_STATEMENT)));
  await d1.batch(slices.flatMap((json) => [
    d1.prepare("INSERT OR IGNORE INTO ab_permission (name) SELECT DISTINCT json_extract(value, '$.permission') FROM json_each(?1)").bind(json),
    d1.prepare("INSERT OR IGNORE INTO ab_view_menu (name) SELECT DISTINCT json_extract(value, '$.view') FROM json_each(?1)").bind(json),
    d1.prepare(
      `INSERT OR IGNORE INTO ab_permission_view (permission_id, view_menu_id)
       SELECT p.id, v.id FROM json_each(?1) j
       JOIN ab_permission p ON p.name = json_extract(j.value, '$.permission')
       JOIN ab_view_menu v ON v.name = json_extract(j.value, '$.view')`,
    ).bind(json),
  ]));
}
