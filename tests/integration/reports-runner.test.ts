import { PNG } from "pngjs";
import { afterAll, beforeAll, expect, test } from "vitest";
import { localD1 } from "../support/local-d1";
import { startWorker, TEST_ADMIN } from "../support/server.mjs";
import { bearerClient } from "../support/client";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

// Alerts & reports end to end: the real Worker in `wrangler dev`, its cron handler called through
// /cdn-cgi/handler/scheduled with a chosen scheduled time, its ReportRunner Durable Objects, real D1, and a
// real SMTP server (smtp-server) receiving the emails. Schedules are written straight into D1 (the report API
// is another piece of work); each test owns one scheduled minute, so ticks of one test never start another's.

const SMTP_LOGIN = { user: "reports", password: "smtp-test-password" };
let worker: Awaited<ReturnType<typeof startWorker>>;
let smtp: SmtpSink;
let adminId: number;
let chartId: number;
let lineChartId: number;
let bigNumberChartId: number;
let wordCloudChartId: number;
let examplesDb: number;

/** SQL straight on the Worker's local D1 file (tests/support/local-d1.ts). */
const d1 = <T = Record<string, unknown>>(sql: string): T[] => localD1(worker.stateDir)<T>(sql);
const text = (s: string) => `'${s.replace(/'/g, "''")}'`;

beforeAll(async () => {
  smtp = await startSmtpSink(SMTP_LOGIN);
  worker = await startWorker({
    vars: {
      SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), SMTP_MAIL_FROM: "reports@bi.test", SMTP_USER: SMTP_LOGIN.user, SMTP_PASSWORD: SMTP_LOGIN.password,
      EMAIL_REPORTS_SUBJECT_PREFIX: "[Test report]", EMAIL_RETRY_BASE_MS: "200", SMTP_TIMEOUT: "5", WEBDRIVER_BASEURL_USER_FRIENDLY: "https://bi.test/",
    },
  });
  // the first request does the first-start work (admin, examples database and datasets)
  await fetch(`${worker.url}/login/`, { headers: { Connection: "close" } });
  [{ adminId, examplesDb }] = d1<{ adminId: number; examplesDb: number }>(
    "SELECT (SELECT id FROM ab_user WHERE username = 'admin') AS adminId, (SELECT id FROM dbs WHERE database_name = 'examples') AS examplesDb",
  );
  const params = (dataset: number) => JSON.stringify({
    viz_type: "table", datasource: `${dataset}__table`, query_mode: "aggregate", groupby: ["gender"], metrics: ["count"],
    adhoc_filters: [], row_limit: 10, order_desc: true, time_range: "No filter",
  });
  const [{ dataset }] = d1<{ dataset: number }>("SELECT id AS dataset FROM tables WHERE table_name = 'birth_names'");
  [{ chartId }] = d1<{ chartId: number }>(`
    INSERT INTO slices (uuid, slice_name, viz_type, datasource_id, datasource_type, params) VALUES
      ('report-chart', 'Births <by> gender', 'table', ${dataset}, 'table', ${text(params(dataset))});
    SELECT id AS chartId FROM slices WHERE uuid = 'report-chart'`);
  const line = JSON.stringify({
    viz_type: "echarts_timeseries_line", datasource: `${dataset}__table`, x_axis: "ds", time_grain_sqla: "P1Y", metrics: ["count"], groupby: ["gender"],
    adhoc_filters: [], row_limit: 10000, time_range: "No filter", show_legend: true, x_axis_time_format: "smart_date", y_axis_format: "SMART_NUMBER",
  });
  [{ lineChartId }] = d1<{ lineChartId: number }>(`
    INSERT INTO slices (uuid, slice_name, viz_type, datasource_id, datasource_type, params) VALUES
      ('report-line-chart', 'Births by year', 'echarts_timeseries_line', ${dataset}, 'table', ${text(line)});
    SELECT id AS lineChartId FROM slices WHERE uuid = 'report-line-chart'`);
  const bigNumber = JSON.stringify({
    viz_type: "big_number", datasource: `${dataset}__table`, x_axis: "ds", time_grain_sqla: "P1Y", metric: "count", adhoc_filters: [], time_range: "No filter",
    show_trend_line: true, start_y_axis_at_zero: true, header_font_size: 0.4, subheader_font_size: 0.15, y_axis_format: "SMART_NUMBER", compare_lag: 1, compare_suffix: "on last year",
  });
  const wordCloud = JSON.stringify({ viz_type: "word_cloud", datasource: `${dataset}__table`, series: "name", metric: "count", adhoc_filters: [], row_limit: 20, time_range: "No filter", size_from: 10, size_to: 70, rotation: "flat" });
  [{ bigNumberChartId, wordCloudChartId }] = d1<{ bigNumberChartId: number; wordCloudChartId: number }>(`
    INSERT INTO slices (uuid, slice_name, viz_type, datasource_id, datasource_type, params) VALUES
      ('report-big-number', 'Births per year', 'big_number', ${dataset}, 'table', ${text(bigNumber)}),
      ('report-word-cloud', 'Names <cloud>', 'word_cloud', ${dataset}, 'table', ${text(wordCloud)});
    SELECT (SELECT id FROM slices WHERE uuid = 'report-big-number') AS bigNumberChartId, (SELECT id FROM slices WHERE uuid = 'report-word-cloud') AS wordCloudChartId`);
}, 180_000);

