import { and, eq, getTableColumns } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import { favorites } from "../schema";
import type { ObjectType } from "../../core/tags/tags";
import { inList } from "../d1-params";
import { dropTagLinks } from "../tags/store";
import { dropRevisions } from "../revisions/store";
import type { RevisionType } from "../../core/revisions/revisions";

// An entity's link rows (owners, dashboards of a chart, roles, columns…), favourites and tag links, written
// once. SQLite cascades only when foreign keys are enforced, so deleting an entity removes its dependent rows
// explicitly, in the same batch as the entity: each resource describes what hangs off it and this does the rest.

type Item = BatchItem<"sqlite">;

export interface DeleteCascade {
  table: SQLiteTable;
  id: SQLiteColumn;
  /** columns of dependent tables holding the entity's id: their rows go with it */
  links: SQLiteColumn[];
  /** the favstar class_name of the entity ("slice", "Dashboard"), when it can be a favourite */
  favoriteClass?: string;
  /** the tagged_object type of the entity, when it can carry tags */
  tagType?: ObjectType;
  /** the revision type of the entity, when its saves keep revisions: they go with it */
  revisionType?: RevisionType;
}

/** The statements deleting the entities and everything that hangs off them; the entity rows last. */
export function cascadeDeletes(db: Database, d: DeleteCascade, ids: number[]): [Item, ...Item[]] {
  const items: Item[] = d.links.map((column) => db.delete(column.table as SQLiteTable).where(inList(column, ids)));
  if (d.favoriteClass) items.push(db.delete(favorites).where(and(eq(favorites.class_name, d.favoriteClass), inList(favorites.obj_id, ids))));
  if (d.tagType) items.push(dropTagLinks(db, d.tagType, ids));
  if (d.revisionType) items.push(dropRevisions(db, d.revisionType, ids));
  const entity: Item = db.delete(d.table).where(inList(d.id, ids));
  return items.length ? [items[0], ...items.slice(1), entity] : [entity];
}

/** Deletes the entities with their link rows, favourites and tag links in one batch. */
export async function deleteWithLinks(db: Database, d: DeleteCascade, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.batch(cascadeDeletes(db, d, ids));
}

/** The statements replacing an entity's links in one link table with `others` (duplicates and repeats ignored). */
export function replaceLinks(db: Database, link: { entity: SQLiteColumn; other: SQLiteColumn }, id: number, others: number[]): Item[] {
  const table = link.entity.table as SQLiteTable;
  const columns = Object.entries(getTableColumns(table));
  const key = (column: SQLiteColumn) => columns.find(([, c]) => c === column)![0];
  return [
    db.delete(table).where(eq(link.entity, id)),
    ...others.map((other) => db.insert(table).values({ [key(link.entity)]: id, [key(link.other)]: other }).onConflictDoNothing()),
  ];
}
