import { badRequest, validationError } from "../http/errors";
import { FAB_FILTERS, op, type FabResource } from "../http/fab";

// Superset's tagging system: tag types, the objects a tag may hold, and the rules a tag name must keep.

/** Superset's TagType, by the number its API answers. */
export const TAG_TYPE = { custom: 1, type: 2, owner: 3, favorited_by: 4 } as const;

/** Superset's ObjectType names for what a tag may hold (a saved query is "query"). */
export const OBJECT_TYPES = ["query", "chart", "dashboard"] as const;
export type ObjectType = (typeof OBJECT_TYPES)[number];

/** The Tag column's length in Superset (String(250)). */
export const TAG_NAME_MAX = 250;
const FORBIDDEN = [":", ","];

/**
 * Superset's to_object_type: the ObjectType's number (query 1, chart 2, dashboard 3) or its name; "saved_query"
 * is accepted for the query type too, the name the rest of the API gives it. Null for anything else.
 */
export function toObjectType(raw: unknown): ObjectType | null {
  if (typeof raw === "number" || (typeof raw === "string" && /^\d+$/.test(raw))) return OBJECT_TYPES[Number(raw) - 1] ?? null;
  if (raw === "saved_query") return "query";
  return (OBJECT_TYPES as readonly unknown[]).includes(raw) ? (raw as ObjectType) : null;
}

/** Why a custom tag name is refused, or null: empty, longer than the column, or holding ':' or ','. */
export function tagNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return "Tag name must not be empty.";
  if (trimmed.length > TAG_NAME_MAX) return `Tag name "${trimmed.slice(0, 40)}…" is longer than ${TAG_NAME_MAX} characters.`;
  const bad = FORBIDDEN.filter((ch) => trimmed.includes(ch));
  if (bad.length) return `Invalid tag name "${trimmed}" (cannot contain ${bad.map((b) => `'${b}'`).join(" or ")}).`;
  return null;
}

/** The trimmed custom tag names, or a 400 naming each refused one. */
export function customTagNames(raw: unknown, field = "tags"): string[] {
  if (!Array.isArray(raw) || raw.some((t) => typeof t !== "string")) throw validationError({ [field]: ["Must be a list of tag names."] });
  const problems = (raw as string[]).map(tagNameProblem).filter((p): p is string => p !== null);
  if (problems.length) throw validationError({ [field]: problems });
  return [...new Set((raw as string[]).map((t) => t.trim()))];
}

/** A tag as the list APIs answer it inside an object (Superset's `tags.id`, `tags.name`, `tags.type`). */
export interface TagRef {
  id: number;
  name: string;
  type: number;
}

export interface ObjectRef {
  type: ObjectType;
  id: number;
}

export interface TagPayload {
  name?: string;
  description?: string | null;
  objects_to_tag?: ObjectRef[];
}

/** Superset's TagPostSchema / TagPutSchema: name (not empty), description, objects_to_tag as [type, id] pairs. */
export function parseTagPayload(body: Record<string, unknown>, requireName: boolean): TagPayload {
  const errors: Record<string, string[]> = {};
  const out: TagPayload = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === "name") {
      const problem = typeof value === "string" ? tagNameProblem(value) : "Not a valid string.";
      if (problem) errors.name = [problem];
      else out.name = (value as string).trim();
    } else if (key === "description") {
      if (value !== null && typeof value !== "string") errors.description = ["Not a valid string."];
      else out.description = value;
    } else if (key === "objects_to_tag") {
      const refs = objectRefs(value);
      if (typeof refs === "string") errors.objects_to_tag = [refs];
      else out.objects_to_tag = refs;
    } else errors[key] = ["Unknown field."];
  }
  if (requireName && out.name === undefined && !errors.name) errors.name = ["Missing data for required field."];
  if (Object.keys(errors).length) throw validationError(errors);
  return out;
}

function objectRefs(value: unknown): ObjectRef[] | string {
  if (!Array.isArray(value)) return "Not a valid list.";
  const refs: ObjectRef[] = [];
  for (const item of value) {
    const type = Array.isArray(item) ? toObjectType(item[0]) : null;
    const id = Array.isArray(item) ? item[1] : null;
    if (!type) return `Invalid object type ${JSON.stringify(Array.isArray(item) ? item[0] : item)}.`;
    if (!Number.isSafeInteger(id) || (id as number) < 1) return `Invalid object id ${JSON.stringify(id)}.`;
    refs.push({ type, id: id as number });
  }
  return refs;
}

/** A rison list of ids (favorite_status) or of names (bulk delete), or a 400. */
export function listOf<T extends "number" | "string">(value: unknown, kind: T, what: string): (T extends "number" ? number : string)[] {
  const ok = Array.isArray(value) && value.every((v) => (kind === "number" ? Number.isSafeInteger(v) : typeof v === "string" && v.trim() !== ""));
  if (!ok || !value.length) throw badRequest(`q must be a list of ${what}`);
  return [...new Set(kind === "string" ? (value as string[]).map((v) => v.trim()) : value)] as (T extends "number" ? number : string)[];
}

// Superset's TagRestApi FAB metadata; the `type` search filter is its UserCreatedTagTypeFilter ("custom_tag").
export const TAG: FabResource = {
  listColumns: [
    "id", "name", "type", "description", "changed_by.first_name", "changed_by.last_name", "changed_on_delta_humanized",
    "created_on_delta_humanized", "created_by.first_name", "created_by.last_name",
  ],
  showColumns: [
    "id", "name", "type", "description", "changed_by.first_name", "changed_by.last_name", "changed_on_delta_humanized",
    "created_on_delta_humanized", "created_by.first_name", "created_by.last_name", "created_by",
  ],
  orderColumns: ["name", "type", "changed_on_delta_humanized", "created_on_delta_humanized"],
  listTitle: "List Tag",
  showTitle: "Show Tag",
  addColumns: [{ name: "description", type: "String" }, { name: "name", type: "String" }, { name: "objects_to_tag", type: "List" }],
  editColumns: [{ name: "description", type: "String" }, { name: "name", type: "String" }, { name: "objects_to_tag", type: "List" }],
  filters: {
    name: [...FAB_FILTERS.text],
    type: [op("Custom Tag", "custom_tag"), ...FAB_FILTERS.number],
    created_by: [...FAB_FILTERS.relation],
  },
};

/**
 * The `tags` of a dashboard or chart PUT/POST (Superset's DashboardPutSchema: custom tag ids), taken out of the
 * body so the object's own payload parser never sees them; undefined when the body has none.
 */
export function takeTagIds(body: Record<string, unknown>): number[] | undefined {
  if (!("tags" in body)) return undefined;
  const raw = body.tags;
  delete body.tags;
  if (!Array.isArray(raw) || raw.some((t) => !Number.isSafeInteger(t) || (t as number) < 1)) throw validationError({ tags: ["Must be a list of tag ids."] });
  return [...new Set(raw as number[])];
}
