import { connect } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { admin, login, openD1DatabaseForm } from "./helpers";
import { skipWithout } from "../support/prerequisite";

// The databases journey of issue 3: an admin connects the PostgreSQL running on this machine
// (127.0.0.1:5432, trust auth, database `test`) through the connection form, tests it, saves it and finds
// it in the list; a wrong port is named clearly; a database can be searched for and deleted.

/** Whether something listens on the port; the PostgreSQL journeys skip with the reason when not. */
function listening(port: number): Promise<true | string> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port, timeout: 2_000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(`nothing answered on 127.0.0.1:${port}`);
    });
    socket.once("error", (e) => resolve(`127.0.0.1:${port}: ${e.message}`));
  });
}

async function skipWithoutPostgres() {
  const up = await listening(5432);
  test.skip(skipWithout(up === true, `PostgreSQL (${up})`), "PostgreSQL is not reachable on 127.0.0.1:5432");
}

/** Opens an item of a top menu; retried because the menu only responds once the page has hydrated. */
async function openMenuItem(page: Page, group: string, label: string) {
  await expect(async () => {
    await page.mouse.move(0, 300);
    await page.getByTestId(`menu-${group}`).hover();
    await page.getByRole("menuitem", { name: label }).click({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Opens the connection form and fills the local PostgreSQL's fields (the host defaults to 127.0.0.1). */
async function fillPostgres(page: Page, displayName: string, port: string) {
  await expect(async () => {
    await page.getByTestId("add-database").click();
    await expect(page.getByRole("dialog")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Host")).toHaveValue("127.0.0.1");
  await dialog.getByLabel("Port").fill(port);
  await dialog.getByLabel("Database name").fill("test");
  await dialog.getByLabel("Username").fill("postgres");
  await dialog.getByLabel("Display name").fill(displayName);
  await expect(dialog.getByTestId("built-uri")).toHaveText(`postgresql://postgres@127.0.0.1:${port}/test`);
  return dialog;
}

test("an admin connects the local PostgreSQL through the form, tests the connection and finds it in the list", async ({ page }) => {
  await skipWithoutPostgres();
  const name = `Local PG ${Date.now().toString(36)}`;
  await login(page, admin().username, admin().password);
  await openMenuItem(page, "Data", "Databases");
  await expect(page).toHaveURL(/\/databaseview\/list\/?$/);
  await expect(page.getByRole("heading", { name: "Databases" })).toBeVisible();

  const dialog = await fillPostgres(page, name, "5432");
  await dialog.getByRole("button", { name: "Test connection" }).click();
  await expect(dialog.getByTestId("test-connection-result")).toHaveText("Connection looks good!");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: `Database ${name} was connected` })).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId(`database-row-${name}`);
  await expect(row).toContainText("PostgreSQL");
  // expose in SQL Lab is on by default, asynchronous execution and DML are off
  await expect(row.getByTestId("flag-sqllab")).toHaveText("Yes");
  await expect(row.getByTestId("flag-async")).toHaveText("No");
  await expect(row.getByTestId("flag-dml")).toHaveText("No");

  // editing shows the stored connection, never a password
  await row.getByRole("button", { name: "Edit" }).click();
  await expect(dialog.getByLabel("Database name")).toHaveValue("test");
  await expect(dialog.getByLabel("Username")).toHaveValue("postgres");
  await expect(dialog.getByLabel("Password")).toHaveValue("");
  await dialog.getByLabel("Asynchronous query execution").check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: `Database ${name} was saved` })).toBeVisible();
  await expect(row.getByTestId("flag-async")).toHaveText("Yes");
});

test("a wrong port gets a clear error from Test connection", async ({ page }) => {
  await skipWithoutPostgres();
  await login(page, admin().username, admin().password);
  await page.goto("/databaseview/list/");
  const dialog = await fillPostgres(page, "Wrong port", "1");
  await dialog.getByRole("button", { name: "Test connection" }).click();
  await expect(dialog.getByTestId("test-connection-result")).toHaveText('Port 1 on hostname "127.0.0.1" refused the connection.');
});

test("bad extra JSON is refused before anything is sent", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const dialog = await openD1DatabaseForm(page);
  await expect(dialog.getByRole("textbox", { name: "Binding" })).toHaveValue("EXAMPLES");
  await dialog.getByLabel("Display name").fill("Never saved");
  await dialog.getByLabel("Extra").fill("{not json");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText(/Field cannot be decoded by JSON/)).toBeVisible();
  await expect(dialog).toBeVisible();
});

test("an admin finds a database by name and deletes it after confirming", async ({ page }) => {
  const name = `Examples copy ${Date.now().toString(36)}`;
  await login(page, admin().username, admin().password);
  // created through the API of the same session, so this journey does not depend on PostgreSQL
  const csrf = await page.evaluate(async () => {
    const body = (await (await fetch("/api/v1/security/csrf_token/")).json()) as { result: string };
    return body.result;
  });
  const created = await page.request.post("/api/v1/database/", {
    data: { database_name: name, sqlalchemy_uri: "d1://EXAMPLES" },
    headers: { "X-CSRFToken": csrf },
  });
  expect(created.status()).toBe(201);

  await page.goto("/databaseview/list/");
  await page.getByTestId("databases-search").fill(name);
  await page.getByTestId("databases-search").press("Enter");
  await expect(page.getByTestId("databases-count")).toHaveText("1 database");
  const row = page.getByTestId(`database-row-${name}`);
  await expect(row).toContainText("D1");
  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByTestId("confirm-delete").click();
  await expect(page.getByTestId("toast").filter({ hasText: `Database ${name} was deleted` })).toBeVisible();
  await expect(page.getByTestId("databases-count")).toHaveText("0 databases");
  await expect(row).toHaveCount(0);
});
