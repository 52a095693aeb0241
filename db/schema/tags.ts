import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { audit, id } from "./columns";
import { users } from "./security";

// Superset's tagging system (TAGGING_SYSTEM on). A tag's type is Superset's TagType number (1 custom, 2 type,
// 3 owner, 4 favorited_by: what its API answers); a tagged object's type is Superset's ObjectType name
// (dashboard, chart, query — a saved query is "query").
export const tags = sqliteTable("tag", {
  id: id(),
  name: text("name").notNull().unique(),
  type: integer("type").notNull().default(1),
  description: text("description"),
  ...audit,
});

export const taggedObjects = sqliteTable(
  "tagged_object",
  {
    id: id(),
    tag_id: integer("tag_id").notNull().references(() => tags.id, { onDelete: "cascade" }),
    object_id: integer("object_id").notNull(),
    object_type: text("object_type").notNull(),
    ...audit,
  },
  // the second index answers "the tags of these objects", which every list page asks
  (t) => [uniqueIndex("tagged_object_unique").on(t.tag_id, t.object_id, t.object_type), index("tagged_object_object").on(t.object_type, t.object_id)],
);

/** A user's favourite tags (Superset's user_favorite_tag), starred on the Tags page. */
export const userFavoriteTags = sqliteTable(
  "user_favorite_tag",
  {
    id: id(),
    tag_id: integer("tag_id").notNull().references(() => tags.id, { onDelete: "cascade" }),
    user_id: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    ...audit,
  },
  (t) => [uniqueIndex("user_favorite_tag_unique").on(t.tag_id, t.user_id)],
);
