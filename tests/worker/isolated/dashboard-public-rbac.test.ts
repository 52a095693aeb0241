import { beforeAll, expect, test } from "vitest";
import { strToU8, zipSync } from "fflate";
import { stringify as toYaml } from "yaml";
import { datasourcePermName } from "../../../core/security/permissions";
import { exampleDataset, json, pairFor, pairs, q, roleId, unique, type Pair } from "../../support/access";
import { loginAs, loginAsAdmin, useWorkerVars, workerFetch, type ApiClient } from "../../support/client";

// Superset's PUBLIC_ROLE_LIKE and DASHBOARD_RBAC, on a Worker of its own with DASHBOARD_RBAC on (the Public
// role's grants would change what anonymous callers of the other files get): anonymous visitors see the
// published dashboards an admin opened to the Public role and nothing else; a dashboard's roles grant it.

let admin: ApiClient;
let all: Pair[];
let birthNames: { id: number; database: { database_name: string } };
let flights: { id: number; database: { database_name: string } };

beforeAll(async () => {
  useWorkerVars({ DASHBOARD_RBAC: "true" });
  admin = await loginAsAdmin();
  all = await pairs(admin);
  birthNames = await exampleDataset(admin, "birth_names");
  flights = await exampleDataset(admin, "flights");
});

const pairId = (permission: string, view: string) => {
  const found = pairFor(all, permission, view);
  if (!found) throw new Error(`no pair ${permission} on ${view}`);
  return found.id;
};
const datasetPair = (d: { id: number; database: { database_name: string } }, table: string) =>
  pairId("datasource_access", datasourcePermName(d.database.database_name, table, d.id));

async function chartOn(datasetId: number): Promise<number> {
  const res = await admin.post("/api/v1/chart/", {
    slice_name: `Public chart ${unique()}`, viz_type: "pie", datasource_id: datasetId, datasource_type: "table",
    params: JSON.stringify({ viz_type: "pie", metric: "count", groupby: ["gender"] }),
  });
  expect(res.status).toBe(201);
  return (await json(res)).id;
}

async function dashboard(title: string, chartId: number, extra: Record<string, unknown> = {}): Promise<{ id: number; slug: string }> {
  const slug = `pub-${unique()}`;
  const layout = {
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-1"], parents: ["ROOT_ID"] },
    "ROW-1": { type: "ROW", id: "ROW-1", children: [`CHART-${chartId}`], parents: ["ROOT_ID", "GRID_ID"] },
    [`CHART-${chartId}`]: { type: "CHART", id: `CHART-${chartId}`, children: [], meta: { chartId, width: 6, height: 50 } },
  };
  const res = await admin.post("/api/v1/dashboard/", { dashboard_title: title, slug, published: true, position_json: JSON.stringify(layout), ...extra });
  expect(res.status).toBe(201);
  return { id: (await json(res)).id, slug };
}

const anonymous = (path: string, init: RequestInit = {}) => workerFetch(path, { redirect: "manual", ...init });

