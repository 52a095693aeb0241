import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id } from "./columns";

// Revisions (issue 34): every save of a dashboard or chart keeps the full saved row as JSON, numbered per
// object, so its history can be listed, compared and restored. No foreign key to the object: a revision is
// written in the same batch as the save and removed with the object (db/lists/links.ts cascade).
export const revisions = sqliteTable(
  "object_revision",
  {
    id: id(),
    object_type: text("object_type").notNull(), // "dashboard" | "chart"
    object_id: integer("object_id").notNull(),
    revision: integer("revision").notNull(),
    changed_by_fk: integer("changed_by_fk"),
    changed_on: text("changed_on").notNull(),
    message: text("message"),
    state: text("state").notNull(),
  },
  (t) => [uniqueIndex("object_revision_number").on(t.object_type, t.object_id, t.revision), index("object_revision_changed_by").on(t.changed_by_fk)],
);

// Drafts of published dashboards (issue 34): an owner's pending edit, one per dashboard and owner, kept on the
// server so it survives reloads and other devices; viewers never read it. `base_revision` is the live revision
// the draft started from: a publish finding a newer one shows what changed since and asks before replacing it.
export const dashboardDrafts = sqliteTable(
  "dashboard_draft",
  {
    id: id(),
    dashboard_id: integer("dashboard_id").notNull(),
    user_id: integer("user_id").notNull(),
    base_revision: integer("base_revision").notNull(),
    state: text("state").notNull(),
    created_on: text("created_on").notNull(),
    changed_on: text("changed_on").notNull(),
  },
  (t) => [uniqueIndex("dashboard_draft_owner").on(t.dashboard_id, t.user_id)],
);