afterAll(async () => {
  if (process.env.SHOW_WORKER_LOGS) console.log(worker?.logs());
  await worker?.stop();
  await smtp?.stop();
});

interface ScheduleSpec {
  name: string;
  minute: Date;
  type?: "Report" | "Alert";
  format?: string;
  chart?: number | null;
  dashboard?: number;
  description?: string;
  sql?: string;
  validator?: [string, Record<string, unknown> | null];
  recipients?: { target: string; ccTarget?: string; bccTarget?: string };
  gracePeriod?: number;
  extra?: Record<string, unknown>;
  /** the owner (and so the executor) when not the admin */
  owner?: number;
}

/** A schedule due exactly at `minute` (UTC), owned by the admin; answers its id. */
function createSchedule(s: ScheduleSpec): number {
  const m = s.minute;
  const crontab = `${m.getUTCMinutes()} ${m.getUTCHours()} ${m.getUTCDate()} ${m.getUTCMonth() + 1} *`;
  const [validatorType, validatorConfig] = s.validator ?? [null, null];
  const [{ id }] = d1<{ id: number }>(`
    INSERT INTO report_schedule (type, name, description, active, crontab, timezone, report_format, chart_id, dashboard_id, sql, database_id,
        validator_type, validator_config_json, grace_period, created_by_fk, changed_by_fk, creation_method, extra_json)
      VALUES (${text(s.type ?? "Report")}, ${text(s.name)}, ${s.description ? text(s.description) : "NULL"}, 1, ${text(crontab)}, 'UTC',
        ${text(s.format ?? "CSV")}, ${s.chart === null || s.dashboard ? "NULL" : (s.chart ?? chartId)}, ${s.dashboard ?? "NULL"}, ${s.sql ? text(s.sql) : "NULL"}, ${s.sql ? examplesDb : "NULL"},
        ${validatorType ? text(validatorType) : "NULL"}, ${validatorConfig ? text(JSON.stringify(validatorConfig)) : "NULL"}, ${s.gracePeriod ?? 14400},
        ${s.owner ?? adminId}, ${s.owner ?? adminId}, 'alerts_reports', ${text(JSON.stringify(s.extra ?? {}))});
    INSERT INTO report_schedule_user (user_id, report_schedule_id) SELECT ${s.owner ?? adminId}, id FROM report_schedule WHERE name = ${text(s.name)};
    INSERT INTO report_recipient (type, recipient_config_json, report_schedule_id)
      SELECT 'Email', ${text(JSON.stringify(s.recipients ?? { target: "owner@bi.test" }))}, id FROM report_schedule WHERE name = ${text(s.name)};
    SELECT id FROM report_schedule WHERE name = ${text(s.name)}`);
  return id;
}

/** One cron tick for `minute` (1.5 s late, as a real tick may be); a socket the server dropped is tried again. */
async function tick(minute: Date): Promise<Response> {
  const url = `${worker.url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("* * * * *")}&time=${minute.getTime() + 1500}`;
  try {
    return await fetch(url, { headers: { Connection: "close" } });
  } catch {
    return fetch(url, { headers: { Connection: "close" } });
  }
}

