import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { requires, principalOf, userOf } from "../http/guard";
import { risonQuery } from "../http/input";
import { readImportForm } from "../http/import-form";
import { ApiError, badRequest, notFound } from "../../core/http/errors";
import { can, isAdmin, type Principal } from "../../core/security/permissions";
import { datasetScope } from "../../core/datasets/access";
import { accessibleDatabaseIds } from "./database-access";
import { allAssets, readableIds } from "../../db/bundles/selection";
import { exportBundle, type ExportKind, type Selection } from "../../db/bundles/export";
import { importBundle } from "../../db/bundles/import";
import { BundleFormatError, BundleUnsafeError, readBundleZip } from "../../core/bundles/zip";
import { IMPORTS, parseBundle } from "../../core/bundles/parse";
import type { Database } from "../../db/client";
import { revisionsKept } from "../../core/revisions/revisions";

// Superset's asset bundles: GET /api/v1/<resource>/export/?q=!(ids) and POST /api/v1/<resource>/import/ for
// dashboards, charts, datasets, databases and saved queries, and /api/v1/assets/ for everything at once.
// Superset maps export to the resource's can_read and import to its can_write (ImportExportRestApi for assets).
// These routes must be registered before the resources' /:pk routes.

export const MAX_BUNDLE_BYTES = 20 * 1024 * 1024;

const VIEWS: Record<Exclude<ExportKind, "assets">, string> = { dashboard: "Dashboard", chart: "Chart", dataset: "Dataset", database: "Database", saved_query: "SavedQuery" };

export const bundleApi = new Hono<AppEnv>({ strict: true });

for (const kind of Object.keys(VIEWS) as (keyof typeof VIEWS)[]) {
  bundleApi.get(`/api/v1/${kind}/export/`, requires("can_read", VIEWS[kind]), async (c) => {
    const ids = idList(risonQuery<unknown>(c));
    // a bundle holds datasets' SQL and databases' settings: never an anonymous viewer's or a guest's (Superset's can_export)
    const visible = await visibleIds(c.var.db, userOf(c), kind, ids);
    if (!visible.length) throw notFound();
    const sel: Selection = { dashboards: [], charts: [], datasets: [], databases: [], savedQueries: [] };
    sel[({ dashboard: "dashboards", chart: "charts", dataset: "datasets", database: "databases", saved_query: "savedQueries" } as const)[kind]] = visible;
    return zipAnswer(c, await exportBundle(c.var.db, kind, sel));
  });
  bundleApi.post(`/api/v1/${kind}/import/`, requires("can_write", VIEWS[kind]), (c) => runImport(c, kind));
}

bundleApi.get("/api/v1/assets/export/", requires("can_read", "ImportExportRestApi"), async (c) => {
  return zipAnswer(c, await exportBundle(c.var.db, "assets", await allAssets(c.var.db)));
});

bundleApi.post("/api/v1/assets/import/", requires("can_write", "ImportExportRestApi"), (c) => runImport(c, "assets"));

function zipAnswer(c: Context<AppEnv>, zip: { name: string; bytes: Uint8Array }) {
  const headers = new Headers({ "Content-Type": "application/zip", "Content-Disposition": `attachment; filename="${zip.name}"`, "Cache-Control": "no-store" });
  // Superset's download cookie: its frontend sends ?token=<random> and polls document.cookie for `<token>=done` to
  // know the file arrived. The token names a cookie, so only a plain token is echoed (never header syntax).
  const token = c.req.query("token");
  if (token && /^[A-Za-z0-9_-]{1,64}$/.test(token)) headers.append("Set-Cookie", `${token}=done; Max-Age=600; Path=/; SameSite=Lax`);
  return new Response(zip.bytes as Uint8Array<ArrayBuffer>, { headers });
}

/** `q` is a rison list of ids, `!(1,2)`. */
function idList(q: unknown): number[] {
  if (!Array.isArray(q) || !q.length || q.some((v) => !Number.isSafeInteger(v) || (v as number) < 1) || q.length > 1000)
    throw badRequest("q must be a rison list of ids, e.g. !(1,2)");
  return [...new Set(q as number[])];
}

/** The asked rows the caller may read: Superset's base filters (others are as if absent). */
async function visibleIds(db: Database, p: Principal, kind: keyof typeof VIEWS, ids: number[]): Promise<number[]> {
  return readableIds(db, kind, ids, { userId: p.id, admin: isAdmin(p), scope: datasetScope(p), databaseIds: accessibleDatabaseIds(p) });
}

const truthy = (v: unknown) => typeof v === "string" && ["true", "1", "yes"].includes(v.toLowerCase());

async function runImport(c: Context<AppEnv>, resource: keyof typeof IMPORTS) {
  const p = principalOf(c);
  const { form, file: upload } = await readImportForm(c, { maxBytes: MAX_BUNDLE_BYTES, tooLarge: "The bundle is larger than 20 MB", what: "the bundle" });
  let passwords: Record<string, string> = {};
  const rawPasswords = form.get("passwords");
  if (typeof rawPasswords === "string" && rawPasswords.trim()) {
    try {
      const parsed: unknown = JSON.parse(rawPasswords);
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error();
      passwords = Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === "string")) as Record<string, string>;
    } catch {
      throw badRequest("passwords must be a JSON object of file name to password");
    }
  }
  const label = IMPORTS[resource].label;
  const failed = (extra: Record<string, unknown>) => new ApiError(422, `Error importing ${label}`, "GENERIC_COMMAND_ERROR", extra);
  let files: Map<string, string>;
  try {
    files = readBundleZip(new Uint8Array(await upload.arrayBuffer()));
  } catch (e) {
    // a bomb is refused as Superset refuses a bundle it cannot import (422, errors[]); a ZIP that is not one, or a
    // name climbing out of it, stays a malformed request
    if (e instanceof BundleUnsafeError) throw new ApiError(422, e.message, "GENERIC_COMMAND_ERROR");
    if (e instanceof BundleFormatError) throw badRequest(e.message);
    throw e;
  }
  const { bundle, errors } = parseBundle(files, resource, passwords);
  if (Object.keys(errors).length) throw failed(errors);
  const result = await importBundle(c.var.db, bundle, { id: p.id, admin: isAdmin(p), canWrite: (view) => can(p, "can_write", view), scope: datasetScope(p) }, {
    resource,
    overwrite: resource === "assets" || truthy(form.get("overwrite")),
    syncColumns: truthy(form.get("sync_columns")),
    syncMetrics: truthy(form.get("sync_metrics")),
    secret: c.var.secret,
    revisionsKept: revisionsKept(c.env.REVISIONS_KEPT),
  });
  if (!result.ok) throw failed(result.errors);
  return c.json({ message: "OK" });
}
