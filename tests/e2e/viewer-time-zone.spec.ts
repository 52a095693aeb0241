import { expect, test, type Browser } from "@playwright/test";
import { admin, login } from "./helpers";
import { csrfToken, post } from "./api-helpers";
import { birthNamesId, openWithFormData } from "./explore-helpers";

// Two viewers at the same instant, one in Chicago and one in Kolkata (their browsers' zones): each signs in for
// the first time (the browser's zone becomes theirs), finds it on "Your profile", and sees "Today" as their own
// day in Explore's time range picker and in the SQL the chart sends (the UTC instant their midnight is).

const localDate = (zone: string, at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** The zone's midnight of `date` as "YYYY-MM-DD HH:MM:SS" UTC (no DST change near midnight in either zone). */
function midnightUtc(zone: string, date: string): string {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const wall = new Date(new Date(guess).toLocaleString("en-US", { timeZone: zone, hour12: false }) + " UTC").getTime();
  return new Date(guess - (wall - guess)).toISOString().slice(0, 19).replace("T", " ");
}

async function viewer(browser: Browser, zone: string, username: string, password: string) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, timezoneId: zone });
  const page = await context.newPage();
  await login(page, username, password);
  return { context, page };
}

test("a viewer in Chicago and one in Kolkata each see \"Today\" as their own day", async ({ page, browser }) => {
  await login(page, admin().username, admin().password);
  const roles = await (await page.request.get(`/api/v1/security/roles/?q=${encodeURIComponent("(filters:!((col:name,opr:eq,value:Admin)))")}`)).json() as { result: { id: number }[] };
  const run = Date.now().toString(36);
  const people = [["America/Chicago", `chicago_${run}`], ["Asia/Kolkata", `kolkata_${run}`]] as const;
  for (const [, username] of people) {
    await post(page, "/api/v1/security/users/", { username, first_name: "Zone", last_name: username, email: `${username}@example.com`, password: `pw-${run}-zone`, roles: [roles.result[0].id] });
  }
  const datasetId = await birthNamesId(page);

  for (const [zone, username] of people) {
    const { context, page: p } = await viewer(browser, zone, username, `pw-${run}-zone`);
    // first sign-in: the browser's zone became the user's; the profile shows it with the rest of their record.
    // (Chromium's ICU names Kolkata by its older IANA alias, Asia/Calcutta: the same zone, kept as the browser says)
    const browserZone = await p.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(new Intl.DateTimeFormat("en-US", { timeZone: browserZone }).resolvedOptions().timeZone).toBe(new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone);
    await expect.poll(async () => (await (await p.request.get("/api/v1/me/")).json()).result.time_zone).toBe(browserZone);
    await p.getByTestId("user-menu").click();
    await p.getByTestId("user-menu-profile").click();
    await expect(p.getByTestId("profile-info")).toContainText(`${username}@example.com`);
    await expect(p.getByRole("textbox", { name: "Time zone" })).toHaveValue(browserZone);

    const today = localDate(zone, new Date());
    await openWithFormData(p, datasetId, {
      viz_type: "table", query_mode: "aggregate", groupby: ["gender"], metrics: ["count"],
      adhoc_filters: [{ expressionType: "SIMPLE", subject: "ds", operator: "TEMPORAL_RANGE", comparator: "today : tomorrow", clause: "WHERE" }],
    });
    // Explore says which zone the chart's times are in
    await expect(p.getByTestId("chart-zone")).toHaveText(`Times in ${browserZone}`);
    await p.getByTestId("filter-pill").click();
    await expect(p.getByTestId("time-range-actual")).toHaveText(`${today} ≤ ds < ${nextDay(today)} (${browserZone})`);

    // the SQL's bounds are the exact UTC instants of that day (Kolkata's starts at 18:30 UTC the day before)
    const answer = await p.request.post("/api/v1/chart/data", {
      headers: { "X-CSRFToken": await csrfToken(p) },
      data: {
        datasource: { id: datasetId, type: "table" }, result_type: "query", form_data: { viz_type: "table" },
        queries: [{ columns: ["gender"], metrics: ["count"], filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "Today" }] }],
      },
    });
    const sql = (await answer.json()).result[0].query as string;
    expect(sql).toContain(`'${midnightUtc(zone, today)}'`);
    expect(sql).toContain(`'${midnightUtc(zone, nextDay(today))}'`);
    if (zone === "Asia/Kolkata") expect(midnightUtc(zone, today)).toMatch(/ 18:30:00$/);
    await context.close();
  }
});