type LogRow = { state: string; error_message: string | null; value: string | null; scheduled_dttm: string };
const logsOf = (id: number) => d1<LogRow>(`SELECT state, error_message, value, scheduled_dttm FROM report_execution_log WHERE report_schedule_id = ${id} ORDER BY id`);
const FINAL = new Set(["Success", "Error", "Not triggered", "On Grace"]);

/** Ticks the minute and waits for the run of that minute to reach a final state; answers its log rows. */
async function runAt(id: number, minute: Date, timeout = 30_000): Promise<LogRow[]> {
  expect((await tick(minute)).status).toBe(200);
  const at = minute.toISOString();
  let rows: LogRow[] = [];
  await expect.poll(() => {
    rows = logsOf(id).filter((r) => r.scheduled_dttm === at);
    return rows.some((r) => FINAL.has(r.state));
  }, { timeout, interval: 500 }).toBe(true);
  return rows;
}

const mailsFor = (subjectPart: string) => smtp.received.filter((r) => r.mail.subject?.includes(subjectPart));
let minuteSeq = 0;
const nextMinute = () => new Date(Date.UTC(2031, 0, 5, 8, minuteSeq++));

test("a CSV report arrives once: envelope recipients, subject prefix, parsable CSV, sanitised description, link", async () => {
  const minute = nextMinute();
  const id = createSchedule({
    name: "Weekly births", minute, description: '<b>Hello</b><script>alert(1)</script><img src=x onerror="boom()">',
    recipients: { target: "a@bi.test, b@bi.test", ccTarget: "c@bi.test", bccTarget: "hidden@bi.test" },
  });
  const rows = await runAt(id, minute);
  // the log rows in the message: an Error names its cause
  expect(rows.map((r) => r.state), JSON.stringify(rows)).toEqual(["Working", "Success"]);
  const [mail] = mailsFor("Weekly births");
  expect(mailsFor("Weekly births")).toHaveLength(1);
  expect(mail.from).toBe("reports@bi.test");
  expect(mail.recipients.sort()).toEqual(["a@bi.test", "b@bi.test", "c@bi.test", "hidden@bi.test"]);
  expect(mail.mail.subject).toBe("[Test report] Weekly births: Births <by> gender");
  expect(mail.mail.headers.get("bcc")).toBeUndefined();
  expect(smtp.logins).toContain(SMTP_LOGIN.user);
  const html = String(mail.mail.html);
  expect(html).toContain("<b>Hello</b>");
  expect(html).not.toMatch(/<script|onerror|boom/);
  expect(html).toContain('<a href="https://bi.test/explore/?slice_id=');
  const csv = mail.mail.attachments[0];
  expect(csv.filename).toBe("Weekly births_ Births _by_ gender.csv");
  const lines = csv.content.toString("utf8").replace(/^\uFEFF/, "").trim().split(/\r\n/);
  expect(lines[0]).toBe("gender,count");
  expect(lines.slice(1).map((l) => l.split(",")[0]).sort()).toEqual(["boy", "girl"]);
  expect(lines.slice(1).every((l) => Number(l.split(",")[1]) > 0)).toBe(true);
}, 120_000);

test("a TEXT report carries the data as an HTML table in the body, cells escaped", async () => {
  const minute = nextMinute();
  const id = createSchedule({ name: "Text births", minute, format: "TEXT" });
  expect((await runAt(id, minute)).at(-1)?.state).toBe("Success");
  const [mail] = mailsFor("Text births");
  expect(mail.mail.attachments).toHaveLength(0);
  const html = String(mail.mail.html);
  expect(html).toContain('<table border="1" class="dataframe">');
  expect(html).toMatch(/<th>gender<\/th><th>count<\/th>/);
  expect(html).toMatch(/<td>(boy|girl)<\/td>/);
});

