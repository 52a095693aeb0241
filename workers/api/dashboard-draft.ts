import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { idParam, jsonObject } from "../http/input";
import { ApiError, badRequest, notFound } from "../../core/http/errors";
import { datasetScope } from "../../core/datasets/access";
import { lastModifiedTime, parseDashboardPayload } from "../../core/dashboards/payloads";
import { draftFields, liveState, mergedDraft } from "../../core/revisions/drafts";
import { parseState, revisionsKept, takeRevisionMessage } from "../../core/revisions/revisions";
import { draftOf, dropDraft, liveRevision, revisionState, saveDraft, type DraftRow } from "../../db/dashboards/drafts";
import { assertDashboardFields, updateDashboard } from "../../db/dashboards/writes";
import { REVISION_KINDS } from "./revision-kinds";
import { ownedDashboard } from "./dashboard";

// /api/v1/dashboard/{pk}/draft (issue 34): an owner edits a published dashboard as a draft that viewers never
// see (only its owner reads it: can_write and ownership, as a save), kept server-side per owner. Publishing
// replaces the live version in one batch (a revision) and drops the draft. When the live version moved on since
// the draft began (another owner published or saved), publishing answers 409 with those changes in words and
// goes ahead only when asked again with `overwrite: true`.

export const dashboardDraftApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;
const write = requires("can_write", "Dashboard");

/** The draft as answered: its state, where it started, and how it differs from the live version now. */
async function shaped(c: C, live: Record<string, unknown>, draft: DraftRow, current: number) {
  const state = parseState(draft.state);
  return {
    state, base_revision: draft.base_revision, live_revision: current, live_changed: current > draft.base_revision, changed_on: draft.changed_on,
    diff: await REVISION_KINDS.dashboard.diff(c, live, { ...live, ...state }),
  };
}

async function ownedPublished(c: C) {
  const row = await ownedDashboard(c, idParam(c));
  if (!row.published) throw badRequest("Only a published dashboard keeps a draft: save this one directly.");
  return row;
}

async function myDraft(c: C, id: number) {
  const draft = await draftOf(c.var.db, id, principalOf(c).id);
  if (!draft) throw notFound("Draft not found.");
  return draft;
}

dashboardDraftApi.get("/api/v1/dashboard/:pk/draft", write, async (c) => {
  const row = await ownedDashboard(c, idParam(c));
  const draft = await myDraft(c, row.id);
  return c.json({ id: row.id, result: await shaped(c, liveState(row), draft, await liveRevision(c.var.db, row.id)) });
});

dashboardDraftApi.put("/api/v1/dashboard/:pk/draft", write, async (c) => {
  const row = await ownedPublished(c);
  const edit = draftFields(await jsonObject(c));
  // the same checks as a save, so a draft never holds what could not be published
  const payload = parseDashboardPayload(edit, "update");
  await assertDashboardFields(c.var.db, payload, row.id);
  const p = principalOf(c);
  const existing = await draftOf(c.var.db, row.id, p.id);
  const current = await liveRevision(c.var.db, row.id);
  const live = liveState(row);
  const state = mergedDraft(live, existing ? parseState(existing.state) : null, edit);
  const draft = await saveDraft(c.var.db, row.id, p.id, state, existing?.base_revision ?? current);
  return c.json({ id: row.id, result: await shaped(c, live, draft, current) });
});

dashboardDraftApi.delete("/api/v1/dashboard/:pk/draft", write, async (c) => {
  const row = await ownedDashboard(c, idParam(c));
  await myDraft(c, row.id);
  await dropDraft(c.var.db, row.id, principalOf(c).id).run();
  return c.json({ message: "OK" });
});

dashboardDraftApi.post("/api/v1/dashboard/:pk/draft/publish", write, async (c) => {
  const p = principalOf(c);
  const row = await ownedPublished(c);
  const draft = await myDraft(c, row.id);
  const body = c.req.header("content-type")?.includes("json") ? await jsonObject(c) : {};
  const message = takeRevisionMessage(body) ?? "Published draft";
  const { overwrite, ...rest } = body;
  if (Object.keys(rest).length) throw badRequest(`Unknown fields: ${Object.keys(rest).join(", ")}`);
  if (overwrite !== undefined && typeof overwrite !== "boolean") throw badRequest("overwrite must be true or false");
  const current = await liveRevision(c.var.db, row.id);
  if (current > draft.base_revision && overwrite !== true) {
    const base = await revisionState(c.var.db, row.id, draft.base_revision);
    const changes = base === null
      ? [{ area: "properties", text: `The live version was saved ${current - draft.base_revision} times since your draft began` }]
      : await REVISION_KINDS.dashboard.diff(c, parseState(base), liveState(row));
    throw new ApiError(409, "This dashboard was changed since your draft began. Review the changes, then publish again to replace them.", "GENERIC_COMMAND_ERROR", {
      base_revision: draft.base_revision, live_revision: current, changes,
    });
  }
  const payload = parseDashboardPayload(parseState(draft.state), "update");
  await assertDashboardFields(c.var.db, payload, row.id);
  const meta = { actor: p.id, message, keep: revisionsKept(c.env.REVISIONS_KEPT) };
  const changedOn = await updateDashboard(c.var.db, row.id, payload, p.id, datasetScope(p), meta, [dropDraft(c.var.db, row.id, p.id)]);
  return c.json({ id: row.id, result: { published_revision: await liveRevision(c.var.db, row.id) }, last_modified_time: lastModifiedTime(changedOn) });
});
