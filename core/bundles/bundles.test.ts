import { expect, test } from "vitest";
import { strToU8, zipSync } from "fflate";
import { readBundleZip, writeBundleZip, BundleFormatError, BundleUnsafeError } from "./zip";
import { parseBundle } from "./parse";
import { planImport, type ExistingState, type Importer } from "./plan";
import { secureFilename, toYaml } from "./export-configs";

const DB_UUID = "a2dc77af-e654-49bb-b321-40f6b559a1ee";
const DS_UUID = "e8623bb9-5e00-f531-506a-19607f5f8005";
const CHART_UUID = "c3d643cd-fd6f-4659-a5b7-59402487a8d0";
const DASH_UUID = "04f79081-fb49-7bac-7f14-cc76cd2ad93b";

const database = { database_name: "warehouse", sqlalchemy_uri: "postgresql://bi:XXXXXXXXXX@db.example/sales", uuid: DB_UUID, version: "1.0.0" };
const dataset = { table_name: "orders", schema: null, uuid: DS_UUID, database_uuid: DB_UUID, version: "1.0.0", columns: [{ column_name: "day", is_dttm: true }], metrics: [{ metric_name: "count", expression: "COUNT(*)" }] };
const chart = { slice_name: "Orders", viz_type: "big_number_total", params: { metric: "count" }, uuid: CHART_UUID, dataset_uuid: DS_UUID, version: "1.0.0" };
const dashboard = { dashboard_title: "Sales", uuid: DASH_UUID, version: "1.0.0", position: { "CHART-1": { type: "CHART", id: "CHART-1", children: [], meta: { chartId: 7, uuid: CHART_UUID } } }, metadata: {} };

function files(extra: Record<string, unknown> = {}, type = "Dashboard"): Map<string, string> {
  const all: Record<string, unknown> = {
    "metadata.yaml": { version: "1.0.0", type, timestamp: "2024-01-01T00:00:00+00:00" },
    "databases/warehouse.yaml": database, "datasets/warehouse/orders.yaml": dataset, "charts/Orders_7.yaml": chart,
    "dashboards/Sales_1.yaml": dashboard, ...extra,
  };
  return new Map(Object.entries(all).filter(([, v]) => v !== undefined).map(([k, v]) => [k, typeof v === "string" ? v : toYaml(v)]));
}

const empty = (): ExistingState => ({ databases: new Map(), databaseNames: new Map(), datasets: new Map(), datasetKeys: [], charts: new Map(), dashboards: new Map(), dashboardSlugs: new Map(), savedQueries: new Map() });
const admin: Importer = { id: 1, admin: true, canWrite: () => true, scope: { all: true } };

test("a written bundle reads back without its top folder", () => {
  const zip = writeBundleZip("dashboard_export_20240101T000000", files());
  const back = readBundleZip(zip);
  expect([...back.keys()].sort()).toEqual(["charts/Orders_7.yaml", "dashboards/Sales_1.yaml", "databases/warehouse.yaml", "datasets/warehouse/orders.yaml", "metadata.yaml"]);
});

test("a ZIP with names climbing out of the bundle, a bomb or no ZIP at all is refused", () => {
  expect(() => readBundleZip(zipSync({ "x/../../etc/passwd": strToU8("root") }))).toThrow(/Unsafe file name/);
  expect(() => readBundleZip(zipSync({ "/abs.yaml": strToU8("a: 1") }))).toThrow(BundleFormatError);
  const bomb = zipSync({ "b/big.yaml": new Uint8Array(2 * 1024 * 1024) }, { level: 9 });
  expect(bomb.length).toBeLessThan(10_000);
  expect(() => readBundleZip(bomb, { files: 10, fileBytes: 1024 * 1024, totalBytes: 4 * 1024 * 1024 })).toThrow(new BundleUnsafeError("Found file with size above allowed threshold"));
  expect(() => readBundleZip(bomb, { files: 10, fileBytes: 4 * 1024 * 1024, totalBytes: 1024 * 1024 })).toThrow(new BundleUnsafeError("The bundle is too large once uncompressed"));
  // within every size limit, but inflating 200 times its size or more
  expect(() => readBundleZip(bomb)).toThrow(new BundleUnsafeError("Zip compress ratio above allowed threshold"));
  // an ordinary bundle of YAML is far below the ratio
  expect(readBundleZip(writeBundleZip("b", files())).size).toBe(5);
  expect(() => readBundleZip(strToU8("not a zip"))).toThrow("Not a ZIP file");
});

