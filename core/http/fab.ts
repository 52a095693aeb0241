import { badRequest } from "./errors";

// Flask-AppBuilder's ModelRestApi conventions, which every Superset resource API inherits and which
// Superset's own client relies on: the metadata keys of list and item answers (chosen by rison `keys`),
// field selection (rison `columns`), `_info`, and the `related/` and `distinct/` argument shape.

/** A search column's filters as `_info` lists them: FAB's `{ name, operator }` pairs. */
export interface FilterEntry {
  name: string;
  operator: string;
}

export interface FieldInfo {
  name: string;
  type: "String" | "Integer" | "Boolean" | "List" | "Dict" | "DateTime" | "Float";
  required?: boolean;
}

/** What FAB knows of a resource: its column lists, titles and fields (Superset's class attributes). */
export interface FabResource {
  listColumns: string[];
  showColumns: string[];
  orderColumns: string[];
  listTitle: string;
  showTitle: string;
  addTitle?: string;
  editTitle?: string;
  /** label_columns overrides; every other column gets FAB's prettified name */
  labels?: Record<string, string>;
  addColumns?: FieldInfo[];
  editColumns?: FieldInfo[];
  /** search_columns with the filters this Worker applies to each (as `_info` reports them) */
  filters?: Record<string, FilterEntry[]>;
}

// FAB's filter classes by name (flask_appbuilder.models.sqla.filters), limited to the operators the list
// endpoints apply (db/lists/list.ts), so `_info` never offers a filter that would be refused.
export const FAB_FILTERS = {
  text: [op("Starts with", "sw"), op("Ends with", "ew"), op("Contains", "ct"), op("Equal to", "eq"), op("Not Contains", "nct"), op("Not Equal to", "neq"), op("One of", "in")],
  number: [op("Equal to", "eq"), op("Greater than", "gt"), op("Smaller than", "lt"), op("Not Equal to", "neq"), op("One of", "in")],
  date: [op("Equal to", "eq"), op("Greater than", "gt"), op("Smaller than", "lt"), op("Not Equal to", "neq")],
  bool: [op("Equal to", "eq"), op("Not Equal to", "neq")],
  relation: [op("Relation", "rel_o_m")],
  relationMany: [op("Relation as Many", "rel_m_m")],
} satisfies Record<string, FilterEntry[]>;

export function op(name: string, operator: string): FilterEntry {
  return { name, operator };
}

/** FAB's label for a column without one: `re.sub("[._]", " ", col).title()` (Python's title casing). */
export function prettify(column: string): string {
  return column.replace(/[._]/g, " ").toLowerCase().replace(/(^|[^a-z])([a-z])/g, (_m, before: string, c: string) => before + c.toUpperCase());
}

const LIST_KEYS = ["list_columns", "order_columns", "label_columns", "description_columns", "list_title"] as const;
const SHOW_KEYS = ["show_columns", "label_columns", "description_columns", "show_title"] as const;
export const INFO_KEYS = ["permissions", "filters", "add_columns", "edit_columns", "add_title", "edit_title"] as const;

/** FAB keeps only requested columns that the resource lists; none left means the full answer. */
function pruned(columns: string[] | null, allowed: string[]): string[] {
  return (columns ?? []).filter((c) => allowed.includes(c));
}

function wanted(keys: string[] | null | undefined, key: string): boolean {
  return !keys || keys.length === 0 || keys.includes(key);
}

function labels(resource: FabResource, columns: string[]): Record<string, string> {
  return Object.fromEntries(columns.map((c) => [c, resource.labels?.[c] ?? prettify(c)]));
}

/** A list answer with FAB's metadata keys (all of them unless `keys` names some; `none` names none). */
export function fabList<T extends object>(
  body: { count: number; ids: unknown[]; result: T[] },
  resource: FabResource,
  args: { columns: string[] | null; keys?: string[] | null },
): Record<string, unknown> {
  const selected = pruned(args.columns, resource.listColumns);
  const columns = selected.length ? selected : resource.listColumns;
  const meta: Record<(typeof LIST_KEYS)[number], unknown> = {
    list_columns: columns,
    order_columns: resource.orderColumns,
    label_columns: labels(resource, columns),
    description_columns: {},
    list_title: resource.listTitle,
  };
  const out: Record<string, unknown> = { ...body, result: selected.length ? body.result.map((r) => pickColumns(r, selected)) : body.result };
  for (const key of LIST_KEYS) if (wanted(args.keys, key)) out[key] = meta[key];
  return out;
}

