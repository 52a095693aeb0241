import { parse, stringify } from "yaml";
import { RLS_FILTER_TYPES, type RlsFilterType } from "./rules";
import type { RlsListItem } from "./payloads";

// Row-level security rules as a file that travels between workspaces: preset-cli's `rls.yaml` (its export_rls
// writes it from a Superset, its import_rls reads it into one). A rule names its datasets as "schema.table" (or
// "table" when the dataset has no schema) and its roles by name, so the file means the same in a workspace whose
// ids differ; importing resolves the names again and refuses what does not resolve to exactly one.

export const RLS_FILE_NAME = "rls.yaml";
/** a rules file is a few KB; this bounds what an import parses */
export const MAX_RLS_FILE_BYTES = 1_000_000;

export interface PortableRule {
  name: string;
  description: string | null;
  filter_type: RlsFilterType;
  tables: string[];
  roles: string[];
  group_key: string | null;
  clause: string;
}

/** How a dataset is named in the file: "schema.table", or the table alone without a schema. */
export const tableRef = (t: { schema: string | null; table_name: string }) => (t.schema ? `${t.schema}.${t.table_name}` : t.table_name);

export function portableRule(rule: RlsListItem): PortableRule {
  return {
    name: rule.name, description: rule.description || null, filter_type: rule.filter_type as RlsFilterType,
    tables: rule.tables.map(tableRef), roles: rule.roles.map((r) => r.name), group_key: rule.group_key || null, clause: rule.clause,
  };
}

/** The file's text: a YAML list, each rule's keys in preset-cli's order. */
export function rlsYaml(rules: PortableRule[]): string {
  return stringify(rules.map((r) => ({ name: r.name, description: r.description, filter_type: r.filter_type, tables: r.tables, roles: r.roles, group_key: r.group_key, clause: r.clause })));
}

export interface ParsedRules {
  rules: PortableRule[];
  /** what is wrong, by the rule's name (or its position when it has none): shown under the file's name */
  errors: Record<string, string[]>;
}

const text = (v: unknown): string | null => (typeof v === "string" ? v : typeof v === "number" ? String(v) : null);
const names = (v: unknown): string[] | null => (Array.isArray(v) && v.every((x) => text(x) !== null) ? v.map((x) => text(x)!.trim()) : null);

/**
 * Reads a rules file. Each rule needs a name, a filter type (Regular or Base), at least one dataset and a clause;
 * roles may be empty (a Base rule for everyone). Older Superset files have no name or description (before 2.1):
 * such a rule is named after its position, as "Imported rule N".
 */
export function parseRlsYaml(source: string): ParsedRules {
  let doc: unknown;
  try {
    doc = parse(source);
  } catch (e) {
    return { rules: [], errors: { _schema: [`Not a readable YAML file: ${(e as Error).message.split("\n")[0]}`] } };
  }
  if (!Array.isArray(doc)) return { rules: [], errors: { _schema: ["A rules file is a YAML list of rules (preset-cli's rls.yaml)."] } };
  const rules: PortableRule[] = [];
  const errors: Record<string, string[]> = {};
  doc.forEach((raw, i) => {
    const r = (raw && typeof raw === "object" && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
    const name = text(r.name)?.trim() || `Imported rule ${i + 1}`;
    const problems: string[] = [];
    const filterType = text(r.filter_type);
    if (!filterType || !RLS_FILTER_TYPES.includes(filterType as RlsFilterType)) problems.push(`filter_type must be one of: ${RLS_FILTER_TYPES.join(", ")}.`);
    const tables = names(r.tables);
    if (!tables || !tables.length || tables.some((t) => !t)) problems.push("tables must be a list of at least one dataset name (schema.table).");
    const roles = r.roles === undefined || r.roles === null ? [] : names(r.roles);
    if (!roles || roles.some((x) => !x)) problems.push("roles must be a list of role names.");
    const clause = text(r.clause);
    if (!clause?.trim()) problems.push("The SQL clause is empty.");
    if (name.length > 255) problems.push("The name is longer than 255 characters.");
    if (rules.some((x) => x.name === name) || errors[name]) problems.push("Another rule in the file has this name.");
    if (problems.length) {
      errors[name] = [...(errors[name] ?? []), ...problems];
      return;
    }
    rules.push({
      name, description: text(r.description), filter_type: filterType as RlsFilterType, tables: [...new Set(tables!)], roles: [...new Set(roles!)],
      group_key: text(r.group_key)?.trim() || null, clause: clause!,
    });
  });
  if (!doc.length) errors._schema = ["The file holds no rule."];
  return { rules, errors };
}
