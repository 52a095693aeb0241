import { sqliteTable, integer, text, primaryKey, uniqueIndex, index } from "drizzle-orm/sqlite-core";
import { audit, id } from "./columns";
import { roles } from "./security";
import { datasets } from "./datasources";

// Superset's row-level security filters (RowLevelSecurityFilter): a SQL clause applied to the rows of the
// datasets it names, for the roles it names (Regular) or for everyone but them (Base). Its link rows go with
// the rule, the role or the dataset they point at.
export const rlsFilters = sqliteTable(
  "row_level_security_filters",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    filter_type: text("filter_type").notNull(),
    clause: text("clause").notNull(),
    group_key: text("group_key"),
    ...audit,
  },
  (t) => [uniqueIndex("row_level_security_filters_name").on(t.name)],
);

export const rlsFilterRoles = sqliteTable(
  "rls_filter_roles",
  {
    rls_filter_id: integer("rls_filter_id").notNull().references(() => rlsFilters.id, { onDelete: "cascade" }),
    role_id: integer("role_id").notNull().references(() => roles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.rls_filter_id, t.role_id] })],
);

export const rlsFilterTables = sqliteTable(
  "rls_filter_tables",
  {
    rls_filter_id: integer("rls_filter_id").notNull().references(() => rlsFilters.id, { onDelete: "cascade" }),
    table_id: integer("table_id").notNull().references(() => datasets.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.rls_filter_id, t.table_id] }), index("rls_filter_tables_table").on(t.table_id)],
);
