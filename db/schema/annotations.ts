import { sqliteTable, integer, text, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { audit, id } from "./columns";

// Annotation layers and their annotations (Superset's annotation_layer / annotation): events and periods
// drawn over time-series charts as a "native" annotation layer.
export const annotationLayers = sqliteTable(
  "annotation_layer",
  {
    id: id(),
    name: text("name").notNull(),
    descr: text("descr"),
    ...audit,
  },
  (t) => [uniqueIndex("annotation_layer_name").on(t.name)],
);

export const annotations = sqliteTable(
  "annotation",
  {
    id: id(),
    layer_id: integer("layer_id").notNull().references(() => annotationLayers.id, { onDelete: "cascade" }),
    short_descr: text("short_descr").notNull(),
    long_descr: text("long_descr"),
    start_dttm: text("start_dttm").notNull(),
    end_dttm: text("end_dttm").notNull(),
    json_metadata: text("json_metadata"),
    ...audit,
  },
  (t) => [index("annotation_layer_dttm").on(t.layer_id, t.start_dttm, t.end_dttm), uniqueIndex("annotation_layer_short_descr").on(t.layer_id, t.short_descr)],
);
