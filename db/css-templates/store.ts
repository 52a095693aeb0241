import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { cssTemplates } from "../schema";
import { inList } from "../d1-params";
import type { ListSpec } from "../lists/list";
import { anyContains } from "../lists/common-filters";
import { badRequest } from "../../core/http/errors";

// Superset's CSS templates: shared rows, not owned. Every read and write of the table is here.

export type CssTemplateRow = typeof cssTemplates.$inferSelect;

/** Superset's CssTemplateRestApi list: name and CSS searchable, the name sorts. */
export const cssTemplateListSpec: ListSpec = {
  table: cssTemplates,
  columns: { id: cssTemplates.id, template_name: cssTemplates.template_name, css: cssTemplates.css, changed_on: cssTemplates.changed_on, created_on: cssTemplates.created_on },
  defaultOrder: { column: cssTemplates.template_name, direction: "asc" },
  // Superset's CssTemplateAllTextFilter: the name or the CSS contains the text
  customFilter: (f) => {
    if (f.opr !== "css_template_all_text") return undefined;
    if (typeof f.value !== "string") throw badRequest("Filter css_template_all_text needs a text value");
    return anyContains([cssTemplates.template_name, cssTemplates.css], f.value);
  },
};

export async function cssTemplateById(db: Database, id: number): Promise<CssTemplateRow | undefined> {
  return db.select().from(cssTemplates).where(eq(cssTemplates.id, id)).get();
}

/** How many of the ids name templates. */
export async function cssTemplatesFound(db: Database, ids: number[]): Promise<number> {
  return (await db.select({ id: cssTemplates.id }).from(cssTemplates).where(inList(cssTemplates.id, ids)).all()).length;
}

export async function insertCssTemplate(db: Database, p: { template_name?: string | null; css?: string | null }, actor: number): Promise<number> {
  const row = await db.insert(cssTemplates)
    .values({ template_name: p.template_name ?? null, css: p.css ?? null, created_by_fk: actor, changed_by_fk: actor }).returning({ id: cssTemplates.id }).get();
  return row.id;
}

export async function updateCssTemplate(db: Database, id: number, p: { template_name?: string | null; css?: string | null }, actor: number): Promise<void> {
  await db.update(cssTemplates).set({ ...p, changed_by_fk: actor }).where(eq(cssTemplates.id, id)).run();
}

export async function deleteCssTemplates(db: Database, ids: number[]): Promise<void> {
  await db.delete(cssTemplates).where(inList(cssTemplates.id, ids)).run();
}
