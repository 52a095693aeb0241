import { expect, inject, test } from "vitest";
import { browserSession, loginAsAdmin, workerFetch } from "../support/client";
import { gammaUser, json, unique } from "../support/access";

// The Settings menu's CSS templates and annotation layers pages (Superset's /csstemplatemodelview/list/,
// /annotationlayer/list/ and /annotationlayer/{id}/annotation/): server-rendered rows, search and sort from the
// address, write buttons only for writers, and menu entries only for roles with menu_access on them.

const page = async (cookie: string, path: string) => {
  const res = await workerFetch(path, { headers: { Cookie: cookie }, redirect: "manual" });
  return { status: res.status, html: await res.text() };
};

test("the CSS templates page lists, searches and sorts templates case-insensitively", async () => {
  const admin = await loginAsAdmin();
  const run = unique();
  for (const name of [`Beta ${run}`, `alpha ${run}`]) expect((await admin.post("/api/v1/css_template/", { template_name: name, css: `.x-${run} {}` })).status).toBe(201);
  const { cookie } = await browserSession(inject("admin").username, inject("admin").password);
  const { status, html } = await page(cookie, `/csstemplatemodelview/list/?search=x-${run}`);
  expect(status).toBe(200);
  expect(html).toContain("2 CSS templates");
  expect(html.indexOf(`alpha ${run}`)).toBeLessThan(html.indexOf(`Beta ${run}`));
  expect(html).toContain("+ CSS template");
  const desc = await page(cookie, `/csstemplatemodelview/list/?search=x-${run}&sort=template_name&order=desc`);
  expect(desc.html.indexOf(`Beta ${run}`)).toBeLessThan(desc.html.indexOf(`alpha ${run}`));
});

test("a layer's page lists its annotations; an unknown layer is a 404", async () => {
  const admin = await loginAsAdmin();
  const name = `Layer ${unique()}`;
  const { id } = await json(await admin.post("/api/v1/annotation_layer/", { name, descr: "launches" }));
  await admin.post(`/api/v1/annotation_layer/${id}/annotation/`, { short_descr: "GA day", start_dttm: "2024-02-01T09:00", end_dttm: "2024-02-01T17:00" });
  const { cookie } = await browserSession(inject("admin").username, inject("admin").password);
  const layers = await page(cookie, `/annotationlayer/list/?search=${encodeURIComponent(name)}`);
  expect(layers.status).toBe(200);
  expect(layers.html).toContain(`href="/annotationlayer/${id}/annotation/"`);
  const annotations = await page(cookie, `/annotationlayer/${id}/annotation/`);
  expect(annotations.status).toBe(200);
  expect(annotations.html).toContain("GA day");
  expect(annotations.html).toContain("2024-02-01 09:00");
  expect(annotations.html).toContain("+ Annotation");
  expect((await page(cookie, "/annotationlayer/999999/annotation/")).status).toBe(404);
});

test("Gamma reads the pages without write buttons and has no menu entries; Alpha has the entries", async () => {
  const admin = await loginAsAdmin();
  const gamma = await gammaUser(admin, []);
  const { cookie } = await browserSession(gamma.username, gamma.password);
  const css = await page(cookie, "/csstemplatemodelview/list/");
  expect(css.status).toBe(200);
  expect(css.html).not.toContain("+ CSS template");
  const layers = await page(cookie, "/annotationlayer/list/");
  expect(layers.status).toBe(200);
  expect(layers.html).not.toContain("+ Annotation layer");
  // the menu travels in the root loader's data (its dropdown renders on open)
  expect(layers.html).not.toContain("/csstemplatemodelview/list/");

  const alphaRole = (await json(await admin.get(`/api/v1/security/roles/?q=(filters:!((col:name,opr:eq,value:Alpha)))`))).result[0].id;
  const username = `alpha_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  expect((await admin.post("/api/v1/security/users/", { username, password, first_name: "A", last_name: "Lpha", email: `${username}@example.com`, roles: [alphaRole] })).status).toBe(201);
  const alpha = await browserSession(username, password);
  const home = await page(alpha.cookie, "/annotationlayer/list/");
  expect(home.html).toContain("/csstemplatemodelview/list/");
  expect(home.html).toContain("+ Annotation layer");
});
