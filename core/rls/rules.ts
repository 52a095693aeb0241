import { renderSqlTemplate } from "../templates/index";
import { validateAdhocClause } from "../sql-gate/clauses";
import type { SqlDialect } from "../sql-gate/lexer";

// Row-level security as Superset applies it (security manager's get_rls_filters / get_sqla_row_level_filters):
// which rules bind a viewer on a dataset, how their clauses combine, and the clauses rendered for that viewer.
// Pure: the rules come from db/rls, the viewer from the request (services/chart-data/rls.ts).

export type RlsFilterType = "Regular" | "Base";
export const RLS_FILTER_TYPES: readonly RlsFilterType[] = ["Regular", "Base"];

export interface RlsRule {
  id: number;
  filter_type: RlsFilterType;
  clause: string;
  group_key: string | null;
  /** the names of the rule's roles (a Principal knows its roles by name) */
  roles: string[];
}

/**
 * Who reads the rows, computed once per request. A guest token adds its own rules (each with an optional
 * dataset id) and its user's attributes, which the clauses' templates read as `guest_user` (e.g.
 * `{{ guest_user.tenant }}`); rules from the database and from a token then go through the same rendering
 * and grouping.
 */
export interface RlsViewer {
  userId: number | null;
  username: string | null;
  roles: string[];
  guest?: {
    rules: readonly { clause: string; dataset?: number }[];
    user: Readonly<Record<string, string | number | boolean | null>>;
  };
}

/**
 * A guest token's rules for one dataset, as rules: those naming it and those naming no dataset (a rule with a
 * dataset never touches another: apache/superset#34203). Each is its own AND term, as Superset's guest filters.
 */
export function guestRulesFor(viewer: RlsViewer, datasetId: number): RlsRule[] {
  if (!viewer.guest) return [];
  return viewer.guest.rules
    .filter((r) => r.dataset === undefined || r.dataset === datasetId)
    .map((r, i) => ({ id: -(i + 1), filter_type: "Regular" as const, clause: r.clause, group_key: null, roles: [] }));
}

const lower = (names: string[]) => new Set(names.map((n) => n.toLowerCase()));

/**
 * The rules of a dataset that bind this viewer: a Regular rule when the viewer holds one of its roles, a Base
 * rule unless the viewer holds one of its roles. Admins are not exempt: a rule binds them as anyone else.
 */
export function rulesForViewer(rules: readonly RlsRule[], viewer: RlsViewer): RlsRule[] {
  const mine = lower(viewer.roles);
  return rules.filter((rule) => {
    const listed = rule.roles.some((r) => mine.has(r.toLowerCase()));
    return rule.filter_type === "Regular" ? listed : !listed;
  });
}

/** A rule's clause with its templates rendered for the viewer (values quoted for where they land). */
export function renderRlsClause(clause: string, viewer: RlsViewer, dialect: SqlDialect): string {
  return renderSqlTemplate(clause, { username: viewer.username, userId: viewer.userId, params: viewer.guest ? { guest_user: { ...viewer.guest.user } } : undefined }, dialect);
}

/**
 * The WHERE predicate the rules make, each clause through the SQL gate as one fragment: clauses sharing a group
 * key are ORed, groups and rules without a key ANDed (Superset's grouping). Null when no rule binds. The order is
 * fixed (by group key, then clause) so that two viewers bound by the same rules get the very same SQL, and so the
 * same cache key.
 */
export function rlsPredicate(rules: readonly RlsRule[], viewer: RlsViewer, dialect: SqlDialect): string | null {
  if (!rules.length) return null;
  const groups = new Map<string, string[]>();
  const loose: string[] = [];
  for (const rule of rules) {
    const clause = validateAdhocClause(renderRlsClause(rule.clause, viewer, dialect), dialect, { allowSubqueries: true });
    if (rule.group_key) groups.set(rule.group_key, [...(groups.get(rule.group_key) ?? []), clause]);
    else loose.push(clause);
  }
  const grouped = [...groups.keys()].sort().map((key) => {
    const clauses = [...new Set(groups.get(key)!)].sort();
    return clauses.length === 1 ? clauses[0] : `(${clauses.join(" OR ")})`;
  });
  return [...grouped, ...[...new Set(loose)].sort()].join(" AND ");
}

/**
 * A clause as saved: refused with the gate's message when it is not one safe WHERE fragment for any of the
 * engines it will run on (rendered for a stand-in viewer, so a template error shows at save too).
 */
export function checkRlsClause(clause: string, dialects: readonly SqlDialect[], viewer?: RlsViewer): void {
  const standIn: RlsViewer = viewer ?? { userId: 1, username: "user", roles: [] };
  for (const dialect of new Set(dialects)) validateAdhocClause(renderRlsClause(clause, standIn, dialect), dialect, { allowSubqueries: true });
}