/** A single item's answer with FAB's show metadata, `columns` selecting the result's fields. */
export function fabItem<T extends object>(
  body: { id: unknown; result: T } & Record<string, unknown>,
  resource: FabResource,
  args: { columns: string[] | null; keys: string[] | null },
): Record<string, unknown> {
  const selected = pruned(args.columns, resource.showColumns);
  const columns = selected.length ? selected : resource.showColumns;
  const meta: Record<(typeof SHOW_KEYS)[number], unknown> = {
    show_columns: columns,
    label_columns: labels(resource, columns),
    description_columns: {},
    show_title: resource.showTitle,
  };
  const out: Record<string, unknown> = { ...body, result: selected.length ? pickColumns(body.result, selected) : body.result };
  for (const key of SHOW_KEYS) if (wanted(args.keys, key)) out[key] = meta[key];
  return out;
}

/** `_info`: permissions the caller holds, search filters, add/edit fields and titles, as `keys` asks. */
export function fabInfo(resource: FabResource, permissions: string[], keys: string[] | null): Record<string, unknown> {
  const field = (f: FieldInfo) => ({ name: f.name, label: resource.labels?.[f.name] ?? prettify(f.name), description: "", type: f.type, required: f.required ?? false, unique: false });
  const all: Record<(typeof INFO_KEYS)[number], unknown> = {
    permissions,
    filters: resource.filters ?? {},
    add_columns: (resource.addColumns ?? []).map(field),
    edit_columns: (resource.editColumns ?? resource.addColumns ?? []).map(field),
    add_title: resource.addTitle ?? `Add ${resource.listTitle.replace(/^List /, "")}`,
    edit_title: resource.editTitle ?? `Edit ${resource.listTitle.replace(/^List /, "")}`,
  };
  const out: Record<string, unknown> = {};
  for (const key of INFO_KEYS) if (wanted(keys, key)) out[key] = all[key];
  return out;
}

/**
 * Copies the dotted paths of `row` into a new object of the same nesting: `changed_by.first_name` gives
 * `{ changed_by: { first_name } }`; through a list (owners.id) each element is picked. A missing value is null.
 */
export function pickColumns(row: object, columns: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const groups = new Map<string, string[]>();
  for (const column of columns) {
    const dot = column.indexOf(".");
    const head = dot < 0 ? column : column.slice(0, dot);
    const rest = groups.get(head) ?? [];
    if (dot >= 0) rest.push(column.slice(dot + 1));
    groups.set(head, rest);
  }
  for (const [head, rest] of groups) {
    const value = Object.hasOwn(row, head) ? (row as Record<string, unknown>)[head] : null;
    if (!rest.length) out[head] = value ?? null;
    else if (value === null || typeof value !== "object") out[head] = null;
    else out[head] = Array.isArray(value) ? value.map((v) => (v && typeof v === "object" ? pickColumns(v, rest) : null)) : pickColumns(value, rest);
  }
  return out;
}

export interface RelatedArgs {
  filter: string;
  page: number;
  pageSize: number;
  includeIds: number[];
}

/** `related/` and `distinct/` take (filter:text,page:n,page_size:n[,include_ids:!(...)]) (get_related_schema). */
export function parseRelatedArgs(q: unknown): RelatedArgs {
  if (q === undefined || q === null) q = {};
  if (typeof q !== "object" || Array.isArray(q)) throw badRequest("The q argument must be a rison object");
  const o = q as Record<string, unknown>;
  const filter = o.filter ?? "";
  if (typeof filter !== "string") throw badRequest("filter must be text");
  const page = o.page ?? 0;
  const pageSize = o.page_size ?? 20;
  if (!Number.isSafeInteger(page) || (page as number) < 0) throw badRequest("page must be a non-negative integer");
  if (!Number.isSafeInteger(pageSize) || (pageSize as number) < 1) throw badRequest("page_size must be a positive integer");
  const includeIds = o.include_ids ?? [];
  if (!Array.isArray(includeIds) || includeIds.some((i) => !Number.isSafeInteger(i))) throw badRequest("include_ids must be a list of ids");
  // FAB caps a page at its maximum (100 for related lists) rather than refusing a larger one
  return { filter, page: page as number, pageSize: Math.min(pageSize as number, 100), includeIds: includeIds as number[] };
}
