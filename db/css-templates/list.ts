import type { Database } from "../client";
import { listPage } from "../lists/list";
import { usersById, type UserRef } from "../sqllab/lookups";
import { humanizeAgo } from "../../core/recent-activity";
import type { ListArgs } from "../../core/http/list-query";
import { cssTemplateListSpec, type CssTemplateRow } from "./store";

// A CSS template as Superset's CssTemplateRestApi lists it, shared by the API and the Settings page.

export interface CssTemplateListItem {
  id: number; template_name: string | null; css: string | null; created_on: string | null; changed_on_delta_humanized: string | null;
  changed_by: { id: number; first_name: string; last_name: string } | null; created_by: { id: number; first_name: string; last_name: string } | null;
}

export function templateJson(r: CssTemplateRow, people: Map<number, UserRef>, now = Date.now()): CssTemplateListItem {
  const person = (id: number | null) => {
    const u = id ? people.get(id) : undefined;
    return u ? { id: u.id, first_name: u.first_name, last_name: u.last_name } : null;
  };
  return {
    id: r.id, template_name: r.template_name, css: r.css, created_on: r.created_on ? r.created_on.replace(/Z$/, "") : null,
    changed_on_delta_humanized: r.changed_on ? humanizeAgo(now - Date.parse(r.changed_on)) : null,
    changed_by: person(r.changed_by_fk), created_by: person(r.created_by_fk),
  };
}

export async function listCssTemplates(db: Database, args: ListArgs): Promise<{ count: number; result: CssTemplateListItem[] }> {
  const { count, rows } = await listPage<CssTemplateRow>(db, cssTemplateListSpec, args);
  const people = await usersById(db, rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]));
  return { count, result: rows.map((r) => templateJson(r, people)) };
}