test("1,000 duplicated and concurrent ticks for one minute send exactly one email", async () => {
  const minute = nextMinute();
  const id = createSchedule({ name: "Exactly once", minute });
  const responses: number[] = [];
  for (let batch = 0; batch < 10; batch++) {
    // a hundred at a time at once: racing ticks of the same minute, some of them "late" by up to 50 s
    responses.push(...(await Promise.all(Array.from({ length: 100 }, (_, i) =>
      fetch(`${worker.url}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*&time=${minute.getTime() + ((batch * 100 + i) % 50) * 1000}`, { headers: { Connection: "close" } }).then((r) => r.status),
    ))));
  }
  expect(responses.filter((s) => s === 200)).toHaveLength(1000);
  await expect.poll(() => logsOf(id).some((r) => r.state === "Success"), { timeout: 60_000, interval: 1000 }).toBe(true);
  await new Promise((r) => setTimeout(r, 3000)); // anything that would come twice has had its time
  expect(mailsFor("Exactly once")).toHaveLength(1);
  expect(logsOf(id).map((r) => r.state)).toEqual(["Working", "Success"]);
}, 300_000);

test("a temporary SMTP refusal is retried within the run: one email, Success", async () => {
  const minute = nextMinute();
  const id = createSchedule({ name: "Retried once", minute });
  smtp.fault({ kind: "refuse-sender", code: 421, times: 1 });
  expect((await runAt(id, minute)).at(-1)?.state).toBe("Success");
  expect(mailsFor("Retried once")).toHaveLength(1);
});

test("an SMTP server closing mid-message: Error with the reason, nothing sent twice, the next schedule sends", async () => {
  const minute = nextMinute();
  const id = createSchedule({ name: "Cut off", minute });
  smtp.fault({ kind: "close-in-data", times: 5 });
  const rows = await runAt(id, minute);
  expect(rows.at(-1)).toMatchObject({ state: "Error", error_message: expect.stringMatching(/closed the connection/) });
  expect(mailsFor("Cut off")).toHaveLength(0);
  smtp.fault(null);
  // the same minute again changes nothing; the schedule's next time sends normally
  await tick(minute);
  const later = nextMinute();
  d1(`UPDATE report_schedule SET crontab = '${later.getUTCMinutes()} ${later.getUTCHours()} ${later.getUTCDate()} ${later.getUTCMonth() + 1} *' WHERE id = ${id}`);
  expect((await runAt(id, later)).at(-1)?.state).toBe("Success");
  expect(mailsFor("Cut off")).toHaveLength(1);
}, 120_000);

test("a slow SMTP server: Error naming the step it did not answer in time, nothing sent, the next schedule sends once", async () => {
  const minute = nextMinute();
  const id = createSchedule({ name: "Too slow", minute });
  // slower than SMTP_TIMEOUT (5 s) for every attempt of the run
  smtp.fault({ kind: "slow-sender", ms: 12_000, times: 10 });
  const rows = await runAt(id, minute, 90_000);
  expect(rows.at(-1)).toMatchObject({ state: "Error", error_message: expect.stringMatching(/did not answer .* within 5 s/) });
  smtp.fault(null);
  await new Promise((r) => setTimeout(r, 13_000)); // the stalled answers come in late: none of them delivers a message
  expect(mailsFor("Too slow")).toHaveLength(0);
  const later = nextMinute();
  d1(`UPDATE report_schedule SET crontab = '${later.getUTCMinutes()} ${later.getUTCHours()} ${later.getUTCDate()} ${later.getUTCMonth() + 1} *' WHERE id = ${id}`);
  expect((await runAt(id, later)).at(-1)?.state).toBe("Success");
  expect(mailsFor("Too slow")).toHaveLength(1);
}, 240_000);

test("a permanent SMTP refusal ends in Error with the server's reason", async () => {
  const minute = nextMinute();
  const id = createSchedule({ name: "Refused", minute });
  smtp.fault({ kind: "refuse-recipients", code: 550, times: 1 });
  const rows = await runAt(id, minute);
  smtp.fault(null);
  expect(rows.at(-1)).toMatchObject({ state: "Error", error_message: expect.stringMatching(/refused every recipient: 550/) });
  expect(mailsFor("Refused")).toHaveLength(0);
});

