import { integer, text } from "drizzle-orm/sqlite-core";

// Shared column helpers: audit fields as Superset names them, ISO-8601 UTC text timestamps.
export const nowIso = () => new Date().toISOString();

export const id = () => integer("id").primaryKey({ autoIncrement: true });
export const bool = (name: string) => integer(name, { mode: "boolean" });
export const json = (name: string) => text(name);

export const audit = {
  created_on: text("created_on").$defaultFn(nowIso),
  changed_on: text("changed_on").$defaultFn(nowIso).$onUpdateFn(nowIso),
  created_by_fk: integer("created_by_fk"),
  changed_by_fk: integer("changed_by_fk"),
};
