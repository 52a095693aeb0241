import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { gunzipSync } from "node:zlib";
import { parse, stringify } from "yaml";
import { writeBundleZip } from "../../core/bundles/zip";

// Superset's own example export, read at test time from ../shared (never copied into the repository): its
// configs rewritten to point at a test database and schema, and the CSVs its physical datasets are made from.

/** ../shared beside the repository (or beside the worktrees folder, for a git worktree under /work/wt/). */
export const EXAMPLES_DIR = [join(process.cwd(), "..", "shared"), join(process.cwd(), "..", "..", "shared")]
  .map((dir) => join(dir, "data", "superset-examples")).find((dir) => existsSync(dir)) ?? join(process.cwd(), "..", "shared", "data", "superset-examples");
const CONFIGS = join(EXAMPLES_DIR, "configs");
const DATA = join(EXAMPLES_DIR, "datasets", "examples");

export const examplesPresent = (): boolean => existsSync(join(CONFIGS, "metadata.yaml")) && existsSync(DATA);

/** The CSV each physical dataset of the bundle is loaded from (Superset's examples loader does the same). */
const CSV_OF: Record<string, string> = {
  "FCC 2018 Survey": "fcc_survey_2018.csv.gz",
  cleaned_sales_data: "sales.csv",
  covid_vaccines: "covid_vaccines.csv",
  unicode_test: "unicode_test.csv",
  video_game_sales: "video_game_sales.csv",
  channel_members: "slack/channel_members.csv",
  channels: "slack/channels.csv",
  exported_stats: "slack/exported_stats.csv",
  messages: "slack/messages.csv",
  threads: "slack/threads.csv",
  users: "slack/users.csv",
  users_channels: "slack/users_channels.csv",
};

type Yaml = Record<string, unknown>;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

export interface ExampleConfigs {
  files: Map<string, Yaml>;
  dashboards: { title: string; uuid: string; charts: number }[];
  /** chart files, their distinct uuids (three files repeat another's), and the uuids dashboards place */
  charts: { files: number; uuids: number; placed: number };
}

export function readConfigs(): ExampleConfigs {
  const files = new Map<string, Yaml>();
  for (const path of walk(CONFIGS).filter((p) => p.endsWith(".yaml"))) files.set(relative(CONFIGS, path), parse(readFileSync(path, "utf8")) as Yaml);
  const dashboards = [...files].filter(([p]) => p.startsWith("dashboards/")).map(([, d]) => ({
    title: d.dashboard_title as string,
    uuid: d.uuid as string,
    charts: Object.values(d.position as Record<string, { type?: string }>).filter((n) => n?.type === "CHART").length,
  }));
  const chartFiles = [...files].filter(([p]) => p.startsWith("charts/"));
  const placed = new Set([...files].filter(([p]) => p.startsWith("dashboards/"))
    .flatMap(([, d]) => Object.values(d.position as Record<string, { type?: string; meta?: { uuid?: string } }>).filter((n) => n?.type === "CHART").map((n) => n.meta?.uuid)));
  return { files, dashboards, charts: { files: chartFiles.length, uuids: new Set(chartFiles.map(([, d]) => d.uuid)).size, placed: placed.size } };
}

/** The physical tables the bundle's datasets read, with the file and the columns its YAML declares as dates. */
export function tablesToLoad(configs: ExampleConfigs): { table: string; csv: Buffer; dates: string[] }[] {
  const physical = [...configs.files].filter(([p, d]) => p.startsWith("datasets/") && !d.sql).map(([, d]) => d);
  return physical.map((d) => {
    const table = d.table_name as string;
    const file = CSV_OF[table];
    if (!file) throw new Error(`no CSV known for the example table ${table}`);
    const raw = readFileSync(join(DATA, file));
    const csv = file.endsWith(".gz") ? gunzipSync(raw) : raw;
    const header = csv.subarray(0, csv.indexOf(10)).toString("utf8").trim().split(",");
    const dates = (d.columns as { column_name: string; is_dttm?: boolean; type?: string }[])
      .filter((c) => c.is_dttm && /DATE|TIME/i.test(c.type ?? "") && header.includes(c.column_name)).map((c) => c.column_name);
    return { table, csv, dates };
  });
}

/** Where one physical table of the bundle was loaded: its database, schema (null on D1) and table name there. */
export interface Placement {
  databaseUuid: string;
  schema: string | null;
  table: string;
}

/**
 * The bundle as a ZIP: each physical dataset pointed at the table `place` says it was loaded into; virtual
 * datasets go to `virtualIn` with their SQL naming the loaded tables there; `databases` are added as databases/
 * entries (a database already in this instance needs none: the import resolves it by uuid).
 */
export function bundleZip(
  configs: ExampleConfigs,
  place: (table: string) => Placement,
  virtualIn: { databaseUuid: string; schema: string | null },
  databases: { uuid: string; name: string; uri: string }[] = [],
): Buffer {
  const loaded = Object.keys(CSV_OF).filter((t) => !t.includes(" "));
  const nameOf = (t: string) => {
    const p = place(t);
    return p.schema ? `${p.schema}.${p.table}` : p.table;
  };
  const qualify = (sql: string) => sql.replace(new RegExp(`\\b(FROM|JOIN)\\s+(${loaded.join("|")})\\b`, "gi"), (_, kw: string, t: string) => `${kw} ${nameOf(t)}`);
  const out = new Map<string, string>();
  for (const [path, data] of configs.files) {
    if (path === "metadata.yaml") {
      out.set(path, stringify({ ...data, type: "Dashboard" }));
      continue;
    }
    const copy = { ...data };
    if (path.startsWith("datasets/")) {
      if (typeof copy.sql === "string" && copy.sql) {
        copy.database_uuid = virtualIn.databaseUuid;
        copy.schema = virtualIn.schema;
        copy.sql = qualify(copy.sql);
      } else {
        const p = place(copy.table_name as string);
        Object.assign(copy, { database_uuid: p.databaseUuid, schema: p.schema, table_name: p.table });
      }
    }
    out.set(path, stringify(copy));
  }
  for (const db of databases) {
    out.set(`databases/${db.name}.yaml`, stringify({
      database_name: db.name, sqlalchemy_uri: db.uri, uuid: db.uuid, version: "1.0.0", cache_timeout: null,
      expose_in_sqllab: true, allow_run_async: false, allow_ctas: false, allow_cvas: false, allow_dml: false, allow_file_upload: true, extra: {},
    }));
  }
  return Buffer.from(writeBundleZip("examples_export", out));
}

/** The whole bundle in one schema of one database, which the bundle brings as its databases/ entry. */
export function bundleInOneSchema(configs: ExampleConfigs, db: { uuid: string; name: string; uri: string }, schema: string): Buffer {
  return bundleZip(configs, (table) => ({ databaseUuid: db.uuid, schema, table }), { databaseUuid: db.uuid, schema }, [db]);
}
