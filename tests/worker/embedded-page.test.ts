import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, workerFetch, type ApiClient } from "../support/client";
import { json, unique } from "../support/access";

// The embedded page /embedded/{uuid}: served without a session (it holds only the dashboard's id and the allowed
// hosts), framed only by the hosts its configuration allows (CSP frame-ancestors; none listed: any), never by
// X-Frame-Options; the internal header the route names them in never leaves the Worker. Its data route answers
// nobody without a guest token.

let admin: ApiClient;

beforeAll(async () => {
  admin = await loginAsAdmin();
});

async function embeddedDashboard(domains: string[]): Promise<{ id: number; uuid: string }> {
  const slug = `embp-${unique()}`;
  const made = await admin.post("/api/v1/dashboard/", { dashboard_title: `Embedded page ${slug}`, slug, published: true });
  expect(made.status, await made.clone().text()).toBe(201);
  const id = (await json<{ id: number }>(made)).id;
  const embedded = await admin.post(`/api/v1/dashboard/${id}/embedded`, { allowed_domains: domains });
  expect(embedded.status, await embedded.clone().text()).toBe(200);
  return { id, uuid: (await json<{ result: { uuid: string } }>(embedded)).result.uuid };
}

const frameAncestorsOf = (res: Response) => /frame-ancestors ([^;]*)/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1];

test("the page carries frame-ancestors of the allowed hosts only, no X-Frame-Options, and needs no session", async () => {
  const d = await embeddedDashboard(["https://host.example", "http://localhost:4100/app"]);
  const res = await workerFetch(`/embedded/${d.uuid}`);
  expect(res.status).toBe(200);
  expect(frameAncestorsOf(res)).toBe("https://host.example http://localhost:4100");
  expect(res.headers.get("X-Frame-Options")).toBeNull();
  expect(res.headers.get("X-Embedded-Frame-Ancestors")).toBeNull();
  const html = await res.text();
  // the page holds the embedded configuration for its script, nothing of the dashboard before a guest token arrives
  expect(html).toContain(d.uuid);
  expect(html).toContain("dashboardId");
  expect(html).not.toContain("Embedded page embp-");
});

test("no allowed domain: any host may frame it, as Superset", async () => {
  const d = await embeddedDashboard([]);
  const res = await workerFetch(`/embedded/${d.uuid}`);
  expect(res.status).toBe(200);
  expect(frameAncestorsOf(res)).toBe("*");
});

test("other pages keep frame-ancestors 'self'; an unknown or malformed uuid is a 404 that no host may frame", async () => {
  expect(frameAncestorsOf(await workerFetch("/login/"))).toBe("'self'");
  for (const path of [`/embedded/00000000-0000-4000-8000-000000000000`, "/embedded/not-a-uuid"]) {
    const res = await workerFetch(path);
    expect(res.status).toBe(404);
    expect(frameAncestorsOf(res)).toBe("'self'");
  }
});

test("the embedded dashboard's data answers 401 to a caller without a guest token", async () => {
  const d = await embeddedDashboard([]);
  const res = await workerFetch(`/embedded/${d.uuid}/dashboard`);
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ message: "A valid guest token is required." });
});
