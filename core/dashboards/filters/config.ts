import { FILTER_TYPES, type FilterConfigItem, type FilterType, type NativeFilter } from "./types";

// Reading native_filter_configuration out of json_metadata (leniently: a dashboard with a bad entry still opens,
// the entry is left out) and Superset's PUT /api/v1/dashboard/{pk}/filters changes (strictly: a bad body is a 400).

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === "object" && v !== null && !Array.isArray(v);

export class FilterConfigError extends Error {}

const ID = /^NATIVE_FILTER(_DIVIDER)?-[A-Za-z0-9_-]{1,64}$/;

/** A new filter id as Superset makes them: NATIVE_FILTER-<random> (or NATIVE_FILTER_DIVIDER-<random>). */
export function newFilterId(divider = false, random: () => number = Math.random): string {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let s = "";
  for (let i = 0; i < 21; i++) s += chars[Math.floor(random() * chars.length)];
  return `${divider ? "NATIVE_FILTER_DIVIDER" : "NATIVE_FILTER"}-${s}`;
}

/** One configuration entry, checked; throws FilterConfigError naming what is wrong. */
export function parseFilterItem(raw: unknown): FilterConfigItem {
  if (!isDict(raw)) throw new FilterConfigError("A native filter must be an object");
  const id = raw.id;
  if (typeof id !== "string" || !ID.test(id)) throw new FilterConfigError(`Invalid native filter id: ${JSON.stringify(id)}`);
  if (raw.type === "DIVIDER") {
    if (typeof raw.title !== "string" || !raw.title.trim()) throw new FilterConfigError(`Divider ${id} needs a title`);
    return { ...(raw as Dict), id, type: "DIVIDER", title: raw.title, description: typeof raw.description === "string" ? raw.description : "" } as FilterConfigItem;
  }
  if (raw.type !== undefined && raw.type !== "NATIVE_FILTER") throw new FilterConfigError(`Filter ${id}: type must be NATIVE_FILTER or DIVIDER`);
  const name = raw.name;
  if (typeof name !== "string" || !name.trim()) throw new FilterConfigError(`Filter ${id} needs a name`);
  if (!FILTER_TYPES.includes(raw.filterType as FilterType)) throw new FilterConfigError(`Filter ${name}: unsupported filter type ${JSON.stringify(raw.filterType)}`);
  const targets = Array.isArray(raw.targets) ? raw.targets : [];
  for (const t of targets) {
    if (!isDict(t)) throw new FilterConfigError(`Filter ${name}: each target must be an object`);
    if (t.datasetId !== undefined && !Number.isSafeInteger(t.datasetId)) throw new FilterConfigError(`Filter ${name}: datasetId must be an integer`);
    if (t.column !== undefined && !(isDict(t.column) && typeof t.column.name === "string")) throw new FilterConfigError(`Filter ${name}: column must be { name }`);
  }
  const scope = isDict(raw.scope) ? raw.scope : {};
  const rootPath = Array.isArray(scope.rootPath) && scope.rootPath.every((p) => typeof p === "string") ? (scope.rootPath as string[]) : ["ROOT_ID"];
  const excluded = Array.isArray(scope.excluded) ? scope.excluded.filter((e): e is number => Number.isSafeInteger(e)) : [];
  const parents = Array.isArray(raw.cascadeParentIds) ? raw.cascadeParentIds.filter((p): p is string => typeof p === "string") : [];
  if (parents.includes(id)) throw new FilterConfigError(`Filter ${name} cannot be its own parent`);
  const dm = isDict(raw.defaultDataMask) ? raw.defaultDataMask : {};
  return {
    ...(raw as Dict),
    id,
    type: "NATIVE_FILTER",
    name,
    filterType: raw.filterType as FilterType,
    targets: targets as NativeFilter["targets"],
    defaultDataMask: { extraFormData: isDict(dm.extraFormData) ? dm.extraFormData : {}, filterState: isDict(dm.filterState) ? dm.filterState : {}, ownState: isDict(dm.ownState) ? dm.ownState : {} },
    controlValues: isDict(raw.controlValues) ? raw.controlValues : {},
    cascadeParentIds: parents,
    scope: { rootPath, excluded },
    chartsInScope: Array.isArray(raw.chartsInScope) ? raw.chartsInScope.filter((c): c is number => Number.isSafeInteger(c)) : undefined,
    tabsInScope: Array.isArray(raw.tabsInScope) ? raw.tabsInScope.filter((c): c is string => typeof c === "string") : undefined,
    description: typeof raw.description === "string" ? raw.description : "",
  };
}