test("anonymous visitors see the published dashboards an admin opens to the Public role, and are sent to login for anything else", async () => {
  const shown = await dashboard(`Open sales ${unique()}`, await chartOn(birthNames.id));
  const draft = await dashboard(`Hidden draft ${unique()}`, await chartOn(birthNames.id), { published: false });
  const otherData = await dashboard(`Flights ${unique()}`, await chartOn(flights.id));

  // the Public role grants nothing yet: the dashboard page asks for a login and the API answers 401
  const before = await anonymous(`/superset/dashboard/${shown.slug}/`);
  expect(before.status).toBe(302);
  expect(before.headers.get("Location")).toContain("/login/?next=");
  expect((await anonymous(`/api/v1/dashboard/${shown.id}`)).status).toBe(401);

  const publicRole = await roleId(admin, "Public");
  const granted = [pairId("can_read", "Dashboard"), pairId("can_read", "Chart"), datasetPair(birthNames, "birth_names")];
  expect((await admin.post(`/api/v1/security/roles/${publicRole}/permissions`, { permission_view_menu_ids: granted })).status).toBe(200);
  try {
    const page = await anonymous(`/superset/dashboard/${shown.slug}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Open sales");
    const listed = await json(await anonymous(`/api/v1/dashboard/?q=${q({ page_size: 100 })}`));
    const ids = listed.result.map((d: { id: number }) => d.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(draft.id); // drafts only for owners and admins
    expect(ids).not.toContain(otherData.id); // a dataset the Public role was not given
    const data = await anonymous("/api/v1/chart/data", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ datasource: { id: birthNames.id, type: "table" }, queries: [{ columns: ["gender"], metrics: ["count"] }], result_format: "json", result_type: "full" }),
    });
    expect(data.status).toBe(200);

    // nothing else: other dashboards, pages and APIs want a login
    for (const path of [`/superset/dashboard/${draft.slug}/`, `/superset/dashboard/${otherData.slug}/`, "/", "/superset/welcome/", "/chart/list/", "/dashboard/list/", "/sqllab/", "/databaseview/list/"]) {
      const res = await anonymous(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toContain("/login/");
    }
    expect((await anonymous("/api/v1/database/")).status).toBe(401);
    expect((await anonymous("/api/v1/me/")).status).toBe(401);
    expect((await anonymous("/api/v1/log/recent_activity/")).status).toBe(401);
  } finally {
    expect((await admin.post(`/api/v1/security/roles/${publicRole}/permissions`, { permission_view_menu_ids: [] })).status).toBe(200);
  }
  expect((await anonymous(`/superset/dashboard/${shown.slug}/`)).status).toBe(302);
});

test("with DASHBOARD_RBAC a published dashboard's roles grant it, and a dashboard with roles is seen through them only", async () => {
  const role = await admin.post("/api/v1/security/roles/", { name: `viewers_${unique()}` });
  expect(role.status).toBe(201);
  const viewersRole = (await json(role)).id as number;
  const other = await admin.post("/api/v1/security/roles/", { name: `others_${unique()}` });
  const othersRole = (await json(other)).id as number;
  const byRole = await dashboard(`By role ${unique()}`, await chartOn(flights.id), { roles: [viewersRole] });
  const otherRoles = await dashboard(`Other roles ${unique()}`, await chartOn(birthNames.id), { roles: [othersRole] });
  const plain = await dashboard(`Plain ${unique()}`, await chartOn(birthNames.id));

  // a Gamma user in the viewers role with access to birth_names only
  const readers = await admin.post("/api/v1/security/roles/", { name: `bn_${unique()}` });
  const readersRole = (await json(readers)).id as number;
  await admin.post(`/api/v1/security/roles/${readersRole}/permissions`, { permission_view_menu_ids: [datasetPair(birthNames, "birth_names")] });
  const username = `rbac_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const made = await admin.post("/api/v1/security/users/", {
    username, first_name: "Rita", last_name: "Back", email: `${username}@example.com`, password,
    roles: [await roleId(admin, "Gamma"), viewersRole, readersRole],
  });
  expect(made.status).toBe(201);
  const user = await loginAs(username, password);

  const listed = (await json(await user.get(`/api/v1/dashboard/?q=${q({ page_size: 100 })}`))).result.map((d: { id: number }) => d.id);
  expect(listed).toContain(byRole.id); // granted by its role, though the user cannot read flights
  expect(listed).toContain(plain.id); // no roles: data access as usual
  expect(listed).not.toContain(otherRoles.id); // roles set, none of them the user's: data access no longer enough
  expect((await user.get(`/api/v1/dashboard/${byRole.slug}`)).status).toBe(200);
  expect((await user.get(`/api/v1/dashboard/${otherRoles.id}`)).status).toBe(404);
});

test("with DASHBOARD_RBAC a dashboard's roles grant its charts' data, named by dashboardId and slice_id, to the role only", async () => {
  const viewersRole = (await json(await admin.post("/api/v1/security/roles/", { name: `data_viewers_${unique()}` }))).id as number;
  const othersRole = (await json(await admin.post("/api/v1/security/roles/", { name: `data_others_${unique()}` }))).id as number;
  const onDashboard = await chartOn(flights.id);
  const granted = await dashboard(`Flights by role ${unique()}`, onDashboard, { roles: [viewersRole] });
  const otherChart = await chartOn(flights.id);
  const notMine = await dashboard(`Flights for others ${unique()}`, otherChart, { roles: [othersRole] });
  // a Gamma user in the viewers role, with no access to the flights dataset
  const username = `rbacdata_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const made = await admin.post("/api/v1/security/users/", {
    username, first_name: "Dana", last_name: "Grant", email: `${username}@example.com`, password, roles: [await roleId(admin, "Gamma"), viewersRole],
  });
  expect(made.status).toBe(201);
  const user = await loginAs(username, password);

  const context = (formData: Record<string, unknown> | null) => ({
    datasource: { id: flights.id, type: "table" }, ...(formData ? { form_data: formData } : {}),
    queries: [{ metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "n" }] }], result_format: "json", result_type: "full",
  });
  const asked = context({ dashboardId: granted.id, slice_id: onDashboard, viz_type: "pie" });
  const first = await user.post("/api/v1/chart/data", asked);
  expect(first.status).toBe(200);
  expect((await json(first)).result[0].data[0].n).toBeGreaterThan(0);
  // again (the per-isolate front cache answers it, checking the grant again)
  expect((await user.post("/api/v1/chart/data", asked)).status).toBe(200);

  // not through the dashboard, a dashboard of roles the user lacks, or a chart that is not on the dashboard: 403
  for (const formData of [null, { slice_id: onDashboard }, { dashboardId: notMine.id, slice_id: otherChart }, { dashboardId: granted.id, slice_id: otherChart }]) {
    const res = await user.post("/api/v1/chart/data", context(formData));
    expect(res.status, JSON.stringify(formData)).toBe(403);
    expect((await json(res)).errors[0].error_type).toBe("DATASOURCE_SECURITY_ACCESS_ERROR");
  }

  // the batch answers each context on its own: the granted one, and a 403 line for the other
  const batch = await user.post("/api/v1/chart/data/batch", { contexts: [asked, context({ dashboardId: notMine.id, slice_id: otherChart })] });
  expect(batch.status).toBe(200);
  const lines = (await batch.text()).trim().split("\n").map((l) => JSON.parse(l) as { index: number; status: number });
  expect(Object.fromEntries(lines.map((l) => [l.index, l.status]))).toEqual({ 0: 200, 1: 403 });
});

test("with DASHBOARD_RBAC a dashboard owner cannot read another's dataset by placing its chart (or a filter on it) on their dashboard", async () => {
  // the attacker writes dashboards and charts, reads birth_names only, and is in a role of their own
  const attackerRole = (await json(await admin.post("/api/v1/security/roles/", { name: `placers_${unique()}` }))).id as number;
  const granted = await admin.post(`/api/v1/security/roles/${attackerRole}/permissions`, {
    permission_view_menu_ids: [pairId("can_write", "Dashboard"), pairId("can_write", "Chart"), datasetPair(birthNames, "birth_names")],
  });
  expect(granted.status).toBe(200);
  const username = `placer_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const made = await admin.post("/api/v1/security/users/", {
    username, first_name: "Pla", last_name: "Cer", email: `${username}@example.com`, password, roles: [await roleId(admin, "Gamma"), attackerRole],
  });
  expect(made.status).toBe(201);
  const attacker = await loginAs(username, password);
  const victimChart = await chartOn(flights.id); // someone else's chart on flights, which the attacker may not read
  const ownChart = await chartOn(birthNames.id);
  const layout = (...ids: number[]) => JSON.stringify({
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-1"], parents: ["ROOT_ID"] },
    "ROW-1": { type: "ROW", id: "ROW-1", children: ids.map((i) => `CHART-${i}`), parents: ["ROOT_ID", "GRID_ID"] },
    ...Object.fromEntries(ids.map((i) => [`CHART-${i}`, { type: "CHART", id: `CHART-${i}`, children: [], meta: { chartId: i, width: 4, height: 50 } }])),
  });
  const filterOn = (datasetId: number) => ({ id: `NATIVE_FILTER-${unique()}`, name: "Origin", filterType: "filter_select", targets: [{ datasetId, column: { name: "ORIGIN_AIRPORT" } }] });
  const refused = async (res: Response, what: string) => {
    const body = await json(res);
    expect(res.status, `${what}: ${JSON.stringify(body)}`).toBe(403);
    expect(body.errors[0].error_type, what).toBe("DATASOURCE_SECURITY_ACCESS_ERROR");
  };
  const flightsData = (dashboardId: number) => attacker.post("/api/v1/chart/data", {
    datasource: { id: flights.id, type: "table" }, form_data: { dashboardId, slice_id: victimChart, viz_type: "pie" },
    queries: [{ metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "n" }] }], result_format: "json", result_type: "full",
  });

  // creating a published dashboard of their own role with the victim's chart on it
  await refused(await attacker.post("/api/v1/dashboard/", { dashboard_title: `Mine ${unique()}`, published: true, roles: [attackerRole], position_json: layout(victimChart) }), "POST");
  // their own dashboard is fine; adding the victim's chart, or a native filter on flights, to it is not
  const own = await attacker.post("/api/v1/dashboard/", { dashboard_title: `Mine ${unique()}`, published: true, roles: [attackerRole], position_json: layout(ownChart) });
  expect(own.status).toBe(201);
  const ownId = (await json(own)).id as number;
  await refused(await attacker.put(`/api/v1/dashboard/${ownId}`, { position_json: layout(ownChart, victimChart) }), "PUT position_json");
  await refused(await attacker.put(`/api/v1/dashboard/${ownId}`, { json_metadata: JSON.stringify({ native_filter_configuration: [filterOn(flights.id)] }) }), "PUT json_metadata");
  await refused(await attacker.put(`/api/v1/dashboard/${ownId}/filters`, { modified: [filterOn(flights.id)] }), "PUT filters");
  // the Explore save path: a chart on flights cannot be made, nor someone else's chart joined to the dashboard
  const explored = await attacker.post("/api/v1/chart/", { slice_name: "x", viz_type: "pie", datasource_id: flights.id, datasource_type: "table", dashboards: [ownId] });
  expect(explored.status).toBeGreaterThanOrEqual(400);
  expect((await attacker.put(`/api/v1/chart/${victimChart}`, { dashboards: [ownId] })).status).toBeGreaterThanOrEqual(400);
  expect((await json(await attacker.get(`/api/v1/dashboard/${ownId}/charts`))).result.map((c: { id: number }) => c.id)).toEqual([ownChart]);
  await refused(await flightsData(ownId), "chart data through the attacker's dashboard");
  // nor through an import: its dashboard placing the victim's chart (named by uuid in the bundle), or a new chart
  // of the bundle on flights, or a native filter on flights
  const { env } = await import("cloudflare:workers");
  const victimUuid = (await (env as unknown as { DB: D1Database }).DB.prepare("SELECT uuid FROM slices WHERE id = ?").bind(victimChart).first<{ uuid: string }>())!.uuid;
  const flightsUuid = (await json(await admin.get(`/api/v1/dataset/${flights.id}`))).result.uuid as string;
  const importing = (chartUuid: string, metadata: Record<string, unknown> = {}) => {
    const chart = { slice_name: "Placed", viz_type: "pie", params: { viz_type: "pie" }, uuid: chartUuid, dataset_uuid: flightsUuid, version: "1.0.0" };
    const dash = {
      dashboard_title: `Imported ${unique()}`, uuid: crypto.randomUUID(), version: "1.0.0", metadata,
      position: { "CHART-v": { type: "CHART", id: "CHART-v", children: [], meta: { chartId: 1, uuid: chartUuid, width: 4, height: 50 } } },
    };
    const files = {
      "b/metadata.yaml": toYaml({ version: "1.0.0", type: "Dashboard", timestamp: "2024-01-01T00:00:00+00:00" }),
      "b/charts/placed.yaml": toYaml(chart), "b/dashboards/imported.yaml": toYaml(dash),
    };
    const form = new FormData();
    form.append("formData", new Blob([zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)]))) as Uint8Array<ArrayBuffer>], { type: "application/zip" }), "b.zip");
    return attacker.raw("/api/v1/dashboard/import/", { method: "POST", body: form });
  };
  await refused(await importing(victimUuid), "import placing the victim's chart");
  await refused(await importing(crypto.randomUUID()), "import placing a new chart on flights");

  // an admin's dashboard with the victim's chart, handed to the attacker as owner: owning it grants no data,
  // and giving it the attacker's role would grant what the attacker cannot read, so that save is refused
  const handed = await admin.post("/api/v1/dashboard/", { dashboard_title: `Handed ${unique()}`, published: true, owners: [(await json(made)).id], position_json: layout(victimChart) });
  expect(handed.status).toBe(201);
  const handedId = (await json(handed)).id as number;
  await refused(await flightsData(handedId), "chart data as the owner");
  await refused(await attacker.put(`/api/v1/dashboard/${handedId}`, { roles: [attackerRole] }), "PUT roles");
  await refused(await flightsData(handedId), "chart data after the refused role");
  // "Save as" of a dashboard the attacker sees through a role: the copy would be theirs, with what they cannot read
  const shared = await dashboard(`Shared ${unique()}`, victimChart, { roles: [attackerRole] });
  expect((await flightsData(shared.id)).status).toBe(200); // the role grant itself still works
  await refused(await attacker.post(`/api/v1/dashboard/${shared.id}/copy/`, { dashboard_title: `Copy ${unique()}`, json_metadata: "{}", duplicate_slices: false }), "copy");
});

