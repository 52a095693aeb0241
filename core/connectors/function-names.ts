import { DEFAULT_DENIED_FUNCTIONS } from "../sql-gate/index";

/**
 * The answer of GET /database/<pk>/function_names/: the engine's names once each, sorted, without the functions
 * the SQL gate refuses (offering them to the editor's autocomplete would only lead to a refused query).
 * Engines differ in case (PostgreSQL lower, MySQL upper in its docs): names keep the engine's spelling, and
 * two spellings of one name count once.
 */
export function functionNameList(names: readonly string[], denied: readonly string[] = DEFAULT_DENIED_FUNCTIONS): string[] {
  const refused = new Set(denied.map((n) => n.toLowerCase()));
  const seen = new Map<string, string>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (!refused.has(key) && !seen.has(key)) seen.set(key, name);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b, "en"));
}
