// One description per example data set drives both the SQL that creates and fills the table
// (scripts/write-examples-sql.ts) and the dataset registered for it (db/examples/registration.ts).

export type GenericTypeName = "numeric" | "string" | "temporal" | "boolean";

/** Superset's GenericDataType numbers, as stored in table_columns.type_generic. */
export const GENERIC_TYPE_CODE: Record<GenericTypeName, number> = { numeric: 0, string: 1, temporal: 2, boolean: 3 };

export type CellValue = string | number | boolean | null;

export interface ExampleColumn {
  name: string;
  /** the SQLite declared type; temporal values are stored as ISO-8601 text ('YYYY-MM-DD HH:MM:SS') */
  sqlType: "INTEGER" | "REAL" | "TEXT" | "DATE" | "DATETIME" | "BOOLEAN" | "BIGINT";
  generic: GenericTypeName;
  isDttm?: boolean;
  verboseName?: string;
  /** how a text or epoch column encodes time (Superset's python_date_format: strftime, "epoch_s", "epoch_ms") */
  pythonDateFormat?: string;
  description?: string;
}

export interface ExampleMetric {
  name: string;
  expression: string;
  verboseName?: string;
  d3format?: string;
  metricType?: "count" | "sum" | "avg" | "max" | "min" | "count_distinct";
}

export interface ExampleTable {
  tableName: string;
  description: string;
  /** the default time column of charts built on the dataset */
  mainDttmCol: string | null;
  columns: ExampleColumn[];
  metrics: ExampleMetric[];
}

export interface ExampleDataset {
  table: ExampleTable;
  /** rows in column order; the same seed always yields the same rows */
  rows(): Iterable<CellValue[]>;
}
