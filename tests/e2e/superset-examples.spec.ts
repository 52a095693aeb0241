import { expect, test, type Locator, type Page } from "@playwright/test";
import { painted, walkDashboard } from "./dashboard-walk";
import postgres from "postgres";
import { csrfToken } from "./api-helpers";
import { admin, login } from "./helpers";
import { skipWithout } from "../support/prerequisite";
import { bundleZip, examplesPresent, readConfigs, tablesToLoad, type Placement } from "./superset-examples-bundle";

// Acceptance on Superset's own example export: the CSVs of the bundle's physical datasets are uploaded through the
// upload API into the examples database (D1), which refuses the FCC survey by name (137 columns; a D1 table holds
// 100), so that one goes to a PostgreSQL database registered for it; the configs are zipped pointing each dataset
// at where its table went (virtual datasets run on D1) and imported through the Import dialog of the Dashboards
// list; then every imported dashboard is opened and each chart must draw (or say plainly that its type is not
// available here). The counts are reported as annotations.
//
// One test loads and imports, then one test a dashboard: each has its own time limit and says how long it took, so a
// slow or stuck dashboard names itself and the others still run. The tests find what they need through the API (a
// failed test restarts the Playwright worker, which forgets this module's state), and the last one drops the
// PostgreSQL schema whatever happened before it.

const PG_URI = "postgresql://postgres@127.0.0.1:5432/test";
const run = process.env.E2E_RUN_ID ?? Date.now().toString(36);
const schema = `e2e_superset_examples_${run}`;

type Outcome = "drawn" | "unsupported" | "error" | "blank";
const UNSUPPORTED = /not (available|supported)|unknown (chart|visuali[sz]ation|viz)/i;

/** What a box holds, for a chart that did not draw: its canvases' sizes, a server drawing, its text. */
const contentsOf = (box: Locator) => box.evaluate((el) => {
  const canvases = [...el.querySelectorAll("canvas")].map((c) => `${c.width}x${c.height}`);
  const server = el.querySelector('[data-testid="server-drawing"]') ? "a server drawing, " : "";
  return `${server}canvases [${canvases.join(", ")}], text "${(el.textContent ?? "").trim().slice(0, 80)}"`;
}).catch((e: Error) => `unreadable: ${e.message.split("\n")[0]}`);

async function outcomeOf(box: Locator): Promise<{ outcome: Outcome; detail: string; ms: number }> {
  const started = Date.now();
  let result: { outcome: Outcome; detail: string } = { outcome: "blank", detail: "nothing drawn" };
  const settled = await expect.poll(async () => {
    const text = (await box.innerText()).trim();
    if (await box.getByTestId("dashboard-chart-error").count()) result = { outcome: UNSUPPORTED.test(text) ? "unsupported" : "error", detail: text };
    else if (await box.getByText("The chart could not be drawn").count()) result = { outcome: UNSUPPORTED.test(text) ? "unsupported" : "error", detail: text };
    else if (await painted(box)) result = { outcome: "drawn", detail: "" };
    else return false;
    return true;
  }, { timeout: 30_000 }).toBe(true).then(() => true, () => false);
  if (!settled) result.detail = `nothing drawn in 30 s: ${await contentsOf(box)}`;
  return { ...result, ms: Date.now() - started };
}

