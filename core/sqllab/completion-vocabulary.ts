import { mysql, postgresql, sql, sqlite, type DialectOptions } from "sql-formatter";

// The keywords and functions SQL Lab's autocomplete offers for the selected database's engine. The lists are
// sql-formatter's per-dialect vocabularies (already this project's formatter and the SQL gate's lexer), so
// PostgreSQL offers STRING_AGG and ILIKE, MySQL GROUP_CONCAT, D1 (SQLite) JULIANDAY — and none offers the
// T-SQL words of Monaco's own SQL language (NONCLUSTERED, DECRYPTBYASYMKEY …).

export interface Vocabulary {
  keywords: string[];
  functions: string[];
}

/** The engine names of core/connectors (a database's `backend` in the SQL Lab bootstrap) → their dialect. */
const DIALECTS: Record<string, DialectOptions> = { postgresql, mysql, d1: sqlite, sqlite };

const cache = new Map<DialectOptions, Vocabulary>();

export function vocabularyFor(backend: string | null | undefined): Vocabulary {
  const dialect = (backend && DIALECTS[backend.toLowerCase()]) || sql;
  let vocabulary = cache.get(dialect);
  if (!vocabulary) cache.set(dialect, (vocabulary = build(dialect)));
  return vocabulary;
}

function build(dialect: DialectOptions): Vocabulary {
  const t = dialect.tokenizerOptions;
  // Clause and join phrases are offered whole ("GROUP BY", "LEFT JOIN"), as well as the single keywords.
  const keywords = new Set([
    ...t.reservedSelect, ...t.reservedClauses, ...(t.reservedSetOperations ?? []), ...(t.reservedJoins ?? []),
    ...(t.reservedKeywordPhrases ?? []), ...(t.reservedKeywords ?? []), ...(t.reservedDataTypes ?? []),
  ]);
  const functions = [...new Set(t.reservedFunctionNames ?? [])].sort();
  for (const f of functions) keywords.delete(f);
  return { keywords: [...keywords].sort(), functions };
}
