// Where the main thread's time goes on the 24-chart dashboard of bench/dashboard.mjs (issue 11 P2 and the
// no-long-task goal, issue 12's filter apply), from Chrome traces: the warm navigation until every chart is
// painted, and a filter apply until the charts in scope are repainted. Busy time and its split are the page's own
// work, which a loaded shared machine changes far less than the wall-clock figures printed beside them.
//   node bench/dashboard-profile.mjs            (needs a build: npm run build)
import { loadavg } from "node:os";
import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
import { round, saveResults } from "./_lib.mjs";
import { launchChromium } from "./_browser.mjs";
import { applyRun, instrument, make24, p2Run, salesFilterMetadata } from "./_dashboard.mjs";
import { traceHooks } from "./_trace.mjs";

const print = (label, run) => {
  const { trace, ...figures } = run;
  console.log(`\n== ${label}: ${JSON.stringify(figures)}`);
  console.log(JSON.stringify(trace, null, 1));
};

const loadBefore = loadavg()[0];
const worker = await startWorker();
const browser = await launchChromium();
const out = {};
try {
  const form = new URLSearchParams({ ...TEST_ADMIN, next: "/" });
  const login = await fetch(`${worker.url}/login/`, { method: "POST", body: form, redirect: "manual" });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  const csrf = (await (await fetch(`${worker.url}/api/v1/security/csrf_token/`, { headers: { Cookie: cookie } })).json()).result;
  const slug = await make24(worker.url, cookie, csrf, await salesFilterMetadata(worker.url, cookie));
  const context = await browser.newContext({ baseURL: worker.url, viewport: { width: 1440, height: 3800 }, timezoneId: "UTC" });
  await context.addCookies([{ name: "session", value: cookie.slice("session=".length), url: worker.url }]);
  await context.addInitScript(instrument);
  await p2Run(context, slug); // fills the chart-data cache and the browser's asset cache
  await new Promise((r) => setTimeout(r, 1000));
  out.warm = await p2Run(context, slug, traceHooks(browser));
  print("P2 warm navigation", out.warm);
  await applyRun(context, slug); // fills the cache of the filtered queries
  out.apply = await applyRun(context, slug, traceHooks(browser));
  print("filter apply", out.apply);
} finally {
  await browser.close();
  await worker.stop();
}
saveResults("dashboard-profile", { machine_load_1min: round(loadBefore, 2), machine_load_after: round(loadavg()[0], 2), ...out });