async function api(page: Page, method: "post" | "put" | "delete", path: string, data?: unknown, multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>) {
  const res = await page.request[method](path, { data, multipart, headers: { "X-CSRFToken": await csrfToken(page) } });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

const configs = examplesPresent() ? readConfigs() : null;

test.describe("Superset's example bundle", () => {
  test.skip(skipWithout(examplesPresent(), "Superset's example export (../shared/data/superset-examples, never committed)"), "Superset's example export is not on this machine");

  // a Worker of its own (tests/e2e/global-setup.ts): what this file imports stays out of the other journeys' way
  const examplesUrl = process.env.E2E_EXAMPLES_BASE_URL;
  test.use({ baseURL: examplesUrl });
  const signIn = (page: Page) => login(page, admin().username, admin().password, { origin: new URL(examplesUrl!).origin });

  const withPostgres = async <T>(work: (sql: postgres.Sql) => Promise<T>): Promise<T> => {
    const sql = postgres(PG_URI, { onnotice: () => undefined, max: 1 });
    try {
      return await work(sql);
    } finally {
      await sql.end();
    }
  };
  const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

  test("loads into the examples database (the too-wide table refused, then to PostgreSQL) and imports through the Import dialog", async ({ page }) => {
    test.setTimeout(300_000);
    const started = Date.now();
    await signIn(page);
    await withPostgres((sql) => sql.unsafe(`CREATE SCHEMA ${schema}`));
    // the examples database (D1) takes every table but the FCC survey, which it refuses by name (137 columns, D1
    // holds 100); that one goes to a PostgreSQL database registered for it
    const databases = (await (await page.request.get("/api/v1/database/?q=(page_size:100)")).json()) as { result: { id: number; database_name: string }[] };
    const examplesId = databases.result.find((d) => d.database_name === "examples")!.id;
    await api(page, "put", `/api/v1/database/${examplesId}`, { allow_file_upload: true });
    const examples = (await (await page.request.get(`/api/v1/database/${examplesId}`)).json()) as { result: { uuid: string } };
    const name = `superset_examples_${run}`;
    const created = await api(page, "post", "/api/v1/database/", { database_name: name, sqlalchemy_uri: PG_URI, allow_file_upload: true, expose_in_sqllab: true });
    const pgId = created.id as number;
    const pg = (await (await page.request.get(`/api/v1/database/${pgId}`)).json()) as { result: { uuid: string } };

    // D1 has no schemas: this run's tables carry a prefix instead, beside the product's own examples
    const prefix = `sx_${run}_`;
    const placements = new Map<string, Placement>();
    const csrf = await csrfToken(page);
    const upload = (dbId: number, table: string, csv: Buffer, dates: string[], schemaName: string | null) =>
      page.request.post(`/api/v1/database/${dbId}/upload/`, {
        headers: { "X-CSRFToken": csrf },
        // every field before the file, so the upload streams (a field after a streamed file is refused by name)
        multipart: {
          type: "csv", table_name: table, ...(schemaName ? { schema: schemaName } : {}), already_exists: "fail", ...(dates.length ? { column_dates: dates.join(",") } : {}),
          file: { name: `${table}.csv`, mimeType: "text/csv", buffer: csv },
        },
      });
    for (const { table, csv, dates } of tablesToLoad(configs!)) {
      const inD1 = await upload(examplesId, `${prefix}${table.replace(/\W+/g, "_")}`, csv, dates, null);
      if (inD1.ok()) {
        placements.set(table, { databaseUuid: examples.result.uuid, schema: null, table: `${prefix}${table.replace(/\W+/g, "_")}` });
        continue;
      }
      const refusal = await inD1.text();
      expect(inD1.status(), refusal).toBe(422);
      expect(refusal).toContain("a table in a D1 database holds at most 100");
      expect(table).toBe("FCC 2018 Survey");
      const inPg = await upload(pgId, table, csv, dates, schema);
      expect(inPg.ok(), await inPg.text()).toBe(true);
      placements.set(table, { databaseUuid: pg.result.uuid, schema, table });
    }
    expect([...placements.values()].filter((p) => p.databaseUuid === pg.result.uuid).map((p) => p.table)).toEqual(["FCC 2018 Survey"]);
    // the upload registered a bare dataset per table: drop them, so the bundle's datasets (metrics, labels) come in
    const all = (await (await page.request.get("/api/v1/dataset/?q=(page_size:100)")).json()) as { result: { id: number; schema: string | null; table_name: string }[] };
    const uploaded = all.result.filter((d) => d.schema === schema || d.table_name.startsWith(prefix));
    expect(uploaded).toHaveLength(placements.size);
    for (const d of uploaded) await api(page, "delete", `/api/v1/dataset/${d.id}`);

    const chartCount = async () => ((await (await page.request.get("/api/v1/chart/?q=(page_size:1)")).json()) as { count: number }).count;
    const chartsBefore = await chartCount();
    const zip = bundleZip(configs!, (table) => placements.get(table)!, { databaseUuid: examples.result.uuid, schema: null });
    await page.goto("/dashboard/list/");
    const dialog = page.getByRole("dialog", { name: "Import dashboard" });
    await expect(async () => {
      if (!(await dialog.isVisible())) await page.getByTestId("bundle-import").click();
      await expect(dialog).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await dialog.locator('input[type="file"]').setInputFiles({ name: "superset_examples.zip", mimeType: "application/zip", buffer: zip });
    await dialog.getByTestId("bundle-import-submit").click();
    await expect(dialog).toBeHidden({ timeout: 60_000 });
    await expect(page.getByText("Dashboard imported")).toBeVisible();

    // every chart a dashboard places came in, none twice (charts no dashboard places may come in too)
    const imported = (await chartCount()) - chartsBefore;
    expect(imported).toBeGreaterThanOrEqual(configs!.charts.placed);
    expect(imported).toBeLessThanOrEqual(configs!.charts.uuids);
    test.info().annotations.push({ type: "counts", description: `${configs!.dashboards.length} dashboards, ${configs!.charts.files} chart files (${configs!.charts.uuids} uuids, ${configs!.charts.placed} placed), ${imported} charts imported in ${seconds(started)}` });
  });

  for (const d of configs?.dashboards ?? []) {
    test(`every chart of "${d.title}" draws`, async ({ page }) => {
      test.setTimeout(240_000);
      await signIn(page);
      const list = (await (await page.request.get("/api/v1/dashboard/?q=(page_size:100)")).json()) as { result: { id: number; dashboard_title: string }[] };
      const row = list.result.filter((r) => r.dashboard_title === d.title);
      expect(row, `${d.title}: imported once`).toHaveLength(1);
      const started = Date.now();
      // opened at DOMContentLoaded and walked at once, as a user clicks a tab before the page's images have loaded
      await page.goto(`/superset/dashboard/${row[0].id}/`, { waitUntil: "domcontentloaded" });
      await expect(page.getByTestId("dashboard-title")).toHaveText(d.title);
      const opened = seconds(started);
      // each box's outcome is printed as it is known, so a run that runs out of time still names the box it stopped at
      const charts = [...(await walkDashboard(page, async (box, title) => {
        const outcome = { title, ...(await outcomeOf(box)) };
        console.log(`superset examples: ${d.title}: "${title}" ${outcome.outcome} in ${(outcome.ms / 1000).toFixed(1)} s${outcome.detail ? `: ${outcome.detail.slice(0, 120)}` : ""}`);
        return outcome;
      })).values()];
      // a picture for the record, not a check: one that cannot be taken in 20 s is skipped, not waited on
      await page.screenshot({ path: `test-results/superset-example-${d.uuid}.png`, fullPage: true, timeout: 20_000 })
        .catch((e: Error) => console.log(`superset examples: ${d.title}: no screenshot (${e.message.split("\n")[0]})`));
      const counts = { drawn: 0, unsupported: 0, error: 0, blank: 0 };
      const failures: string[] = [];
      // a chart that took long to draw is named, with its time: the cost of this journey is in these
      const slow = charts.filter((c) => c.ms > 5_000).map((c) => `${c.title} ${(c.ms / 1000).toFixed(1)} s`);
      for (const c of charts) {
        counts[c.outcome]++;
        if (c.outcome === "error" || c.outcome === "blank") failures.push(`${c.title}: ${c.outcome} ${c.detail.slice(0, 200)}`);
      }
      if (charts.length !== d.charts) failures.push(`${charts.length} of its ${d.charts} chart boxes seen`);
      const summary = `${d.title}: ${charts.length} of ${d.charts} chart boxes seen, ${JSON.stringify(counts)}; opened in ${opened}, walked in ${seconds(started)}${slow.length ? `; slow: ${slow.join(", ")}` : ""}`;
      test.info().annotations.push({ type: "dashboard", description: summary });
      console.log(`superset examples: ${summary}${failures.length ? `\n  ${failures.join("\n  ")}` : ""}`);
      expect(failures).toEqual([]);
    });
  }

  test("the PostgreSQL schema of this run is dropped", async () => {
    await withPostgres((sql) => sql.unsafe(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
  });
});
