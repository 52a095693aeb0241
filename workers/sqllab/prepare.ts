import { ENGINES } from "../../core/engines/registry";
import { gateSql, type SqlDialect } from "../../core/sql-gate/index";
import { parseTemplateParams, renderSqlTemplate } from "../../core/templates/index";
import { applyTableRls, type TableRls } from "../../core/rls/table-references";

// Every path that sends SQL Lab text to a database goes through here: templates are rendered first,
// then, with RLS_IN_SQLLAB, the caller's row-level security rules are placed around every protected
// table the text names (services/rls/table-rls.ts sqlLabRls), then the SQL gate splits the script and refuses
// writes the database does not allow. The executed SQL is the filtered text.

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
  /** the caller's rules on the database's protected tables, and the schema unqualified names are read in */
  rls?: { tables: readonly TableRls[]; schema: string | null } | null;
}

export function prepareSql(input: PrepareInput): { rendered: string; statements: string[] } {
  const dialect = gateDialect(input.engine);
  const params =
    input.templateParams && typeof input.templateParams === "object" && !Array.isArray(input.templateParams)
      ? (input.templateParams as Record<string, unknown>)
      : parseTemplateParams(typeof input.templateParams === "string" ? input.templateParams : null);
  const templated = renderSqlTemplate(input.sql, { params, username: input.user?.username ?? null, userId: input.user?.id ?? null }, dialect);
  const rendered = input.rls ? applyTableRls(templated, dialect, input.rls.tables, input.rls.schema) : templated;
  const { statements } = gateSql(rendered, { dialect, allowDml: input.allowDml });
  return { rendered, statements };
}
