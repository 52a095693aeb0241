import { connect } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import postgres from "postgres";
import { admin, datasetEditorTab, login } from "./helpers";
import { skipWithout } from "../support/prerequisite";

// The journey of issue 3: an admin connects the PostgreSQL running on this machine (127.0.0.1:5432, trust
// auth, database `test`) through the Databases page, tests the connection, creates a dataset from one of its
// tables on the New dataset page and edits a metric in the dataset editor. The tables are made here, with
// a name unique to the run, and dropped afterwards.

const PG = { host: "127.0.0.1", port: 5432, user: "postgres", database: "test" } as const;
const run = Date.now().toString(36);

/** Whether something listens on the port; the journeys skip with the reason when not. */
function listening(port: number): Promise<true | string> {
  return new Promise((resolve) => {
    const socket = connect({ host: PG.host, port, timeout: 2_000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(`nothing answered on ${PG.host}:${port}`);
    });
    socket.once("error", (e) => resolve(`${PG.host}:${port}: ${e.message}`));
  });
}

async function skipWithoutPostgres() {
  const up = await listening(PG.port);
  test.skip(skipWithout(up === true, `PostgreSQL (${up})`), `PostgreSQL is not reachable on ${PG.host}:${PG.port}`);
}

/** Runs SQL on the local PostgreSQL with its own client, outside the product. */
async function onPostgres(statements: string[]) {
  const sql = postgres({ ...PG, max: 1, onnotice: () => {} });
  try {
    for (const statement of statements) await sql.unsafe(statement);
  } finally {
    await sql.end();
  }
}

async function createSalesTable(table: string) {
  await onPostgres([
    `CREATE TABLE public.${table} (id serial PRIMARY KEY, region text NOT NULL, amount numeric(10,2), sold_at timestamp)`,
    `INSERT INTO public.${table} (region, amount, sold_at) VALUES ('north', 12.50, '2024-01-02 10:00'), ('south', 7.25, '2024-01-03 11:30')`,
  ]);
}

/** The session's CSRF token, for API writes made from the page's own session. */
async function csrfToken(page: Page): Promise<string> {
  return page.evaluate(async () => ((await (await fetch("/api/v1/security/csrf_token/")).json()) as { result: string }).result);
}

