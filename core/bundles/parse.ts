import { parse } from "yaml";
import { CHART_SHAPE, DASHBOARD_SHAPE, DATABASE_SHAPE, DATASET_SHAPE, SAVED_QUERY_SHAPE, validateMetadata, validateShape } from "./schemas";

// A bundle's files as typed configs, each validated with Superset's import schemas. Errors are keyed by the file's
// path inside the bundle as Superset keys them (`{"charts/x.yaml": {"uuid": ["Not a valid UUID."]}}`).

export type AssetKind = "database" | "dataset" | "chart" | "dashboard" | "saved_query";

export interface Config<T = Record<string, unknown>> {
  path: string;
  data: T;
}

export interface ParsedBundle {
  database: Config[];
  dataset: Config[];
  chart: Config[];
  dashboard: Config[];
  saved_query: Config[];
}

export type BundleErrors = Record<string, unknown>;

const FOLDERS: [string, AssetKind][] = [["databases/", "database"], ["datasets/", "dataset"], ["charts/", "chart"], ["dashboards/", "dashboard"], ["queries/", "saved_query"]];
const SHAPES = { database: DATABASE_SHAPE, dataset: DATASET_SHAPE, chart: CHART_SHAPE, dashboard: DASHBOARD_SHAPE, saved_query: SAVED_QUERY_SHAPE };

/** What each import endpoint reads of a bundle (Superset's command per resource) and the metadata type it wants. */
export const IMPORTS: Record<string, { kinds: AssetKind[]; type: string; primary: AssetKind | null; label: string }> = {
  dashboard: { kinds: ["database", "dataset", "chart", "dashboard"], type: "Dashboard", primary: "dashboard", label: "dashboard" },
  chart: { kinds: ["database", "dataset", "chart"], type: "Slice", primary: "chart", label: "chart" },
  dataset: { kinds: ["database", "dataset"], type: "SqlaTable", primary: "dataset", label: "dataset" },
  database: { kinds: ["database", "dataset"], type: "Database", primary: "database", label: "database" },
  saved_query: { kinds: ["database", "saved_query"], type: "SavedQuery", primary: "saved_query", label: "saved_queries" },
  assets: { kinds: ["database", "dataset", "chart", "dashboard", "saved_query"], type: "assets", primary: null, label: "assets" },
};

function loadYaml(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    // the default alias limit refuses "billion laughs" documents
    return { ok: true, value: parse(text, { maxAliasCount: 100, uniqueKeys: false }) };
  } catch {
    return { ok: false };
  }
}

export function parseBundle(files: Map<string, string>, resource: keyof typeof IMPORTS, passwords: Record<string, string>): { bundle: ParsedBundle; errors: BundleErrors } {
  const spec = IMPORTS[resource];
  const errors: BundleErrors = {};
  const bundle: ParsedBundle = { database: [], dataset: [], chart: [], dashboard: [], saved_query: [] };
  const metadata = files.get("metadata.yaml");
  if (metadata === undefined) {
    errors["metadata.yaml"] = "Missing metadata.yaml";
  } else {
    const loaded = loadYaml(metadata);
    if (!loaded.ok) errors["metadata.yaml"] = "Not a valid YAML file";
    else {
      const e = validateMetadata(loaded.value, spec.type);
      if (Object.keys(e).length) errors["metadata.yaml"] = e;
    }
  }
  const seen = new Map<string, string>();
  for (const [path, text] of files) {
    if (!/\.ya?ml$/i.test(path)) continue;
    const kind = FOLDERS.find(([prefix]) => path.startsWith(prefix))?.[1];
    if (!kind || !spec.kinds.includes(kind)) continue;
    const loaded = loadYaml(text);
    if (!loaded.ok) {
      errors[path] = "Not a valid YAML file";
      continue;
    }
    const e = validateShape(loaded.value, SHAPES[kind]);
    if (Object.keys(e).length) {
      errors[path] = e;
      continue;
    }
    const data = loaded.value as Record<string, unknown>;
    data.uuid = normalUuid(data.uuid as string);
    for (const key of ["database_uuid", "dataset_uuid"]) if (typeof data[key] === "string") data[key] = normalUuid(data[key] as string);
    // Superset's own example bundle has files sharing a uuid: as in Superset, the first one imports and the later
    // ones find it existing and are kept out
    if (seen.has(data.uuid as string)) continue;
    seen.set(data.uuid as string, path);
    if (kind === "database" && typeof passwords[path] === "string") data.password = passwords[path];
    bundle[kind].push({ path, data });
  }
  return { bundle, errors };
}

/** Lower case with dashes, as Python's str(UUID(x)). */
export function normalUuid(u: string): string {
  const hex = u.replace(/-/g, "").toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
