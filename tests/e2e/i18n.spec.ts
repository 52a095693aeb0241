import { expect, test } from "@playwright/test";
import { admin, login } from "./helpers";
import { csrfToken, post } from "./api-helpers";

// A German viewer (their profile's locale) sees the top bar, the dashboard list, a dashboard's header and chart menu,
// Explore, the dataset list and SQL Lab's toolbar in German and figures the German way; the language menu switches
// to Spanish in place; a signed-out visitor's login page follows the browser's Accept-Language. The user and the dashboard are this journey's own (named by run).

test("a German viewer sees the UI, numbers and the language menu in their language", async ({ page, browser }) => {
  await login(page, admin().username, admin().password);
  const run = Date.now().toString(36);
  const roles = await (await page.request.get(`/api/v1/security/roles/?q=${encodeURIComponent("(filters:!((col:name,opr:eq,value:Admin)))")}`)).json() as { result: { id: number }[] };
  const username = `deutsch_${run}`;
  const password = `pw-${run}-de`;
  await post(page, "/api/v1/security/users/", { username, first_name: "Greta", last_name: run, email: `${username}@example.com`, password, roles: [roles.result[0].id] });
  const found = await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))")}`);
  const ds = ((await found.json()) as { result: { id: number }[] }).result[0].id;
  const chart = await post<{ id: number }>(page, "/api/v1/chart/", {
    slice_name: `Geburten ${run}`, viz_type: "big_number_total", datasource_id: ds, datasource_type: "table",
    params: JSON.stringify({ datasource: `${ds}__table`, viz_type: "big_number_total", metric: "sum__num", y_axis_format: ",d", time_range: "No filter" }),
  });
  const layout = {
    DASHBOARD_VERSION_KEY: "v2", ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-a"] },
    "ROW-a": { type: "ROW", id: "ROW-a", children: ["CHART-a"], meta: {} },
    "CHART-a": { type: "CHART", id: "CHART-a", children: [], meta: { chartId: chart.id, width: 4, height: 40 } },
  };
  const title = `Deutsch ${run}`;
  await post(page, "/api/v1/dashboard/", { dashboard_title: title, slug: `de-${run}`, published: true, position_json: JSON.stringify(layout) });

  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, timezoneId: "UTC" });
  const de = await context.newPage();
  // the server's HTML and the first render in the browser read the same compiled catalog: React reports no hydration
  // mismatch (minified errors 418/423/425 in this build) and Lingui meets no message it would have to compile
  const slips: string[] = [];
  de.on("console", (m) => { if (/hydrat|Minified React error #4(18|23|25)|Uncompiled message/i.test(m.text())) slips.push(m.text()); });
  de.on("pageerror", (e) => { if (/hydrat|#4(18|23|25)/i.test(e.message)) slips.push(e.message); });
  await login(de, username, password);
  const put = await de.request.put("/api/v1/me/", { headers: { "X-CSRFToken": await csrfToken(de) }, data: { locale: "de-DE" } });
  expect(put.ok()).toBe(true);

  await de.goto(`/dashboard/list/?search=${encodeURIComponent(title)}`);
  await expect(de.locator("html")).toHaveAttribute("lang", "de");
  await expect(de.getByRole("banner").getByRole("link", { name: "Diagramme", exact: true })).toBeVisible();
  await expect(de.getByTestId("menu-Settings")).toHaveText("Einstellungen");
  await expect(de.getByTestId("language-menu")).toContainText("Deutsch");
  await expect(de.getByTestId("dashboard-count")).toHaveText("1 Dashboard");
  await expect(de.getByTestId("sort-changed_on_delta_humanized")).toContainText("Zuletzt geändert");
  await expect(de.getByTestId("bulk-select")).toHaveText("Mehrfachauswahl");
  await expect(de.getByTestId(/^status-/)).toHaveText("Veröffentlicht");

  await de.getByRole("link", { name: title }).click();
  await expect(de.getByTestId("dashboard-title")).toHaveText(title);
  await expect(de.getByTestId("edit-dashboard")).toHaveText("Dashboard bearbeiten");
  await expect(de.getByTestId("dashboard-status")).toHaveText("Veröffentlicht");
  // "edited … ago" in German words too (Intl.RelativeTimeFormat), not the API's English
  await expect(de.getByTestId("dashboard-edited")).toContainText("Bearbeitet");
  await expect(de.getByTestId("dashboard-edited")).not.toContainText("ago");
  // ",d" in German groups thousands with dots: birth_names's total reads like 48.891.612
  await expect(de.getByTestId("big-number-headline")).toHaveText(/^\d{1,3}(\.\d{3})+$/);

  // the chart's menu and a dialog it opens
  await de.getByTestId("chart-menu").click();
  await expect(de.getByTestId("chart-force-refresh")).toHaveText("Aktualisierung erzwingen");
  await de.getByTestId("chart-view-query").click();
  await expect(de.getByRole("dialog", { name: "Abfrage anzeigen" })).toBeVisible();
  await expect(de.getByTestId("copy-query")).toHaveText("Kopieren");
  await de.keyboard.press("Escape");

  // Explore, the dataset list and SQL Lab's toolbar
  await de.goto(`/explore/?slice_id=${chart.id}`);
  await expect(de.getByTestId("run-query")).toHaveText(/^Diagramm (erstellen|aktualisieren)$/);
  await expect(de.getByTestId("view-query")).toHaveText("Abfrage anzeigen");
  await expect(de.getByTestId("row-count")).toHaveText("1 Zeile");
  await de.goto("/tablemodelview/list/?search=birth_names");
  await expect(de.getByTestId("sort-changed_on_delta_humanized")).toContainText("Zuletzt geändert");
  await expect(de.getByTestId("dataset-row-birth_names")).toContainText("Physisch");
  await de.goto("/sqllab/");
  await expect(de.getByTestId("run-button")).toHaveText(/^(Ausführen|Auswahl ausführen)$/);
  await expect(de.getByTestId("format-button")).toHaveText("SQL formatieren");
  await de.goto(`/superset/dashboard/de-${run}/`);

  // the language menu saves the choice on the profile and redraws the page in it, without a reload
  await de.getByTestId("language-menu").click();
  await de.getByTestId("language-es").click();
  await expect(de.getByTestId("edit-dashboard")).toHaveText("Editar dashboard");
  await expect(de.locator("html")).toHaveAttribute("lang", "es");
  expect((await (await de.request.get("/api/v1/me/")).json()).result.locale).toBe("es");
  expect(slips).toEqual([]);
  await context.close();

  // signed out, the login page follows Accept-Language
  const visitor = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: "de-DE" });
  const v = await visitor.newPage();
  await v.goto("/login/");
  await expect(v.locator("html")).toHaveAttribute("lang", "de");
  await expect(v.getByRole("button", { name: "Anmelden" })).toBeVisible();
  await visitor.close();
});
