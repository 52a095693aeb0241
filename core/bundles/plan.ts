import { parseSqlalchemyUri } from "../connectors/uri";
import { PASSWORD_NEEDED, storedPasswordUse } from "../connectors/stored-password";
import { sentPassword } from "./import-rows";
import type { DatasetScope } from "../datasets/access";
import { IMPORTS, type AssetKind, type BundleErrors, type Config, type ParsedBundle } from "./parse";

// Superset's import rules, decided before anything is written: objects are matched by uuid (a dataset also by its
// database, schema and table name, so a bundle made elsewhere lands on the table already registered here); the
// endpoint's own type is refused when it exists unless `overwrite=true`; dependencies that exist are kept as they
// are (the assets endpoint overwrites everything, as Superset's); a database whose URI holds the mask needs its
// password, unless it overwrites one here that has a password and the same engine, host, port, user and database
// (core/connectors/stored-password.ts: a stored password never follows a changed host); creating or overwriting needs the rights Superset asks for. Any error and nothing is written.

export interface Existing {
  id: number;
  owners: number[];
}

export interface ExistingState {
  /** with the stored (masked) URI and whether a password is stored, for the masked-URI rule */
  databases: Map<string, Existing & { database_name: string; sqlalchemy_uri: string; has_password: boolean }>;
  databaseNames: Map<string, string>; // name → uuid
  datasets: Map<string, Existing>;
  datasetKeys: { id: number; uuid: string; database_id: number; catalog: string | null; schema: string | null; table_name: string; owners: number[] }[];
  charts: Map<string, Existing>;
  dashboards: Map<string, Existing>;
  dashboardSlugs: Map<string, string>; // slug → uuid
  savedQueries: Map<string, Existing>;
}

export interface Importer {
  id: number;
  admin: boolean;
  canWrite: (view: string) => boolean;
  /** the importer's data access: what an imported dashboard may link (db/dashboards/link-guard.ts) */
  scope: DatasetScope;
}

export type Action = "create" | "update" | "keep";

export interface Step {
  kind: AssetKind;
  config: Config;
  action: Action;
  /** the existing row's id for update/keep */
  id?: number;
}

export interface ImportPlan {
  steps: Step[];
  errors: BundleErrors;
}

const VIEWS: Record<AssetKind, string> = { database: "Database", dataset: "Dataset", chart: "Chart", dashboard: "Dashboard", saved_query: "SavedQuery" };
const NOUNS: Record<AssetKind, string> = { database: "database", dataset: "dataset", chart: "chart", dashboard: "dashboard", saved_query: "saved query" };
const TITLES: Record<string, string> = { dashboard: "Dashboard", chart: "Chart", dataset: "Dataset", database: "Database", saved_queries: "Saved_Queries" };