test("each anonymous visitor's filter states and Explore form data are theirs alone", async () => {
  const shown = await dashboard(`Anon states ${unique()}`, await chartOn(birthNames.id));
  const publicRole = await roleId(admin, "Public");
  const granted = [
    pairId("can_read", "Dashboard"), pairId("can_read", "Chart"), datasetPair(birthNames, "birth_names"),
    pairId("can_read", "ExploreFormDataRestApi"), pairId("can_write", "ExploreFormDataRestApi"),
  ];
  expect((await admin.post(`/api/v1/security/roles/${publicRole}/permissions`, { permission_view_menu_ids: granted })).status).toBe(200);
  try {
    // a visitor: the first write hands them an owner cookie, which their later requests send
    const visitor = () => {
      let cookie = "";
      return async (path: string, method = "GET", body?: unknown) => {
        const res = await anonymous(path, {
          method, headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) }, body: body === undefined ? undefined : JSON.stringify(body),
        });
        const set = /anon_owner=[^;]+/.exec(res.headers.get("set-cookie") ?? "");
        if (set) cookie = set[0];
        return res;
      };
    };
    const alice = visitor();
    const bob = visitor();
    const state = (v: string) => ({ value: JSON.stringify({ "NATIVE_FILTER-1": { filterState: { value: [v] } } }) });
    const marker = `only_alice_${unique()}`;
    const made = await alice(`/api/v1/dashboard/${shown.id}/filter_state`, "POST", state(marker));
    expect(made.status).toBe(201);
    expect(made.headers.get("set-cookie")).toMatch(/anon_owner=.*HttpOnly/i);
    const key = (await json(made)).key as string;
    const path = `/api/v1/dashboard/${shown.id}/filter_state/${key}`;
    expect((await alice(path)).status).toBe(200);
    // another anonymous visitor can neither read, change nor delete it, nor open the dashboard page with it
    expect((await bob(path)).status).toBe(404);
    expect((await bob(path, "PUT", state("girl"))).status).toBe(404);
    expect((await bob(path, "DELETE")).status).toBe(404);
    const page = await (await bob(`/superset/dashboard/${shown.slug}/?native_filters_key=${key}`)).text();
    expect(page).not.toContain(marker);
    // a cookie forged without the secret names nobody
    expect((await anonymous(path, { headers: { Cookie: "anon_owner=eyJhaWQiOiJ4In0.forged" } })).status).toBe(404);
    // the owner still has it, unchanged, and may change it
    expect(JSON.parse((await json(await alice(path))).value)["NATIVE_FILTER-1"].filterState.value).toEqual([marker]);
    expect(await (await alice(`/superset/dashboard/${shown.slug}/?native_filters_key=${key}`)).text()).toContain(marker);
    expect((await alice(path, "PUT", state("both"))).status).toBe(200);

    // Explore's unsaved form data likewise
    const formData = { datasource_id: birthNames.id, datasource_type: "table", form_data: JSON.stringify({ viz_type: "table", datasource: `${birthNames.id}__table` }) };
    const stored = await alice("/api/v1/explore/form_data", "POST", formData);
    expect(stored.status).toBe(201);
    const formKey = (await json(stored)).key as string;
    expect((await alice(`/api/v1/explore/form_data/${formKey}`)).status).toBe(200);
    expect((await bob(`/api/v1/explore/form_data/${formKey}`)).status).toBe(404);
    expect((await bob(`/api/v1/explore/form_data/${formKey}`, "DELETE")).status).toBe(403);
    // bob's PUT gets a key of his own and leaves alice's entry alone
    const bobs = await bob(`/api/v1/explore/form_data/${formKey}`, "PUT", formData);
    expect(bobs.status).toBe(200);
    expect((await json(bobs)).key).not.toBe(formKey);
    expect((await alice(`/api/v1/explore/form_data/${formKey}`)).status).toBe(200);
  } finally {
    expect((await admin.post(`/api/v1/security/roles/${publicRole}/permissions`, { permission_view_menu_ids: [] })).status).toBe(200);
  }
});
