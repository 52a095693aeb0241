import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { admin, login } from "./helpers";

// Add dataset: a schema without tables says so, rather than "No tables match." (which reads as a search miss).

const PG = { host: "127.0.0.1", port: 5432, user: "postgres", database: "test" } as const;

test("an empty schema reads 'This schema has no tables.'", async ({ page, request }) => {
  const schema = `empty_${Date.now().toString(36)}`;
  const sql = postgres({ ...PG, max: 1, onnotice: () => {} });
  await sql.unsafe(`CREATE SCHEMA ${schema}`);
  try {
    const { username, password } = admin();
    const token = ((await (await request.post("/api/v1/security/login", { data: { username, password, provider: "db" } })).json()) as { access_token: string }).access_token;
    const name = `PG ${schema}`;
    const created = await request.post("/api/v1/database/", {
      headers: { Authorization: `Bearer ${token}` },
      data: { database_name: name, sqlalchemy_uri: `postgresql://${PG.user}@${PG.host}:${PG.port}/${PG.database}` },
    });
    expect(created.status()).toBe(201);

    await login(page, username, password);
    await page.goto("/dataset/add/");
    await expect(async () => {
      await page.getByTestId("dataset-database").click();
      await page.getByRole("option", { name }).click({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.getByTestId("dataset-schema").click();
    await page.getByRole("option", { name: schema, exact: true }).click();
    await expect(page.getByText("This schema has no tables.")).toBeVisible();
    await expect(page.getByText("No tables match.")).toHaveCount(0);
  } finally {
    await sql.unsafe(`DROP SCHEMA ${schema}`);
    await sql.end();
  }
});
