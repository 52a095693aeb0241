import { ENGINES } from "../../core/engines/registry";
import { gateSql, type SqlDialect } from "../../core/sql-gate/index";
import { parseTemplateParams, renderSqlTemplate } from "../../core/templates/index";

// Every path that sends SQL Lab text to a database goes through here: templates are rendered first
// (SPEC §5), then the SQL gate splits the script and refuses writes the database does not allow.

export type GateDialect = SqlDialect;

/** The flavour the gate reads an engine's SQL in (its spec's); SQLite's for an engine no spec names. */
export function gateDialect(engine: string): GateDialect {
  return ENGINES.find(engine)?.gateDialect ?? "sqlite";
}

export interface PrepareInput {
  sql: string;
  engine: string;
  allowDml: boolean;
  /** the editor's template parameters: JSON text or an already-parsed object */
  templateParams?: unknown;
  user: { id: number; username: string } | null;
}

export function prepareSql(input: PrepareInput): { rendered: string; statements: string[] } {
  const dialect = gateDialect(input.engine);
  const params =
    input.templateParams && typeof input.templateParams === "object" && !Array.isArray(input.templateParams)
      ? (input.templateParams as Record<string, unknown>)
      : parseTemplateParams(typeof input.templateParams === "string" ? input.templateParams : null);
  const rendered = renderSqlTemplate(input.sql, { params, username: input.user?.username ?? null, userId: input.user?.id ?? null }, dialect);
  const { statements } = gateSql(rendered, { dialect, allowDml: input.allowDml });
  return { rendered, statements };
}