test("a report on a deleted chart ends in Error naming it", async () => {
  const minute = nextMinute();
  const gone = createSchedule({ name: "Orphan", minute, chart: 987_654 });
  expect((await runAt(gone, minute)).at(-1)).toMatchObject({ state: "Error", error_message: expect.stringContaining("The chart of this report (id 987654) no longer exists") });
  expect(mailsFor("Orphan")).toHaveLength(0);
});

/** Pixels of a decoded PNG that differ from the background: its top-left pixel unless told. */
function drawnPixels(png: PNG, bg = png.data.readUInt32BE(0)): number {
  let n = 0;
  for (let i = 0; i < png.data.length; i += 4) if (png.data.readUInt32BE(i) !== bg) n++;
  return n;
}

test("a PNG chart report: the chart drawn on the server, inline in the body, decodes and is not blank", async () => {
  const minute = nextMinute();
  const id = createSchedule({ name: "Line picture", minute, format: "PNG", chart: lineChartId });
  expect((await runAt(id, minute)).at(-1)).toMatchObject({ state: "Success", error_message: null });
  const [mail] = mailsFor("Line picture");
  const [image] = mail.mail.attachments;
  expect(image).toMatchObject({ contentType: "image/png", contentDisposition: "inline", filename: "Line picture_ Births by year.png" });
  // the body shows it: mailparser swaps the cid: reference for the related part's data
  expect(image.related).toBe(true);
  expect(String(mail.mail.html)).toContain('<div class="image"><img src="data:image/png;base64,');
  const png = PNG.sync.read(image.content);
  expect([png.width, png.height]).toEqual([800, 400]);
  // axes, labels, the legend and two lines: far more than a few stray pixels, far less than a filled picture
  const drawn = drawnPixels(png);
  expect(drawn).toBeGreaterThan(800 * 400 * 0.01);
  expect(drawn).toBeLessThan(800 * 400 * 0.5);
}, 120_000);

