import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf } from "../http/guard";
import { idParam, jsonObject } from "../http/input";
import { badRequest, notFound } from "../../core/http/errors";
import { parsePathId } from "../../core/http/path-id";
import { parseState, REVISION_TYPES, revisionsKept, takeRevisionMessage, type RevisionType } from "../../core/revisions/revisions";
import { listRevisions, revisionById, revisionWithPrevious, type RevisionRow } from "../../db/revisions/store";
import { REVISION_KINDS } from "./revision-kinds";

// History (issue 34): /api/v1/{dashboard|chart|dataset|saved_query}/{pk}/revisions. Reading needs the
// resource's can_read and that the caller can see the object; restoring is a save: can_write and ownership (or
// Admin), and it keeps a revision of its own, so a restore can be undone. `?compare_to={id}` on one revision
// diffs it against any other revision of the same object instead of the one saved just before.

export const revisionApi = new Hono<AppEnv>({ strict: true });

type C = Context<AppEnv>;

async function revisionOf(c: C, type: RevisionType, objectId: number) {
  const found = await revisionWithPrevious(c.var.db, type, objectId, idParam(c, "revision_id"));
  if (!found) throw notFound("Revision not found.");
  return found;
}

/** The `compare_to` revision, when asked for: of the same object, else 404; not an id, 400. */
async function comparedTo(c: C, type: RevisionType, objectId: number): Promise<RevisionRow | null> {
  const raw = c.req.query("compare_to");
  if (raw === undefined) return null;
  const id = parsePathId(raw);
  if (id === null) throw badRequest("compare_to must be the id of a revision");
  const row = await revisionById(c.var.db, type, objectId, id);
  if (!row) throw notFound("Revision to compare to not found.");
  return row;
}

const shapeRow = (r: RevisionRow) => ({ id: r.id, revision: r.revision, changed_on: r.changed_on, message: r.message });

for (const type of REVISION_TYPES) {
  const kind = REVISION_KINDS[type];
  const base = `/api/v1/${type}/:pk/revisions`;

  revisionApi.get(base, kind.read, async (c) => {
    const obj = await kind.visible(c, idParam(c));
    const rows = await listRevisions(c.var.db, type, obj.id);
    return c.json({ count: rows.length, result: rows });
  });

  revisionApi.get(`${base}/:revision_id`, kind.read, async (c) => {
    const obj = await kind.visible(c, idParam(c));
    const { row, previous } = await revisionOf(c, type, obj.id);
    const other = await comparedTo(c, type, obj.id);
    const list = await listRevisions(c.var.db, type, obj.id);
    const changed_by = list.find((r) => r.id === row.id)?.changed_by ?? null;
    // compared with an older revision the diff reads "old → this"; with a newer one, "this → newer"
    const [before, after] = other && other.revision > row.revision ? [row, other] : [other ?? previous, row];
    const diff = await kind.diff(c, before ? parseState(before.state) : {}, parseState(after.state));
    return c.json({
      result: {
        ...shapeRow(row), changed_by, state: parseState(row.state), previous_id: previous?.id ?? null,
        ...(other ? { compare_to: shapeRow(other) } : {}), diff,
      },
    });
  });

  revisionApi.post(`${base}/:revision_id/restore`, kind.write, async (c) => {
    const p = principalOf(c);
    const obj = await kind.owned(c, idParam(c));
    const { row } = await revisionOf(c, type, obj.id);
    const body = c.req.header("content-type")?.includes("json") ? await jsonObject(c) : {};
    const message = takeRevisionMessage(body) ?? `Restored revision ${row.revision}`;
    const notRestored = await kind.restore(c, obj.id, parseState(row.state), { actor: p.id, message, keep: revisionsKept(c.env.REVISIONS_KEPT) });
    return c.json({ id: obj.id, result: { restored_revision: row.revision, not_restored: notRestored } });
  });
}
