// Alerts & reports figures (issue 15): how many cron ticks per second the scheduled handler takes with 50 active
// schedules (one ReportRunner claim per due schedule), what 1,000 duplicated ticks of one minute cost and send,
// and a CSV report's end-to-end time (tick → email accepted by a real SMTP server on 127.0.0.1), over 10 runs.
// Runs against an isolated `wrangler dev` of the last build. First, in this process: a chart PNG's CPU time
// (bench/_chart-draw.mjs).
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";
import { freePort, startWorker } from "../tests/support/server.mjs";
import { load, percentile, round, saveResults } from "./_lib.mjs";
import { measureChartDrawing } from "./_chart-draw.mjs";

const WRANGLER = join(resolve(import.meta.dirname, ".."), "node_modules/.bin/wrangler");
const SCHEDULES = 50;
const E2E_RUNS = 10;

const chartPng = await measureChartDrawing();

const arrivals = [];
const smtp = new SMTPServer({
  logger: false, authOptional: true, disabledCommands: ["STARTTLS"],
  onData(stream, session, cb) {
    const chunks = [];
    stream.on("data", (c) => chunks.push(c));
    stream.on("end", async () => {
      const at = performance.now();
      const { subject } = await simpleParser(Buffer.concat(chunks)); // the subject is an RFC 2047 encoded word
      arrivals.push({ at, subject: subject ?? "" });
      cb();
    });
  },
});
const smtpPort = await freePort();
await new Promise((r) => smtp.listen(smtpPort, "127.0.0.1", r));
const worker = await startWorker({ vars: { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtpPort), SMTP_MAIL_FROM: "bench@bi.test", EMAIL_REPORTS_SUBJECT_PREFIX: "[Bench]" } });

const d1 = (sql) => {
  const out = execFileSync(WRANGLER, ["d1", "execute", "DB", "--local", "--persist-to", worker.stateDir, "--config", worker.configPath, "--json", "--command", sql], {
    env: { ...process.env, PATH: `${join(resolve(import.meta.dirname, ".."), "node_modules/.bin")}:${process.env.PATH}`, CI: "true", WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" }, encoding: "utf8",
  });
  const results = JSON.parse(out);
  return results[results.length - 1].results;
};
const tick = (ms) => fetch(`${worker.url}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*&time=${ms}`, { headers: { Connection: "close" } });
const cronAt = (d) => `${d.getUTCMinutes()} ${d.getUTCHours()} ${d.getUTCDate()} ${d.getUTCMonth() + 1} *`;

try {
  await fetch(`${worker.url}/login/`); // first-start work: admin, examples
  const [{ admin, dataset }] = d1("SELECT (SELECT id FROM ab_user WHERE username = 'admin') AS admin, (SELECT id FROM tables WHERE table_name = 'birth_names') AS dataset");
  const params = JSON.stringify({ viz_type: "table", datasource: `${dataset}__table`, query_mode: "aggregate", groupby: ["state"], metrics: ["count"], adhoc_filters: [], row_limit: 100, time_range: "No filter" });
  const base = Date.UTC(2032, 1, 3, 6, 0);
  const minuteOf = (i) => new Date(base + i * 60_000);
  // 50 CSV reports, each due at its own minute: 0 … 49
  const values = Array.from({ length: SCHEDULES }, (_, i) =>
    `('Report', 'bench-${i}', 1, '${cronAt(minuteOf(i))}', 'UTC', 'CSV', (SELECT id FROM slices WHERE uuid = 'bench-chart'), ${admin}, ${admin}, 0)`).join(",\n");
  d1(`INSERT INTO slices (uuid, slice_name, viz_type, datasource_id, datasource_type, params) VALUES ('bench-chart', 'Births by state', 'table', ${dataset}, 'table', '${params}');
      INSERT INTO report_schedule (type, name, active, crontab, timezone, report_format, chart_id, created_by_fk, changed_by_fk, grace_period) VALUES ${values};
      INSERT INTO report_schedule_user (user_id, report_schedule_id) SELECT ${admin}, id FROM report_schedule WHERE name LIKE 'bench-%';
      INSERT INTO report_recipient (type, recipient_config_json, report_schedule_id) SELECT 'Email', '{"target":"bench@bi.test"}', id FROM report_schedule WHERE name LIKE 'bench-%'`);

  // 1. ticks/s: minutes with nothing due (an hour later than every schedule), 20 in flight
  const quiet = base + 3 * 3600_000;
  await load(() => tick(quiet), { total: 30, concurrency: 5 }); // warm-up
  const ticks = await load(() => tick(quiet + Math.floor(Math.random() * 59_000)), { total: 400, concurrency: 20 });
  console.log(`ticks with ${SCHEDULES} active schedules, none due: ${ticks.rps} ticks/s, p50 ${ticks.p50_ms} ms, p99 ${ticks.p99_ms} ms`);

  // 2. end to end: tick → email accepted, one report at a time
  const e2e = [];
  for (let i = 0; i < E2E_RUNS; i++) {
    const t0 = performance.now();
    await tick(minuteOf(i).getTime());
    while (!arrivals.some((a) => a.subject.includes(`bench-${i}:`))) {
      if (performance.now() - t0 > 60_000) throw new Error(`report bench-${i} did not arrive within 60 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
    e2e.push(arrivals.find((a) => a.subject.includes(`bench-${i}:`)).at - t0);
  }
  e2e.sort((a, b) => a - b);
  console.log(`CSV report end to end (tick → email accepted): p50 ${round(percentile(e2e, 50))} ms, max ${round(e2e.at(-1))} ms over ${E2E_RUNS} runs`);

  // 3. 1,000 duplicated ticks of one due minute, 50 in flight: how long, and how many emails
  const dup = minuteOf(20);
  const t0 = performance.now();
  const dupLoad = await load(() => tick(dup.getTime() + Math.floor(Math.random() * 50_000)), { total: 1000, concurrency: 50 });
  const dupWall = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 5000));
  const dupEmails = arrivals.filter((a) => a.subject.includes("bench-20:")).length;
  console.log(`1,000 duplicated ticks of one minute: ${round(dupWall)} ms (${dupLoad.rps} ticks/s, ${dupLoad.errors} errors), emails sent: ${dupEmails}`);

  saveResults("reports", {
    machine: "2 cores shared with other work; wrangler dev (workerd) on loopback, local D1, smtp-server on 127.0.0.1",
    chart_png_500_points_800x400: chartPng,
    active_schedules: SCHEDULES,
    ticks_none_due: ticks,
    report_end_to_end_ms: { runs: E2E_RUNS, p50: round(percentile(e2e, 50)), max: round(e2e.at(-1)) },
    duplicated_ticks: { ticks: 1000, concurrency: 50, wall_ms: round(dupWall), ticks_per_s: dupLoad.rps, errors: dupLoad.errors, emails_sent: dupEmails },
  });
} finally {
  await worker.stop();
  await new Promise((r) => smtp.close(r));
}
