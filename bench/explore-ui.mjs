// Explore's first-load weight (issue 10): the JS and CSS a browser downloads for /explore/ on a dataset, gzip
// level 9 as a CDN would serve it, against the route budget of 450 KB; and whether Monaco is among them (it must
// not be: the SQL boxes of the metric and filter popovers are plain textareas).
import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
import { saveResults } from "./_lib.mjs";
import { routeAssets } from "./_browser.mjs";

const BUDGET_KB = 450;

const worker = await startWorker();
try {
  const form = new URLSearchParams({ ...TEST_ADMIN, next: "/" });
  const login = await fetch(`${worker.url}/login/`, { method: "POST", body: form, redirect: "manual" });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  const q = encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))");
  const datasets = await (await fetch(`${worker.url}/api/v1/dataset/?q=${q}`, { headers: { Cookie: cookie } })).json();
  const explore = await routeAssets(worker.url, `/explore/?datasource_id=${datasets.result[0].id}&datasource_type=table`, cookie);
  const verdict = explore.total_gzip_kb <= BUDGET_KB && explore.monaco_files.length === 0 ? "within budget" : "OVER BUDGET";
  console.log(`explore first load: ${explore.files} files, JS ${explore.js_gzip_kb} KB + CSS ${explore.css_gzip_kb} KB gzip = ${explore.total_gzip_kb} KB (budget ${BUDGET_KB} KB, Monaco files: ${explore.monaco_files.length}) — ${verdict}`);
  saveResults("explore-ui", { explore_first_load: explore, budget_kb: BUDGET_KB });
} finally {
  await worker.stop();
}
