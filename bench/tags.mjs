// Tags (issue 34): what tags cost the lists and what the all-entities answer costs. Over an isolated `wrangler dev`
// of the last build: 300 dashboards, each with its system tags and 3 custom tags of 20, then (warm) the dashboard
// list's first page with its tags, the same list filtered by one tag (dashboard_tag_id), and
// GET /api/v1/tag/get_objects/?tagIds= for a tag on 15 dashboards and on 300.
import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
import { saveResults, summary, adminApi } from "./_lib.mjs";

const RUNS = 100;
const DASHBOARDS = 300;
const rison = (v) => encodeURIComponent(v);

const worker = await startWorker();
try {
  const { api, bearer } = await adminApi(worker.url, TEST_ADMIN);
  const run = Date.now().toString(36);
  const ids = [];
  for (let i = 0; i < DASHBOARDS; i++) ids.push((await api("/api/v1/dashboard/", { method: "POST", body: JSON.stringify({ dashboard_title: `bench tags ${run} ${i}` }) }, bearer)).id);
  // 20 custom tags: tag k on every dashboard i with i % 20 in {k, k+1, k+2}; one tag on all of them
  const tags = [...Array(20).keys()].map((k) => ({ name: `bench-${run}-${k}`, objects_to_tag: ids.filter((_, i) => [k, (k + 1) % 20, (k + 2) % 20].includes(i % 20)).map((id) => ["dashboard", id]) }));
  tags.push({ name: `bench-${run}-all`, objects_to_tag: ids.map((id) => ["dashboard", id]) });
  await api("/api/v1/tag/bulk_create", { method: "POST", body: JSON.stringify({ tags }) }, bearer);
  const tagId = async (name) => (await api(`/api/v1/tag/?q=${rison(`(filters:!((col:name,opr:eq,value:'${name}')))`)}`, {}, bearer)).ids[0];
  const some = await tagId(`bench-${run}-0`);
  const all = await tagId(`bench-${run}-all`);

  const timed = async (path) => {
    const t0 = performance.now();
    const res = await fetch(`${worker.url}${path}`, { headers: bearer });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return performance.now() - t0;
  };
  const paths = {
    dashboard_list_with_tags: `/api/v1/dashboard/?q=${rison("(page:0,page_size:25)")}`,
    dashboard_list_tag_filter: `/api/v1/dashboard/?q=${rison(`(filters:!((col:tags,opr:dashboard_tag_id,value:${some})),page:0,page_size:25)`)}`,
    get_objects_15: `/api/v1/tag/get_objects/?tagIds=${some}`,
    get_objects_300: `/api/v1/tag/get_objects/?tagIds=${all}`,
  };
  const figures = { runs: RUNS, dashboards: DASHBOARDS };
  for (const [name, path] of Object.entries(paths)) {
    for (let i = 0; i < 5; i++) await timed(path);
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push(await timed(path));
    figures[name] = summary(times);
  }
  console.table(Object.fromEntries(Object.entries(paths).map(([k]) => [k, figures[k]])));
  saveResults("tags", figures);
} finally {
  await worker.stop();
}