test("a PDF chart report: the same drawing as a PDF attachment", async () => {
  const minute = nextMinute();
  const id = createSchedule({ name: "Line document", minute, format: "PDF", chart: lineChartId });
  expect((await runAt(id, minute)).at(-1)?.state).toBe("Success");
  const [mail] = mailsFor("Line document");
  const [pdf] = mail.mail.attachments;
  expect(pdf).toMatchObject({ contentType: "application/pdf", contentDisposition: "attachment", filename: "Line document_ Births by year.pdf" });
  expect(pdf.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(pdf.content.toString("latin1")).toContain("/Subtype /Image");
}, 120_000);

/** The PNG attached to the one email whose subject names `name`, decoded. */
function receivedPng(name: string): PNG {
  const [mail] = mailsFor(name);
  expect(mailsFor(name)).toHaveLength(1);
  const [image] = mail.mail.attachments;
  expect(image).toMatchObject({ contentType: "image/png", contentDisposition: "inline" });
  return PNG.sync.read(image.content);
}

test("a PNG table chart report: the table drawn on the server as a grid of its rows", async () => {
  const minute = nextMinute();
  const id = createSchedule({ name: "Table picture", minute, format: "PNG" });
  expect((await runAt(id, minute)).at(-1)).toMatchObject({ state: "Success", error_message: null });
  const png = receivedPng("Table picture");
  expect([png.width, png.height]).toEqual([800, 400]);
  // a header and two rows of text with their lines: some ink, most of the picture white below the rows (the
  // top-left pixel is the table's border, so white is named)
  const drawn = drawnPixels(png, 0xffffffff);
  expect(drawn).toBeGreaterThan(800 * 400 * 0.005);
  expect(drawn).toBeLessThan(800 * 400 * 0.2);
}, 120_000);

test("a PNG big number report: the headline and its trendline drawn on the server", async () => {
  const minute = nextMinute();
  const id = createSchedule({ name: "Big number picture", minute, format: "PNG", chart: bigNumberChartId });
  expect((await runAt(id, minute)).at(-1)).toMatchObject({ state: "Success", error_message: null });
  const png = receivedPng("Big number picture");
  expect([png.width, png.height]).toEqual([800, 400]);
  // the filled trendline alone covers a good share of the lower half
  const drawn = drawnPixels(png);
  expect(drawn).toBeGreaterThan(800 * 400 * 0.1);
  expect(drawn).toBeLessThan(800 * 400 * 0.6);
}, 120_000);

test("a chart type not drawn on the server yet: the email and the log say so by name, no blank image", async () => {
  const minute = nextMinute();
  const id = createSchedule({ name: "Cloud picture", minute, format: "PNG", chart: wordCloudChartId });
  const last = (await runAt(id, minute)).at(-1);
  expect(last).toMatchObject({ state: "Success", error_message: expect.stringMatching(/"Names <cloud>" is a Word Cloud chart \(word_cloud\), which cannot be drawn on the server yet/) });
  const [mail] = mailsFor("Cloud picture");
  expect(mail.mail.attachments).toHaveLength(0);
  expect(String(mail.mail.html)).toContain("&quot;Names &lt;cloud&gt;&quot; is a Word Cloud chart (word_cloud), which cannot be drawn on the server yet");
});

test("a dashboard report: its charts, header, markdown and divider drawn in its layout grid as one PNG", async () => {
  const chart = (id: string, chartId: number, width: number) => ({ type: "CHART", id, children: [], meta: { chartId, width, height: 50 } });
  const position = {
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["HEADER-1", "ROW-1", "DIVIDER-1", "ROW-2"] },
    "HEADER-1": { type: "HEADER", id: "HEADER-1", children: [], meta: { text: "Births at a glance", headerSize: "MEDIUM_HEADER" } },
    "ROW-1": { type: "ROW", id: "ROW-1", children: ["CHART-a", "CHART-b"], meta: {} },
    "DIVIDER-1": { type: "DIVIDER", id: "DIVIDER-1", children: [], meta: {} },
    "ROW-2": { type: "ROW", id: "ROW-2", children: ["CHART-c", "MARKDOWN-1"], meta: {} },
    "CHART-a": chart("CHART-a", lineChartId, 6), "CHART-b": chart("CHART-b", bigNumberChartId, 6), "CHART-c": chart("CHART-c", chartId, 8),
    "MARKDOWN-1": { type: "MARKDOWN", id: "MARKDOWN-1", children: [], meta: { width: 4, height: 50, code: "## Notes\n\nFrom **birth_names** <script>alert(1)</script>\n\n- boys\n- girls" } },
  };
  const [{ dashboardId }] = d1<{ dashboardId: number }>(`
    INSERT INTO dashboards (uuid, dashboard_title, position_json) VALUES ('report-dashboard', 'Births overview', ${text(JSON.stringify(position))});
    SELECT id AS dashboardId FROM dashboards WHERE uuid = 'report-dashboard'`);
  const minute = nextMinute();
  const id = createSchedule({ name: "Dashboard picture", minute, format: "PNG", dashboard: dashboardId });
  expect((await runAt(id, minute)).at(-1)).toMatchObject({ state: "Success", error_message: null });
  const [mail] = mailsFor("Dashboard picture");
  expect(mail.mail.subject).toBe("[Test report] Dashboard picture: Births overview");
  expect(String(mail.mail.html)).toContain(`https://bi.test/superset/dashboard/${dashboardId}/`);
  expect(String(mail.mail.html)).not.toContain("cannot be drawn");
  const png = PNG.sync.read(mail.mail.attachments[0].content);
  // 1600 wide; a 50 px header, two rows of 400 px and a 16 px divider with gutters between, padding around
  expect([png.width, png.height]).toEqual([1600, 50 + 16 + 400 + 16 + 16 + 16 + 400 + 2 * 16]);
  expect(drawnPixels(png)).toBeGreaterThan(1600 * 946 * 0.02);
  // the header's row is inked (its text), as is the markdown's box right of the table
  const inkedIn = (x0: number, y0: number, x1: number, y1: number) => {
    const bg = png.data.readUInt32BE(0);
    let n = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (png.data.readUInt32BE((y * png.width + x) * 4) !== bg) n++;
    return n;
  };
  expect(inkedIn(16, 16, 800, 66)).toBeGreaterThan(200);
  expect(inkedIn(1100, 520, 1584, 900)).toBeGreaterThan(200);
}, 120_000);

