import { expect, test, type Locator, type Page } from "@playwright/test";
import { PNG } from "pngjs";
import { startWorker, TEST_ADMIN } from "../support/server.mjs";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { startMinuteTicker } from "../../scripts/minute-ticker.mjs";
import { clickMenuItem } from "./helpers";

// Issue 15's newcomer: on a Worker ticked every minute by the very ticker `npm start` runs, a chart report is set up
// from Explore and a dashboard report from the dashboard's menu, in Chromium; both arrive at a real SMTP server with
// their pictures drawn on the server, and the execution log page shows the runs. The time from saving to the last
// email is printed (a figure for the issue note, not an assertion: this machine's load varies).

const SMTP_LOGIN = { user: "reports", password: "smtp-newcomer-password" };
let smtp: SmtpSink;
let worker: Awaited<ReturnType<typeof startWorker>>;
let stopTicker: () => void;

test.beforeAll(async () => {
  test.setTimeout(240_000); // migrations, seeding and wrangler's start on a busy machine
  smtp = await startSmtpSink(SMTP_LOGIN);
  worker = await startWorker({
    vars: { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), SMTP_MAIL_FROM: "reports@bi.test", SMTP_USER: SMTP_LOGIN.user, SMTP_PASSWORD: SMTP_LOGIN.password, EMAIL_REPORTS_SUBJECT_PREFIX: "[Newcomer]" },
  });
  stopTicker = startMinuteTicker(worker.url);
});

test.afterAll(async () => {
  stopTicker?.();
  await worker?.stop();
  await smtp?.stop();
});

async function setUpReport(page: Page, menu: Locator, to: string) {
  const modal = page.getByTestId("report-modal");
  await clickMenuItem(menu, page.getByTestId("email-report-setup"), modal.getByTestId("report-crontab"));
  await modal.getByTestId("report-crontab").fill("* * * * *");
  await expect(modal.getByTestId("report-crontab-words")).toHaveText("Every minute");
  await modal.getByTestId("report-format").click();
  await page.getByRole("option", { name: "Image (PNG) embedded in email", exact: true }).click();
  await modal.getByTestId("report-to").fill(to);
  await modal.getByTestId("report-save").click();
  await expect(modal).toBeHidden();
}

/** The inline PNG of a received email, decoded: its share of pixels that are not white. */
function inkedShare(png: Buffer): number {
  const image = PNG.sync.read(png);
  let inked = 0;
  for (let i = 0; i < image.data.length; i += 4) if (image.data[i] < 240 || image.data[i + 1] < 240 || image.data[i + 2] < 240) inked++;
  return inked / (image.width * image.height);
}

test("a newcomer's chart report and dashboard report arrive by email, and the execution log shows the runs", async ({ page }) => {
  test.setTimeout(420_000);
  await page.goto(`${worker.url}/login/`);
  await page.getByLabel("Username").fill(TEST_ADMIN.username);
  await page.getByLabel("Password").fill(TEST_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("user-menu")).toBeVisible();

  const q = encodeURIComponent("(filters:!((col:slice_name,opr:eq,value:'Births by gender')))");
  const chart = ((await (await page.request.get(`${worker.url}/api/v1/chart/?q=${q}`)).json()) as { result: { id: number }[] }).result[0];
  await page.goto(`${worker.url}/explore/?slice_id=${chart.id}`);
  const more = page.getByTestId("more-menu");
  await expect(more).toBeEnabled();
  await setUpReport(page, more, "newcomer@example.com");

  await page.goto(`${worker.url}/superset/dashboard/births/`);
  await setUpReport(page, page.getByTestId("dashboard-menu"), "team@example.com");
  const saved = Date.now();

  // the next minute's tick runs both; a dashboard picture takes longer on a loaded machine
  const recipients = () => [...new Set(smtp.received.flatMap((r) => r.recipients))].sort(); // a later minute may send again
  await expect.poll(recipients, { timeout: 300_000, intervals: [2_000] }).toEqual(["newcomer@example.com", "team@example.com"]);
  console.log(`newcomer reports: both emails ${Math.round((Date.now() - saved) / 1000)} s after the second report was saved`);

  const chartMail = smtp.received.find((r) => r.recipients.includes("newcomer@example.com"));
  const dashboardMail = smtp.received.find((r) => r.recipients.includes("team@example.com"));
  for (const received of [chartMail, dashboardMail]) {
    expect(received?.mail.subject).toMatch(/^\[Newcomer\] /);
    const png = received?.mail.attachments.find((a) => a.contentType === "image/png");
    expect(png, "an inline PNG").toBeTruthy();
    expect(inkedShare(png!.content)).toBeGreaterThan(0.01);
  }

  // the execution log: the chart report's run succeeded
  await page.goto(`${worker.url}/report/list/`);
  const row = page.locator('[data-testid="report-row"][data-report-name="Births by gender"]');
  await row.getByRole("link", { name: "Births by gender", exact: true }).click();
  await expect(page).toHaveURL(/\/report\/\d+\/log\/$/);
  // newest first: a run's Success line above its Working line (they share their times; the id orders them). The
  // email reaches the SMTP server a moment before the run writes Success, and the next minute may start another
  // run, so the page is reloaded as a user would until the newest line is a Success
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("report-log-row").first()).toContainText("Success", { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
});