export function planImport(bundle: ParsedBundle, existing: ExistingState, resource: keyof typeof IMPORTS, overwrite: boolean, who: Importer): ImportPlan {
  const spec = IMPORTS[resource];
  const errors: BundleErrors = {};
  const steps: Step[] = [];
  const planned = new Map<string, Step>(); // uuid → step
  const fail = (path: string, e: unknown) => { errors[path] = e; };
  // a dependency that is in the bundle but failed has its own error: its dependents add none
  const inBundle = new Set(Object.values(bundle).flatMap((list: Config[]) => list.map((c) => c.data.uuid as string)));
  const missing = (path: string, field: string, what: string, uuid: string) => {
    if (!inBundle.has(uuid)) fail(path, { [field]: [`${what} ${uuid} is neither in the bundle nor in this instance`] });
  };

  const decide = (kind: AssetKind, config: Config, match: Existing | undefined): Step | null => {
    const primary = spec.primary === kind;
    if (match) {
      if (primary && !overwrite) {
        fail(config.path, `${TITLES[spec.label]} already exists and \`overwrite=true\` was not passed`);
        return null;
      }
      if (resource === "assets" || primary) {
        const owns = who.admin || kind === "database" || kind === "saved_query" || match.owners.includes(who.id);
        if (!owns || !who.canWrite(VIEWS[kind])) {
          fail(config.path, `A ${NOUNS[kind]} already exists and user doesn't have permissions to overwrite it`);
          return null;
        }
        return { kind, config, action: "update", id: match.id };
      }
      return { kind, config, action: "keep", id: match.id };
    }
    if (!who.canWrite(VIEWS[kind])) {
      fail(config.path, `${TITLES[kind === "saved_query" ? "saved_queries" : kind]} doesn't exist and user doesn't have permission to create ${NOUNS[kind]}s`);
      return null;
    }
    return { kind, config, action: "create" };
  };
  const add = (step: Step | null) => {
    if (!step) return;
    steps.push(step);
    planned.set(step.config.data.uuid as string, step);
  };

  for (const config of bundle.database) {
    const d = config.data;
    const match = existing.databases.get(d.uuid as string);
    if (!match) {
      let engineOk = true;
      try {
        parseSqlalchemyUri(d.sqlalchemy_uri);
      } catch (e) {
        engineOk = false;
        fail(config.path, { sqlalchemy_uri: [e instanceof Error ? e.message : "Invalid connection string"] });
      }
      if (!engineOk) continue;
      if (sentPassword(d) === undefined) {
        fail(config.path, { _schema: [PASSWORD_NEEDED] });
        continue;
      }
    }
    const sameName = existing.databaseNames.get(d.database_name as string);
    if (sameName && sameName !== d.uuid) {
      fail(config.path, { database_name: ["A database with the same name already exists."] });
      continue;
    }
    const step = decide("database", config, match);
    // overwriting: the masked URI may keep the stored password only for the same target
    if (step?.action === "update" && match) {
      const stored = { sqlalchemy_uri: match.sqlalchemy_uri, hasPassword: match.has_password };
      if (storedPasswordUse(sentPassword(d), stored, d.sqlalchemy_uri as string) === "ask") {
        fail(config.path, { _schema: [PASSWORD_NEEDED] });
        continue;
      }
    }
    add(step);
  }

  const databaseIdOf = (uuid: string): number | "new" | null => {
    const step = planned.get(uuid);
    if (step?.kind === "database") return step.id ?? "new";
    return existing.databases.get(uuid)?.id ?? null;
  };

  for (const config of bundle.dataset) {
    const d = config.data;
    const dbId = databaseIdOf(d.database_uuid as string);
    if (dbId === null) {
      missing(config.path, "database_uuid", "Database", d.database_uuid as string);
      continue;
    }
    let match = existing.datasets.get(d.uuid as string);
    if (!match && dbId !== "new") {
      const same = existing.datasetKeys.find((k) => k.database_id === dbId && k.table_name === d.table_name && (k.catalog ?? null) === ((d.catalog as string | null) ?? null)
        && (k.schema === null || d.schema === null || d.schema === undefined || k.schema === d.schema));
      if (same) match = { id: same.id, owners: same.owners };
    }
    add(decide("dataset", config, match));
  }

  for (const config of bundle.chart) {
    const d = config.data;
    const ds = planned.get(d.dataset_uuid as string);
    if (!(ds?.kind === "dataset") && !existing.datasets.has(d.dataset_uuid as string)) {
      missing(config.path, "dataset_uuid", "Dataset", d.dataset_uuid as string);
      continue;
    }
    add(decide("chart", config, existing.charts.get(d.uuid as string)));
  }

  for (const config of bundle.dashboard) {
    const d = config.data;
    const slugOwner = typeof d.slug === "string" && d.slug ? existing.dashboardSlugs.get(d.slug) : undefined;
    if (slugOwner && slugOwner !== d.uuid) {
      fail(config.path, { slug: ["Must be unique"] });
      continue;
    }
    add(decide("dashboard", config, existing.dashboards.get(d.uuid as string)));
  }

  for (const config of bundle.saved_query) {
    if (databaseIdOf(config.data.database_uuid as string) === null) {
      missing(config.path, "database_uuid", "Database", config.data.database_uuid as string);
      continue;
    }
    add(decide("saved_query", config, existing.savedQueries.get(config.data.uuid as string)));
  }

  return { steps, errors };
}
