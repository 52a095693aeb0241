// The one connector shape every database engine implements (services/connectors/<engine>/).
// SQL Lab, charts, filters and alerts talk to this interface only and never care which engine answers.

/** Superset's GenericDataType. */
export const GenericType = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 } as const;
export type GenericType = (typeof GenericType)[keyof typeof GenericType];

export interface ResultColumn {
  name: string;
  /** the engine's native type name, e.g. "INTEGER", "timestamp without time zone", "VARCHAR(255)" */
  type: string | null;
  type_generic: GenericType;
  is_dttm: boolean;
}

/** Rows are arrays in column order: no repeated keys, half the bytes of row objects. */
export interface QueryResult {
  columns: ResultColumn[];
  rows: unknown[][];
  /** true when more rows existed than the limit let through */
  truncated: boolean;
}

export interface ExecuteOptions {
  /** at most this many rows come back */
  limit?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  schema?: string | null;
  catalog?: string | null;
  /** run inside a read-only transaction where the engine has one (defence in depth behind the SQL gate) */
  readOnly: boolean;
}

export interface TableRef {
  name: string;
  type: "table" | "view";
}

export interface TableColumn {
  name: string;
  type: string;
  type_generic: GenericType;
  nullable: boolean;
  default: string | null;
  comment?: string | null;
}

export interface TableMetadata {
  name: string;
  schema: string | null;
  columns: TableColumn[];
  primaryKey: { constrained_columns: string[]; name: string | null };
  foreignKeys: { name: string | null; constrained_columns: string[]; referred_schema: string | null; referred_table: string; referred_columns: string[] }[];
  indexes: { name: string; column_names: string[]; unique: boolean }[];
}

/** A statement with bound parameters, written by the server itself (file uploads), never by a user. */
export interface WriteStatement {
  sql: string;
  params: (string | number | boolean | null)[];
}

export interface Connector {
  readonly engine: string;
  /**
   * Starts connecting ahead of the first call, so that connecting overlaps other work (the caller's own
   * bookkeeping); a failure is not reported here but by the next call. Engines without a connection skip it.
   */
  connect?(): void;
  /**
   * Clears whatever a run may have left in the session (settings, locks, temporary objects), so that the
   * connection may serve someone else's next run; engines whose connections are not shared skip it.
   */
  resetSession?(): Promise<void>;
  execute(sql: string, options: ExecuteOptions): Promise<QueryResult>;
  /** the engine's plan for a cost estimate; one object per plan row */
  explain(sql: string, options: Pick<ExecuteOptions, "schema" | "catalog">): Promise<Record<string, unknown>[]>;
  /**
   * Runs the statements in order in one transaction: all of them hold or none (MySQL commits DDL on its own,
   * so callers send DDL there in a statement list of its own).
   */
  write(statements: WriteStatement[], options: { schema: string | null }): Promise<void>;
  testConnection(): Promise<void>;
  catalogs(): Promise<string[]>;
  schemas(catalog?: string | null): Promise<string[]>;
  tables(schema: string | null, catalog?: string | null): Promise<TableRef[]>;
  tableMetadata(table: string, schema: string | null, catalog?: string | null): Promise<TableMetadata>;
  /** names of the functions SQL may call here (built-in and user-defined), for the editor's autocomplete */
  functionNames(): Promise<string[]>;
  close(): Promise<void>;
}
