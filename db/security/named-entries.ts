import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { permissions, viewMenus } from "../schema";
import { listPage, type ListSpec } from "../lists/list";
import { notFound } from "../../core/http/errors";
import type { ListArgs } from "../../core/http/list-query";

// The two halves of a permission pair, read-only: permission names (can_read, menu_access …) for GET
// /api/v1/security/permissions/ and resources, FAB's view menus (Chart, Dashboards …), for /security/resources/.

type NamedTable = typeof permissions | typeof viewMenus;

const specOf = (table: NamedTable): ListSpec => ({
  table,
  columns: { id: table.id, name: table.name },
  defaultOrder: { column: table.id, direction: "asc" },
});

export const NAMED_TABLES = { permissions, resources: viewMenus } as const;

export async function listNamed(db: Database, table: NamedTable, args: ListArgs) {
  const page = await listPage<{ id: number; name: string }>(db, specOf(table), args);
  return { count: page.count, result: page.rows.map((r) => ({ id: r.id, name: r.name })) };
}

export async function getNamed(db: Database, table: NamedTable, id: number) {
  const row = await db.select({ id: table.id, name: table.name }).from(table).where(eq(table.id, id)).get();
  if (!row) throw notFound();
  return row;
}
