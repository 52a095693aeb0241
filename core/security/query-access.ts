import { can, type Principal } from "./permissions";

// Superset's QueryFilter, the one rule for whose SQL Lab runs a caller may see (history, stored results,
// CSV export): every user's with the all_query_access pair (Admin has it), otherwise only their own.

export const seesAllQueries = (p: Principal): boolean => can(p, "all_query_access", "all_query_access");

/** The user whose runs the caller is limited to, or null when they may see everyone's. */
export const queryOwnerLimit = (p: Principal): number | null => (seesAllQueries(p) ? null : p.id);
