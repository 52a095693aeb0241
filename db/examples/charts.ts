import type { Database } from "../client";
import { CHART_EXAMPLES } from "../../core/charts/examples";
import { EXAMPLES_DATABASE } from "../../core/examples/index";
import { EXAMPLES_SCHEMA } from "./registration";

// Creates the example chart of every registered chart type (core/charts/types/<type>/example.ts) on the example
// datasets, owned by the first admin, so a newcomer sees each chart type working after `npm start`.
//
// A key_value row records the viz_types whose example was made: a chart a user deleted does not come back on
// the next cold start, while a chart type added later gets its example on the first start that knows it.
// Each chart has a uuid derived from its viz_type, so concurrent first requests cannot create it twice.

const MARKER_UUID = "5e1ec7ed-0000-4000-8000-e8a3c0c4a875";
const MARKER_RESOURCE = "example_charts";

/** A stable uuid (version 5 layout) per viz_type: the same example chart has the same uuid on every install. */
export async function exampleChartUuid(vizType: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", new TextEncoder().encode(`superset-edge example chart ${vizType}`)));
  digest[6] = (digest[6] & 0x0f) | 0x50;
  digest[8] = (digest[8] & 0x3f) | 0x80;
  const hex = [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function registerExampleCharts(db: Database, adminUsername = "admin"): Promise<void> {
  const d1 = db.$client;
  const marker = await d1.prepare("SELECT value FROM key_value WHERE uuid = ?1").bind(MARKER_UUID).first<{ value: string }>();
  const done = new Set<string>(marker ? (JSON.parse(marker.value) as string[]) : []);
  const wanted = Object.entries(CHART_EXAMPLES).filter(([vizType]) => !done.has(vizType));
  if (!wanted.length) return;

  const datasets = await d1
    .prepare("SELECT t.id, t.table_name FROM tables t JOIN dbs d ON d.id = t.database_id WHERE d.database_name = ?1 AND t.schema = ?2")
    .bind(EXAMPLES_DATABASE.name, EXAMPLES_SCHEMA)
    .all<{ id: number; table_name: string }>();
  const datasetIds = new Map(datasets.results.map((r) => [r.table_name, r.id]));
  // the admin created at first start, or (renamed or removed) the longest-standing Admin
  const admin = await d1
    .prepare(
      `SELECT u.id FROM ab_user u JOIN ab_user_role ur ON ur.user_id = u.id JOIN ab_role r ON r.id = ur.role_id AND r.name = 'Admin'
       ORDER BY u.username = ?1 DESC, u.id LIMIT 1`,
    )
    .bind(adminUsername)
    .first<{ id: number }>();

  const now = new Date().toISOString();
  const writes = [];
  for (const [vizType, example] of wanted) {
    const datasetId = datasetIds.get(example.dataset);
    // the example dataset was deleted by a user: no chart on it
    if (datasetId === undefined) continue;
    const uuid = await exampleChartUuid(vizType);
    const params = JSON.stringify({ ...example.params, datasource: `${datasetId}__table`, viz_type: vizType });
    writes.push(
      d1
        .prepare(
          `INSERT INTO slices (uuid, slice_name, viz_type, datasource_id, datasource_type, params, created_by_fk, changed_by_fk, created_on, changed_on)
           VALUES (?1, ?2, ?3, ?4, 'table', ?5, ?6, ?6, ?7, ?7) ON CONFLICT DO NOTHING`,
        )
        .bind(uuid, example.name, vizType, datasetId, params, admin?.id ?? null, now),
    );
    if (admin) writes.push(d1.prepare("INSERT OR IGNORE INTO slice_user (user_id, slice_id) SELECT ?1, id FROM slices WHERE uuid = ?2").bind(admin.id, uuid));
  }
  const made = JSON.stringify([...new Set([...done, ...wanted.map(([v]) => v)])].sort());
  writes.push(
    d1
      .prepare(
        `INSERT INTO key_value (uuid, resource, value, created_on) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (uuid) DO UPDATE SET value = excluded.value`,
      )
      .bind(MARKER_UUID, MARKER_RESOURCE, made, now),
  );
  await d1.batch(writes);
}
