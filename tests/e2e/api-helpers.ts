import { expect, type Page } from "@playwright/test";

// Setting up journeys through the API with the page's session: the CSRF token writes need, and a create (POST)
// that must answer 201.

export async function csrfToken(page: Page): Promise<string> {
  return page.evaluate(async () => ((await (await fetch("/api/v1/security/csrf_token/")).json()) as { result: string }).result);
}

export async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(path, { data, headers: { "X-CSRFToken": await csrfToken(page) } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

export type PermissionPair = { id: number; permission: { name: string }; view_menu: { name: string } };

/** Every (permission, view) pair, page by page: a page holds at most 100 (FAB_API_MAX_PAGE_SIZE, as Superset). */
export async function permissionPairs(page: Page): Promise<PermissionPair[]> {
  const out: PermissionPair[] = [];
  for (let n = 0; ; n++) {
    const res = await page.request.get(`/api/v1/security/permissions-resources/?q=${encodeURIComponent(`(page:${n},page_size:100)`)}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { count: number; result: PermissionPair[] };
    out.push(...body.result);
    if (body.result.length < 100 || out.length >= body.count) return out;
  }
}

/** birth_names's dataset id and a maker of charts on it (over all time), each named with `run` so reruns do not clash. */
export async function birthNamesCharts(page: Page, run: string) {
  const found = await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))")}`);
  const ds = ((await found.json()) as { result: { id: number }[] }).result[0].id;
  const chart = async (name: string, viz: string, params: Record<string, unknown>) => (await post<{ id: number }>(page, "/api/v1/chart/", {
    slice_name: `${name} ${run}`, viz_type: viz, datasource_id: ds, datasource_type: "table",
    params: JSON.stringify({ datasource: `${ds}__table`, viz_type: viz, time_range: "No filter", ...params }),
  })).id;
  return { ds, chart };
}

/** A new Gamma user who may read the dataset `datasetId` (a role with its datasource_access), named with `name`. */
export async function datasetReader(page: Page, datasetId: number, name: string): Promise<{ username: string; password: string }> {
  const pair = (await permissionPairs(page)).find((p) => p.permission.name === "datasource_access" && p.view_menu.name.endsWith(`(id:${datasetId})`))!;
  const role = await post<{ id: number }>(page, "/api/v1/security/roles/", { name: `${name}_readers` });
  const granted = await page.request.post(`/api/v1/security/roles/${role.id}/permissions`, { data: { permission_view_menu_ids: [pair.id] }, headers: { "X-CSRFToken": await csrfToken(page) } });
  expect(granted.status()).toBe(200);
  const gammaRes = await page.request.get(`/api/v1/security/roles/?q=${encodeURIComponent("(filters:!((col:name,opr:eq,value:Gamma)))")}`);
  const gamma = ((await gammaRes.json()) as { result: { id: number }[] }).result[0].id;
  const password = `pw-${name}`;
  await post(page, "/api/v1/security/users/", { username: name, first_name: "Vic", last_name: "Viewer", email: `${name}@example.com`, password, roles: [gamma, role.id] });
  return { username: name, password };
}
