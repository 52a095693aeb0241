import { ApiError } from "../../core/http/errors";
import { GenericType } from "../../core/connectors/types";
import { dialectFor } from "../../core/connectors/dialects/index";
import { gateSql, type SqlDialect } from "../../core/sql-gate/index";
import { parseTemplateParams, renderSqlTemplate } from "../../core/templates/index";
import { invalidDataset } from "../../core/datasets/fields";
import type { DatabaseRow } from "../../db/datasets/datasets";
import type { SourceColumn } from "../../db/datasets/writes";
import { connectorFor } from "../../services/connectors/registry";
import type { Env } from "../../services/env";

// Reads a dataset's columns from its source: the table's metadata for a physical dataset, the result
// columns of its query for a virtual one. A virtual dataset's SQL is a Jinja template: it is
// rendered with the dataset's template_params first, then the rendered text goes through the SQL gate
// (read-only, one statement) and runs for one row.

const VIRTUAL_TIMEOUT_MS = 30_000;

export interface DatasetSource {
  table_name: string;
  schema: string | null;
  catalog: string | null;
  sql: string | null;
  /** JSON text of the dataset's template parameters; must be a JSON object when present */
  template_params?: string | null;
}

/** Whose request renders the template: current_username() and current_user_id() answer with it. */
export interface TemplateUser {
  id: number;
  username: string;
}

export async function readSourceColumns(
  env: Env, secret: string, database: DatabaseRow, source: DatasetSource, user: TemplateUser | null = null,
): Promise<SourceColumn[]> {
  const dialect = dialectFor(database.engine);
  // rendering and the gate run before any connection is opened: refused SQL never reaches the database
  const statement = source.sql ? singleReadStatement(renderDatasetSql(source, dialect.flavour, user), dialect.flavour) : null;
  const connector = await connectorFor(env, database, secret);
  try {
    if (statement) {
      const result = await connector.execute(statement, { limit: 1, readOnly: true, timeoutMs: VIRTUAL_TIMEOUT_MS, schema: source.schema, catalog: source.catalog }).catch((e) => {
        throw invalidDataset({ sql: [e instanceof Error ? e.message : String(e)] });
      });
      return result.columns.map((c) => ({ column_name: c.name, type: c.type, type_generic: c.type_generic, is_dttm: c.is_dttm }));
    }
    const meta = await connector.tableMetadata(source.table_name, source.schema, source.catalog).catch((e) => {
      if (e instanceof ApiError && e.status !== 404) throw e;
      throw invalidDataset({
        table: [`Table [${source.table_name}] could not be found, please double check your database connection, schema, and table name`],
      });
    });
    return meta.columns.map((c) => ({
      column_name: c.name,
      type: c.type,
      type_generic: c.type_generic,
      is_dttm: c.type_generic === GenericType.TEMPORAL,
    }));
  } finally {
    await connector.close();
  }
}

/** The dataset's SQL with its template parameters applied; bad parameters are a 400 before anything runs. */
export function renderDatasetSql(source: Pick<DatasetSource, "sql" | "template_params">, flavour: SqlDialect, user: TemplateUser | null): string {
  const params = parseTemplateParams(source.template_params);
  return renderSqlTemplate(source.sql ?? "", { params, username: user?.username ?? null, userId: user?.id ?? null }, flavour);
}

/** A dataset is read by charts: even where the database allows DML, its SQL must be one read-only statement. */
function singleReadStatement(sql: string, flavour: SqlDialect): string {
  const { statements } = gateSql(sql, { dialect: flavour, allowDml: false });
  if (statements.length !== 1) throw invalidDataset({ sql: ["Only single queries supported"] });
  return statements[0];
}
