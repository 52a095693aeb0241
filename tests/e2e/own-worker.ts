import { test, type Page } from "@playwright/test";
import { login } from "./helpers";
import { startWorker, TEST_ADMIN } from "../support/server.mjs";

/**
 * A Worker of the spec's own, for journeys that need settings the shared one does not have (a small
 * SQL_MAX_ROW, async queries …): started before the spec's tests, stopped after them.
 */
export function ownWorker(vars: Record<string, string>) {
  let worker: { url: string; stop: () => Promise<void> } | undefined;
  test.beforeAll(async () => {
    // migrations, seeding and wrangler's start: well over the test timeout when the machine is busy (and a
    // hook timed out would leave the Worker it was starting running)
    test.setTimeout(240_000);
    worker = await startWorker({ vars });
  });
  test.afterAll(async () => {
    await worker?.stop();
  });
  const url = () => {
    if (!worker) throw new Error("the spec's own Worker has not started");
    return worker.url;
  };
  return {
    url,
    /** signs in as the test admin on this Worker */
    async loginAsAdmin(page: Page) {
      await login(page, TEST_ADMIN.username, TEST_ADMIN.password, { origin: url() });
    },
  };
}