test("metadata of another type, missing fields and bad uuids answer Superset's messages per file", () => {
  const { errors } = parseBundle(files({ "charts/Orders_7.yaml": { ...chart, slice_name: undefined, uuid: "nope" } }, "Slice"), "dashboard", {});
  expect(errors["metadata.yaml"]).toEqual({ type: ["Must be equal to Dashboard."] });
  expect(errors["charts/Orders_7.yaml"]).toEqual({ slice_name: ["Missing data for required field."], uuid: ["Not a valid UUID."] });
  const bad = parseBundle(files({ "dashboards/Sales_1.yaml": "a: [b" }), "dashboard", {});
  expect(bad.errors["dashboards/Sales_1.yaml"]).toBe("Not a valid YAML file");
});

test("a metadata file without a type passes, as in Superset's example bundle", () => {
  const { errors, bundle } = parseBundle(files({ "metadata.yaml": { version: "1.0.0" } }), "dashboard", {});
  expect(errors).toEqual({});
  expect(bundle.chart).toHaveLength(1);
});

test("a new database whose URI holds the mask needs its password; given one, the plan creates everything", () => {
  const withoutPassword = planImport(parseBundle(files(), "dashboard", {}).bundle, empty(), "dashboard", false, admin);
  expect(withoutPassword.errors).toEqual({ "databases/warehouse.yaml": { _schema: ["Must provide a password for the database"] } });
  const plan = planImport(parseBundle(files(), "dashboard", { "databases/warehouse.yaml": "s3cret" }).bundle, empty(), "dashboard", false, admin);
  expect(plan.errors).toEqual({});
  expect(plan.steps.map((s) => `${s.kind}:${s.action}`)).toEqual(["database:create", "dataset:create", "chart:create", "dashboard:create"]);
});

test("overwriting a database with its masked URI keeps the stored password only for the same engine, host, port, user and database", () => {
  const state = empty();
  state.databases.set(DB_UUID, { id: 3, owners: [], database_name: "warehouse", sqlalchemy_uri: database.sqlalchemy_uri, has_password: true });
  state.databaseNames.set("warehouse", DB_UUID);
  const planFor = (uri: string, passwords: Record<string, string> = {}) =>
    planImport(parseBundle(files({ "databases/warehouse.yaml": { ...database, sqlalchemy_uri: uri } }, "Database"), "database", passwords).bundle, state, "database", true, admin);
  // the same target, even written another way, keeps it
  expect(planFor("postgresql+psycopg2://bi:XXXXXXXXXX@DB.example:5432/sales").errors).toEqual({});
  for (const moved of ["postgresql://bi:XXXXXXXXXX@evil.example/sales", "postgresql://bi:XXXXXXXXXX@db.example:6543/sales", "postgresql://root:XXXXXXXXXX@db.example/sales", "postgresql://bi:XXXXXXXXXX@db.example/hr", "mysql://bi:XXXXXXXXXX@db.example/sales"]) {
    const plan = planFor(moved);
    expect(plan.errors, moved).toEqual({ "databases/warehouse.yaml": { _schema: ["Must provide a password for the database"] } });
    expect(plan.steps.filter((s) => s.kind === "database"), moved).toEqual([]);
  }
  // with the password given again, the new host is fine
  expect(planFor("postgresql://bi:XXXXXXXXXX@evil.example/sales", { "databases/warehouse.yaml": "typed-again" }).errors).toEqual({});
  // a database here with no stored password has nothing the mask could stand for
  state.databases.set(DB_UUID, { ...state.databases.get(DB_UUID)!, has_password: false });
  expect(planFor(database.sqlalchemy_uri).errors).toEqual({ "databases/warehouse.yaml": { _schema: ["Must provide a password for the database"] } });
});