test("alerts: a failing query is an Error, a false condition stays quiet, a true one sends then keeps its grace period", async () => {
  const m1 = nextMinute();
  const broken = createSchedule({ name: "Broken alert", type: "Alert", minute: m1, sql: "SELECT COUNT(*) FROM no_such_table_here", validator: ["operator", { op: ">", threshold: 0 }] });
  expect((await runAt(broken, m1)).at(-1)).toMatchObject({ state: "Error", error_message: expect.stringContaining("Alert found an error while executing a query.") });

  const m2 = nextMinute();
  const quiet = createSchedule({ name: "Quiet alert", type: "Alert", minute: m2, sql: "SELECT COUNT(*) FROM birth_names WHERE num < 0", validator: ["operator", { op: ">", threshold: 0 }] });
  expect((await runAt(quiet, m2)).at(-1)).toMatchObject({ state: "Not triggered", value: "0" });

  const m3 = nextMinute();
  const loud = createSchedule({ name: "Loud alert", type: "Alert", minute: m3, sql: "SELECT MAX(num) FROM birth_names", validator: ["operator", { op: ">", threshold: 0 }] });
  // the triggered run logs the value its SQL returned too (Superset's "Value" column), as the quiet one does
  expect((await runAt(loud, m3)).at(-1)).toMatchObject({ state: "Success", value: expect.stringMatching(/^[1-9]\d*$/) });
  expect(mailsFor("Loud alert")).toHaveLength(1);
  // due again at once: inside its grace period it stays quiet
  const m4 = nextMinute();
  d1(`UPDATE report_schedule SET crontab = '${m4.getUTCMinutes()} ${m4.getUTCHours()} ${m4.getUTCDate()} ${m4.getUTCMonth() + 1} *' WHERE id = ${loud}`);
  expect((await runAt(loud, m4)).at(-1)).toMatchObject({ state: "On Grace", error_message: "Alert fired during grace period." });
  expect(mailsFor("Loud alert")).toHaveLength(1);
  expect(mailsFor("Quiet alert")).toHaveLength(0);
}, 300_000);

test("per-recipient content: each mapped recipient gets the dashboard filtered to their values, the others the report's state; duplicated ticks send nothing twice", async () => {
  const [{ dataset }] = d1<{ dataset: number }>("SELECT id AS dataset FROM tables WHERE table_name = 'birth_names'");
  const position = {
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-1"] },
    "ROW-1": { type: "ROW", id: "ROW-1", children: ["CHART-a"], meta: {} },
    "CHART-a": { type: "CHART", id: "CHART-a", children: [], meta: { chartId: lineChartId, width: 12, height: 50 } },
  };
  const gender = {
    id: "NATIVE_FILTER-gender", type: "NATIVE_FILTER", name: "Gender", filterType: "filter_select", targets: [{ datasetId: dataset, column: { name: "gender" } }],
    scope: { rootPath: ["ROOT_ID"], excluded: [] }, controlValues: { multiSelect: true }, defaultDataMask: {}, cascadeParentIds: [],
  };
  const [{ dashboardId }] = d1<{ dashboardId: number }>(`
    INSERT INTO dashboards (uuid, dashboard_title, position_json, json_metadata) VALUES ('recipient-dashboard', 'Births by recipient',
      ${text(JSON.stringify(position))}, ${text(JSON.stringify({ native_filter_configuration: [gender] }))});
    SELECT id AS dashboardId FROM dashboards WHERE uuid = 'recipient-dashboard'`);
  const value = (v: string) => [{ nativeFilterId: "NATIVE_FILTER-gender", filterName: "Gender", filterType: "filter_select", columnName: "gender", filterValues: [v] }];
  const minute = nextMinute();
  const id = createSchedule({
    name: "Per recipient", minute, format: "PNG", dashboard: dashboardId,
    recipients: { target: "carol@bi.test, alice@bi.test", ccTarget: "bob@bi.test" },
    extra: { dashboard: { nativeFilters: [], recipientNativeFilters: [{ recipient: "alice@bi.test", nativeFilters: value("boy") }, { recipient: "bob@bi.test", nativeFilters: value("girl") }] } },
  });
  const started = Date.now();
  // the run's own tick and duplicates of it racing with it, and more once it is done
  const late = (ms: number) => fetch(`${worker.url}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*&time=${minute.getTime() + ms}`, { headers: { Connection: "close" } });
  // a socket the busy server dropped is tried again (as tick() does); what each duplicate answers is beside the point
  const ticks = Array.from({ length: 20 }, (_, i) => late(1000 + i * 100).catch(() => late(1000 + i * 100)).catch(() => null));
  // three dashboard pictures drawn: on a loaded machine this takes longer than one chart's report
  expect((await runAt(id, minute, 120_000)).at(-1)).toMatchObject({ state: "Success", error_message: null });
  const ms = Date.now() - started;
  await Promise.all(ticks);
  await Promise.all(Array.from({ length: 10 }, () => tick(minute).catch(() => null)));
  await new Promise((r) => setTimeout(r, 3000));
  const mails = mailsFor("Per recipient");
  expect(mails.map((m) => m.recipients.join(",")).sort()).toEqual(["alice@bi.test", "bob@bi.test", "carol@bi.test"]);
  const to = (who: string) => mails.find((m) => m.recipients[0] === who)!;
  expect(String(to("alice@bi.test").mail.html)).toContain('<p class="filters">Filters: Gender: boy</p>');
  expect(String(to("bob@bi.test").mail.html)).toContain('<p class="filters">Filters: Gender: girl</p>');
  expect(String(to("carol@bi.test").mail.html)).not.toContain("Filters:");
  // one picture per filter state, drawn from differently filtered data: no two alike
  const pictures = ["alice@bi.test", "bob@bi.test", "carol@bi.test"].map((who) => to(who).mail.attachments[0].content.toString("base64"));
  expect(new Set(pictures).size).toBe(3);
  for (const p of pictures) expect(drawnPixels(PNG.sync.read(Buffer.from(p, "base64")))).toBeGreaterThan(1000);
  // (the log rows are not checked again here: a tick prunes rows older than log_retention counted from its own,
  // faked 2031 time, and the rows carry the machine's real time)
  console.log(`per-recipient dashboard report (3 emails, 3 filter states): ${ms} ms from tick to Success`);
}, 180_000);

