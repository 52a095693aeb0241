import { or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { badRequest } from "../../core/http/errors";
import type { ListFilter } from "../../core/http/list-query";
import { inList, valuesList } from "../d1-params";

// The list filters Superset's resources share (owners, a link table such as a chart's dashboards, creator, last
// editor, favourite, certified), written once: each list names its own columns and link tables, and the SQL
// and the rules for the values (ids, truthy flags) are the same for all of them.

/** A many-to-many link table: rows of (entity, other) naming which others an entity is linked to. */
export interface LinkFilter {
  /** the link column holding the listed entity's id */
  entity: SQLiteColumn;
  /** the link column holding the ids the filter names (user id for owners, dashboard id, role id…) */
  other: SQLiteColumn;
}

export interface CommonFilterConfig {
  /** the listed table's id column */
  id: SQLiteColumn;
  /** filter columns (`owners`, `dashboards`, `roles`…) matched through a link table with rel_m_m / eq / in */
  links?: Record<string, LinkFilter>;
  createdBy?: SQLiteColumn;
  changedBy?: SQLiteColumn;
  /** the favourite operator (`chart_is_favorite`) and the favstar class_name of this resource */
  favorite?: { opr: string; className: string; userId: number };
  /** the certified operator (`chart_is_certified`) and the certified_by column */
  certified?: { opr: string; column: SQLiteColumn };
}

/** Ids a relation filter names: one id or a list, every one an integer, at least one. */
export function filterIds(f: ListFilter): number[] {
  const ids = (Array.isArray(f.value) ? f.value : [f.value]).map(Number);
  if (!ids.length || ids.some((n) => !Number.isSafeInteger(n))) throw badRequest(`Filter ${f.col} needs ids`);
  return ids;
}

/** The spellings Superset's list pages use for "yes" in a boolean filter. */
export const truthy = (v: unknown) => v === true || v === "true" || v === "!t" || v === 1;

/** `%text%` with LIKE's wildcards escaped (use with ESCAPE '\\'). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** Any of the columns contains the text, case-insensitively (Superset's all-text searches). */
export function anyContains(columns: (SQLiteColumn | SQL)[], text: string): SQL | undefined {
  const like = containsPattern(text);
  return or(...columns.map((c) => sql`lower(${c}) LIKE lower(${like}) ESCAPE '\\'`));
}

/** A custom filter for ListSpec.customFilter answering the shared operators; undefined for any other. */
export function commonListFilter(cfg: CommonFilterConfig) {
  return (f: ListFilter): SQL | undefined => {
    const link = cfg.links && Object.hasOwn(cfg.links, f.col) ? cfg.links[f.col] : undefined;
    if (link && ["rel_m_m", "eq", "in"].includes(f.opr)) {
      return sql`EXISTS (SELECT 1 FROM ${link.entity.table} WHERE ${link.entity} = ${cfg.id} AND ${link.other} IN ${valuesList(filterIds(f))})`;
    }
    if (cfg.createdBy && f.col === "created_by" && ["rel_o_m", "eq"].includes(f.opr)) return inList(cfg.createdBy, filterIds(f));
    if (cfg.changedBy && f.col === "changed_by" && ["rel_o_m", "eq"].includes(f.opr)) return inList(cfg.changedBy, filterIds(f));
    if (cfg.favorite && f.opr === cfg.favorite.opr) {
      const { className, userId } = cfg.favorite;
      const fav = sql`EXISTS (SELECT 1 FROM favstar s WHERE s.class_name = ${className} AND s.obj_id = ${cfg.id} AND s.user_id = ${userId})`;
      return truthy(f.value) ? fav : sql`NOT ${fav}`;
    }
    if (cfg.certified && f.opr === cfg.certified.opr) {
      const column = cfg.certified.column;
      const certified = sql`(${column} IS NOT NULL AND ${column} <> '')`;
      return truthy(f.value) ? certified : sql`NOT ${certified}`;
    }
    return undefined;
  };
}
