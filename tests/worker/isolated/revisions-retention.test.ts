import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, useWorkerVars, type ApiClient } from "../../support/client";
import { json, unique } from "../../support/access";

// REVISIONS_KEPT (issue 34): each save prunes an object's revisions beyond the number kept, in the save's own
// batch; the newest stay, numbered on from the last, and another object's history is untouched. Its own Worker
// vars, so it lives under isolated/.

let admin: ApiClient;

beforeAll(async () => {
  useWorkerVars({ REVISIONS_KEPT: "3" });
  admin = await loginAsAdmin();
});

test("only the last REVISIONS_KEPT revisions of each object are kept", async () => {
  const label = unique();
  const made = async (title: string) => (await json<{ id: number }>(await admin.post("/api/v1/dashboard/", { dashboard_title: title }))).id;
  const busy = await made(`Busy ${label}`);
  const quiet = await made(`Quiet ${label}`);
  for (let i = 1; i <= 5; i++) expect((await admin.put(`/api/v1/dashboard/${busy}`, { dashboard_title: `Busy ${label} ${i}` })).status).toBe(200);
  const list = await json(await admin.get(`/api/v1/dashboard/${busy}/revisions`));
  expect(list.result.map((r: { revision: number }) => r.revision)).toEqual([6, 5, 4]);
  const newest = await json(await admin.get(`/api/v1/dashboard/${busy}/revisions/${list.result[0].id}`));
  expect(newest.result.state.dashboard_title).toBe(`Busy ${label} 5`);
  expect((await json(await admin.get(`/api/v1/dashboard/${quiet}/revisions`))).count).toBe(1);
});