/** Opens an item of a top menu; retried because the menu only responds once the page has hydrated. */
async function openMenuItem(page: Page, group: string, label: string) {
  await expect(async () => {
    await page.mouse.move(0, 300);
    await page.getByTestId(`menu-${group}`).hover();
    await page.getByRole("menuitem", { name: label }).click({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Connects the local PostgreSQL through the Databases page's form, testing the connection first. */
async function connectPostgres(page: Page, name: string) {
  await openMenuItem(page, "Data", "Databases");
  await expect(page).toHaveURL(/\/databaseview\/list\/?$/);
  await expect(async () => {
    await page.getByTestId("add-database").click();
    await expect(page.getByRole("dialog")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Host").fill(PG.host);
  await dialog.getByLabel("Port").fill(String(PG.port));
  await dialog.getByLabel("Database name").fill(PG.database);
  await dialog.getByLabel("Username").fill(PG.user);
  await dialog.getByLabel("Display name").fill(name);
  await dialog.getByRole("button", { name: "Test connection" }).click();
  await expect(dialog.getByTestId("test-connection-result")).toHaveText("Connection looks good!");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: `Database ${name} was connected` })).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** On the New dataset page: database, schema public, then the table, whose columns are previewed. */
async function pickTable(page: Page, databaseName: string, table: string) {
  await page.getByTestId("dataset-database").click();
  await page.getByRole("option", { name: databaseName }).click();
  await page.getByTestId("dataset-schema").click();
  await page.getByRole("option", { name: "public", exact: true }).click();
  await page.getByTestId("table-search").fill(table);
  await page.getByTestId(`table-option-${table}`).click();
  await expect(page.getByTestId("preview-title")).toHaveText(table);
  await expect(page.getByTestId("preview-column-region")).toContainText("text");
}

test("an admin connects PostgreSQL, creates a dataset from one of its tables and edits a metric", async ({ page }) => {
  await skipWithoutPostgres();
  const table = `journey_sales_${run}`;
  const databaseName = `Journey PG ${run}`;
  await createSalesTable(table);
  try {
    await login(page, admin().username, admin().password);
    await connectPostgres(page, databaseName);

    await openMenuItem(page, "Data", "Datasets");
    await page.getByTestId("add-dataset").click();
    await expect(page).toHaveURL(/\/dataset\/add\/?$/);
    await expect(page.getByRole("heading", { name: "New dataset" })).toBeVisible();
    await pickTable(page, databaseName, table);
    await expect(page.getByTestId("preview-column-id")).toContainText("primary key");
    await expect(page.getByTestId("preview-column-sold_at")).toContainText("timestamp");
    await page.getByTestId("create-dataset").click();
    await expect(page.getByTestId("toast").filter({ hasText: `Dataset ${table} was created` })).toBeVisible();

    // the editor of the new dataset: its columns came from PostgreSQL, and it has Superset's COUNT(*) metric
    await expect(page).toHaveURL(/\/tablemodelview\/edit\/\d+$/);
    await expect(page.getByTestId("dataset-title")).toHaveText(table);
    const metric = page.getByTestId("metric-row-count");
    await datasetEditorTab(page, "Metrics", metric);
    await expect(metric.getByLabel("SQL expression")).toHaveValue("COUNT(*)");
    await metric.getByLabel("Label").fill("Sales");
    await metric.getByLabel("SQL expression").fill("COUNT(DISTINCT region)");
    await metric.getByLabel("D3 format").fill(",d");
    await page.getByTestId("save-dataset").click();
    await expect(page.getByTestId("toast").filter({ hasText: "The dataset has been saved" })).toBeVisible();

    await page.reload();
    const saved = page.getByTestId("metric-row-count");
    await datasetEditorTab(page, "Metrics", saved);
    await expect(saved.getByLabel("Label")).toHaveValue("Sales");
    await expect(saved.getByLabel("SQL expression")).toHaveValue("COUNT(DISTINCT region)");
    await expect(saved.getByLabel("D3 format")).toHaveValue(",d");
    await page.getByRole("tab", { name: "Columns", exact: true }).click();
    await expect(page.getByTestId("column-row-sold_at").getByLabel("sold_at is temporal")).toBeChecked();

    // back on the New dataset page the table is marked as having a dataset, and cannot get a second one
    await page.goto("/dataset/add/");
    await pickTable(page, databaseName, table);
    await expect(page.getByTestId("dataset-exists")).toBeVisible();
    await expect(page.getByTestId("create-dataset")).toBeDisabled();
  } finally {
    await onPostgres([`DROP TABLE IF EXISTS public.${table}`]);
  }
});

test("a table that disappears before Create dataset gets the server's message in a toast", async ({ page }) => {
  await skipWithoutPostgres();
  const table = `journey_gone_${run}`;
  const databaseName = `Journey PG gone ${run}`;
  await createSalesTable(table);
  try {
    await login(page, admin().username, admin().password);
    // connected through the API of the same session: the form itself is the other journey's subject
    const csrf = await csrfToken(page);
    const made = await page.request.post("/api/v1/database/", {
      data: { database_name: databaseName, sqlalchemy_uri: `postgresql://${PG.user}@${PG.host}:${PG.port}/${PG.database}` },
      headers: { "X-CSRFToken": csrf },
    });
    expect(made.status()).toBe(201);

    await page.goto("/dataset/add/");
    await pickTable(page, databaseName, table);
    await onPostgres([`DROP TABLE public.${table}`]);
    await page.getByTestId("create-dataset").click();
    await expect(page.getByTestId("toast").filter({ hasText: `The dataset could not be created: Table [${table}] could not be found` })).toBeVisible();
    await expect(page).toHaveURL(/\/dataset\/add\/?$/);
  } finally {
    await onPostgres([`DROP TABLE IF EXISTS public.${table}`]);
  }
});

test("without can_write on Dataset there is no + Dataset button and no New dataset page", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const csrf = await csrfToken(page);
  const roles = await page.request.get(`/api/v1/security/roles/?q=(filters:!((col:name,opr:eq,value:Gamma)))`);
  const gammaRole = ((await roles.json()) as { result: { id: number }[] }).result[0].id;
  const username = `gamma_${run}`;
  const password = `pw-${run}-gamma-reader`;
  const made = await page.request.post("/api/v1/security/users/", {
    data: { username, first_name: "Gamma", last_name: "Reader", email: `${username}@example.com`, password, roles: [gammaRole] },
    headers: { "X-CSRFToken": csrf },
  });
  expect(made.status()).toBe(201);
  await page.context().clearCookies();

  await login(page, username, password);
  await page.goto("/tablemodelview/list/");
  await expect(page.getByRole("heading", { name: "Datasets" })).toBeVisible();
  await expect(page.getByTestId("add-dataset")).toHaveCount(0);
  const direct = await page.goto("/dataset/add/");
  expect(direct?.status()).toBe(403);
});