/** The configuration of a dashboard's json_metadata; entries that do not parse are left out. */
export function filtersOfMetadata(jsonMetadata: string | null | undefined): FilterConfigItem[] {
  let meta: unknown;
  try {
    meta = JSON.parse(jsonMetadata || "{}");
  } catch {
    return [];
  }
  const list = isDict(meta) && Array.isArray(meta.native_filter_configuration) ? meta.native_filter_configuration : [];
  const out: FilterConfigItem[] = [];
  for (const raw of list) {
    try {
      out.push(parseFilterItem(raw));
    } catch {
      // a broken entry of an imported dashboard must not break the dashboard
    }
  }
  return out;
}

export interface FilterChanges {
  modified: FilterConfigItem[];
  deleted: string[];
  reordered: string[];
}

/** Superset's DashboardNativeFiltersConfigUpdateSchema: { modified?, deleted?, reordered? }. */
export function parseFilterChanges(body: unknown): FilterChanges {
  if (!isDict(body)) throw new FilterConfigError("The request body must be an object");
  const unknown = Object.keys(body).filter((k) => !["modified", "deleted", "reordered"].includes(k));
  if (unknown.length) throw new FilterConfigError(`Unknown field(s): ${unknown.join(", ")}`);
  const strings = (k: string): string[] => {
    const v = body[k] ?? [];
    if (!Array.isArray(v) || v.some((s) => typeof s !== "string")) throw new FilterConfigError(`${k} must be a list of filter ids`);
    return v as string[];
  };
  const modifiedRaw = body.modified ?? [];
  if (!Array.isArray(modifiedRaw)) throw new FilterConfigError("modified must be a list of filters");
  return { modified: modifiedRaw.map(parseFilterItem), deleted: strings("deleted"), reordered: strings("reordered") };
}

/**
 * Applies the changes as Superset's UpdateDashboardNativeFiltersCommand: modified entries replace those of the
 * same id or are appended, deleted ones go, then the list follows `reordered` (ids it does not name keep their
 * relative order after the named ones). Cascade parents that no longer exist are dropped.
 */
export function applyFilterChanges(current: FilterConfigItem[], changes: FilterChanges): FilterConfigItem[] {
  const byId = new Map(current.map((f) => [f.id, f]));
  for (const m of changes.modified) byId.set(m.id, m);
  for (const d of changes.deleted) byId.delete(d);
  const order = [...current.map((f) => f.id), ...changes.modified.map((m) => m.id)].filter((id, i, all) => all.indexOf(id) === i && byId.has(id));
  const named = changes.reordered.filter((id) => byId.has(id));
  const final = [...named, ...order.filter((id) => !named.includes(id))].map((id) => byId.get(id)!);
  const ids = new Set(final.map((f) => f.id));
  if (final.length > 200) throw new FilterConfigError("A dashboard holds at most 200 native filters");
  return final.map((f) => (f.type === "NATIVE_FILTER" ? { ...f, cascadeParentIds: f.cascadeParentIds.filter((p) => ids.has(p)) } : f));
}

/** json_metadata with the native filter configuration replaced; other keys kept as they are. */
export function withFilters(jsonMetadata: string | null | undefined, filters: FilterConfigItem[]): string {
  let meta: Dict = {};
  try {
    const parsed = JSON.parse(jsonMetadata || "{}");
    if (isDict(parsed)) meta = parsed;
  } catch {
    // unreadable metadata is replaced by the configuration alone
  }
  return JSON.stringify({ ...meta, native_filter_configuration: filters });
}

/** The list with the item `id` moved to where `beforeId` is (null: to the end): the config modal's drag to reorder. */
export function moveFilter<T extends { id: string }>(items: T[], id: string, beforeId: string | null): T[] {
  const item = items.find((f) => f.id === id);
  if (!item || id === beforeId) return items;
  const rest = items.filter((f) => f.id !== id);
  const at = beforeId === null ? rest.length : rest.findIndex((f) => f.id === beforeId);
  return [...rest.slice(0, at < 0 ? rest.length : at), item, ...rest.slice(at < 0 ? rest.length : at)];
}