test("a report and an alert run as an executor bound by row-level security: the CSV and the alert's value hold only the executor's rows", async () => {
  const send = (path: string, init: RequestInit = {}) => fetch(`${worker.url}${path}`, { ...init, headers: { Connection: "close", ...(init.headers ?? {}) } });
  const login = await send("/api/v1/security/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...TEST_ADMIN, provider: "db" }) });
  const api = bearerClient(((await login.json()) as { access_token: string }).access_token, send);
  const made = async (path: string, body: unknown) => {
    const res = await api.post(path, body);
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const [{ adminRole, dataset }] = d1<{ adminRole: number; dataset: number }>("SELECT (SELECT id FROM ab_role WHERE name = 'Admin') AS adminRole, (SELECT id FROM tables WHERE table_name = 'birth_names') AS dataset");
  const girlsRole = await made("/api/v1/security/roles/", { name: "Report girls" });
  const executor = await made("/api/v1/security/users/", { username: "report_girls", first_name: "Report", last_name: "Girls", email: "girls@bi.test", password: "pw-report-girls-1", roles: [adminRole, girlsRole] });
  await made("/api/v1/rowlevelsecurity/", { name: "Report girls only", filter_type: "Regular", tables: [dataset], roles: [girlsRole], clause: "gender = 'girl'" });

  const m1 = nextMinute();
  const report = createSchedule({ name: "Girls births", minute: m1, owner: executor });
  expect((await runAt(report, m1)).at(-1)?.state).toBe("Success");
  const lines = mailsFor("Girls births")[0].mail.attachments[0].content.toString("utf8").replace(/^\uFEFF/, "").trim().split(/\r\n/);
  expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(["girl"]);

  // unfiltered, the count is 2 and the alert would stay quiet; through the executor's rule it is 1 and fires
  const m2 = nextMinute();
  const alert = createSchedule({ name: "Girls alert", type: "Alert", minute: m2, owner: executor, sql: "SELECT COUNT(DISTINCT gender) FROM birth_names", validator: ["operator", { op: "==", threshold: 1 }] });
  expect((await runAt(alert, m2)).at(-1)).toMatchObject({ state: "Success", value: "1" });
}, 180_000);
