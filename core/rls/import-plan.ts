import { dialectFor } from "../connectors/dialects/index";
import { ApiError } from "../http/errors";
import { checkRlsClause } from "./rules";
import { tableRef, type PortableRule } from "./portable";

// What importing a rules file writes, decided before anything is written: each rule's dataset names resolve to
// exactly one dataset (preset-cli's import_rls refuses none and several alike), its role names to roles, its
// clause passes the SQL gate for the engines of those datasets, and a rule whose name exists is replaced only
// with overwrite. Any problem refuses the whole file, each named under its rule.

export interface ImportLookups {
  /** the datasets whose table names the file mentions */
  tables: { id: number; schema: string | null; table_name: string; engine: string }[];
  roles: ReadonlyMap<string, number>;
  existing: ReadonlyMap<string, number>;
}

export interface PlannedRule {
  id: number | null;
  fields: { name: string; description: string | null; filter_type: PortableRule["filter_type"]; group_key: string | null; clause: string };
  links: { tables: number[]; roles: number[] };
}

/** The message the import dialog reads as "ask to overwrite" (Superset's import commands say it alike). */
export const RULE_EXISTS = "Row level security filter already exists and `overwrite=true` was not passed";

/** The table name a "schema.table" reference looks for (the whole reference when it has no dot). */
export const tableNameOf = (ref: string) => (ref.includes(".") ? ref.slice(ref.indexOf(".") + 1) : ref);

export function planRlsImport(rules: PortableRule[], found: ImportLookups, overwrite: boolean): { plan: PlannedRule[]; errors: Record<string, string[]> } {
  const plan: PlannedRule[] = [];
  const errors: Record<string, string[]> = {};
  for (const rule of rules) {
    const problems: string[] = [];
    const tables = rule.tables.map((ref) => {
      const matches = found.tables.filter((t) => (ref.includes(".") ? tableRef(t) === ref : t.table_name === ref));
      if (!matches.length) problems.push(`Cannot find table: ${ref}`);
      if (matches.length > 1) problems.push(`More than one table found: ${ref} (name it as schema.table)`);
      return matches.length === 1 ? matches[0] : null;
    });
    const roleIds = rule.roles.map((name) => {
      const id = found.roles.get(name);
      if (id === undefined) problems.push(`Role not found: ${name}`);
      return id;
    });
    const existing = found.existing.get(rule.name) ?? null;
    if (existing !== null && !overwrite) problems.push(RULE_EXISTS);
    const resolved = tables.filter((t) => t !== null);
    if (resolved.length === tables.length) {
      try {
        checkRlsClause(rule.clause, resolved.map((t) => dialectFor(t.engine).flavour));
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        problems.push(e.message);
      }
    }
    if (problems.length) {
      errors[rule.name] = problems;
      continue;
    }
    plan.push({
      id: existing,
      fields: { name: rule.name, description: rule.description, filter_type: rule.filter_type, group_key: rule.group_key, clause: rule.clause },
      links: { tables: [...new Set(resolved.map((t) => t.id))], roles: [...new Set(roleIds as number[])] },
    });
  }
  return { plan, errors };
}
