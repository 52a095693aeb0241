import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { audit, id } from "./columns";

// Superset's css_templates: named CSS a dashboard editor can load into the dashboard's CSS editor. Shared by
// everyone with can_read CssTemplate, not owned.
export const cssTemplates = sqliteTable("css_templates", {
  id: id(),
  template_name: text("template_name"),
  css: text("css"),
  ...audit,
});
