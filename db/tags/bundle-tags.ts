import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { savedQueries } from "../schema";
import { tagNameProblem, TAG_TYPE, type ObjectType } from "../../core/tags/tags";
import { ensureTags, linkTags, syncSystemTags, tagsOfObjects } from "./store";

// Tags in export/import bundles as Superset writes them with TAGGING_SYSTEM on: a chart's or dashboard's YAML
// carries `tags:`, the names of its custom tags; an import creates the tags it names and puts them on the object.

/** Custom tag names per object id, for the export's `tags:` key. */
export async function customTagNamesOf(db: Database, type: ObjectType, ids: number[]): Promise<Map<number, string[]>> {
  const all = await tagsOfObjects(db, type, ids);
  return new Map([...all].map(([id, tags]) => [id, tags.filter((t) => t.type === TAG_TYPE.custom).map((t) => t.name)]));
}

/** A bundle file's `tags:` as names, or the message naming what is wrong (checked before anything is written). */
export function bundleTagNames(raw: unknown): { names: string[] } | { problem: string } {
  if (raw === undefined || raw === null) return { names: [] };
  if (!Array.isArray(raw) || raw.some((t) => typeof t !== "string")) return { problem: "tags must be a list of tag names" };
  const problems = (raw as string[]).map(tagNameProblem).filter((p): p is string => p !== null);
  return problems.length ? { problem: problems.join(" ") } : { names: [...new Set((raw as string[]).map((t) => t.trim()))] };
}

export interface ImportedObject {
  type: ObjectType;
  /** the id here; for a saved query, found by uuid after the import */
  id?: number;
  uuid: string;
  create: boolean;
  names: string[];
}

/** After the import's batch: new objects get their system tags (owner: the importer, type:), and all their bundle tags. */
export async function tagImportedObjects(db: Database, objects: ImportedObject[], importer: number): Promise<void> {
  for (const o of objects) {
    const id = o.id ?? (await db.select({ id: savedQueries.id }).from(savedQueries).where(eq(savedQueries.uuid, o.uuid)).get())?.id;
    if (!id) continue;
    if (o.create) await syncSystemTags(db, { type: o.type, id }, [importer]);
    if (!o.names.length) continue;
    const tags = await ensureTags(db, o.names, TAG_TYPE.custom, importer);
    await linkTags(db, [...tags.values()].filter((t) => t.type === TAG_TYPE.custom).map((t) => t.id), [{ type: o.type, id }], importer);
  }
}