test("an existing dashboard needs overwrite=true; existing dependencies are kept; others' objects are not overwritten", () => {
  const state = empty();
  state.databases.set(DB_UUID, { id: 3, owners: [], database_name: "warehouse", sqlalchemy_uri: database.sqlalchemy_uri, has_password: true });
  state.databaseNames.set("warehouse", DB_UUID);
  state.datasets.set(DS_UUID, { id: 4, owners: [9] });
  state.dashboards.set(DASH_UUID, { id: 5, owners: [9] });
  const { bundle } = parseBundle(files(), "dashboard", {});
  expect(planImport(bundle, state, "dashboard", false, admin).errors).toEqual({ "dashboards/Sales_1.yaml": "Dashboard already exists and `overwrite=true` was not passed" });
  const plan = planImport(bundle, state, "dashboard", true, admin);
  expect(plan.steps.map((s) => `${s.kind}:${s.action}`)).toEqual(["database:keep", "dataset:keep", "chart:create", "dashboard:update"]);
  const alpha: Importer = { id: 2, admin: false, canWrite: (v) => v !== "Database", scope: { all: true } };
  expect(planImport(bundle, state, "dashboard", true, alpha).errors).toEqual({ "dashboards/Sales_1.yaml": "A dashboard already exists and user doesn't have permissions to overwrite it" });
});

test("a dataset naming an unknown database, or a database name already taken, is refused", () => {
  const state = empty();
  state.databaseNames.set("warehouse", "11111111-1111-1111-1111-111111111111");
  const { bundle } = parseBundle(files({ "databases/warehouse.yaml": undefined }), "dashboard", {});
  const plan = planImport(bundle, state, "dashboard", false, admin);
  expect(plan.errors["datasets/warehouse/orders.yaml"]).toEqual({ database_uuid: [`Database ${DB_UUID} is neither in the bundle nor in this instance`] });
  const named = planImport(parseBundle(files(), "dashboard", { "databases/warehouse.yaml": "x" }).bundle, state, "dashboard", false, admin);
  expect(named.errors["databases/warehouse.yaml"]).toEqual({ database_name: ["A database with the same name already exists."] });
});

test("a dataset with a new uuid lands on the table already registered on that database", () => {
  const state = empty();
  state.databases.set(DB_UUID, { id: 3, owners: [], database_name: "warehouse", sqlalchemy_uri: database.sqlalchemy_uri, has_password: true });
  state.datasetKeys.push({ id: 40, uuid: "22222222-2222-2222-2222-222222222222", database_id: 3, catalog: null, schema: "main", table_name: "orders", owners: [] });
  const { bundle } = parseBundle(files({ "databases/warehouse.yaml": undefined }), "chart", {});
  const plan = planImport(bundle, state, "chart", false, admin);
  expect(plan.steps.find((s) => s.kind === "dataset")).toMatchObject({ action: "keep", id: 40 });
});

test("file names follow werkzeug's secure_filename", () => {
  expect(secureFilename("Quarterly Sales (By Product Line)")).toBe("Quarterly_Sales_By_Product_Line");
  expect(secureFilename("../../etc")).toBe("etc");
  expect(secureFilename("Ünïcode Test")).toBe("Unicode_Test");
});

test("files sharing a uuid import once: the first one, as in Superset's own example bundle", () => {
  const { bundle, errors } = parseBundle(files({ "charts/Orders_copy.yaml": { ...chart, slice_name: "Orders again" } }), "dashboard", {});
  expect(errors).toEqual({});
  expect(bundle.chart.map((c) => c.data.slice_name)).toEqual(["Orders"]);
});
