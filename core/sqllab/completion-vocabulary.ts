import { clickhouse, mysql, postgresql, sql, sqlite, type DialectOptions } from "sql-formatter";
import { ENGINES } from "../engines/registry";
import type { SqlDialect } from "../sql-gate/dialect";

// The keywords and functions SQL Lab's autocomplete offers for the selected database's engine. The lists are
// sql-formatter's per-dialect vocabularies (already this project's formatter and the SQL gate's lexer), so
// PostgreSQL offers STRING_AGG and ILIKE, MySQL GROUP_CONCAT, D1 (SQLite) JULIANDAY, ClickHouse toStartOfMonth
// and PREWHERE — and none offers the T-SQL words of Monaco's own SQL language (NONCLUSTERED, DECRYPTBYASYMKEY …).
// An engine's vocabulary is that of the flavour its spec says the gate reads its SQL in (EngineSpec.gateDialect).

export interface Vocabulary {
  keywords: string[];
  functions: string[];
}

const DIALECTS: Record<SqlDialect, DialectOptions> = { postgresql, mysql, sqlite, clickhouse };

const cache = new Map<DialectOptions, Vocabulary>();

/** `backend` is a database's engine name (its `backend` in the SQL Lab bootstrap) or a flavour's own name. */
export function vocabularyFor(backend: string | null | undefined): Vocabulary {
  const name = backend?.toLowerCase() ?? "";
  const flavour = ENGINES.find(name)?.gateDialect ?? (Object.hasOwn(DIALECTS, name) ? (name as SqlDialect) : null);
  const dialect = flavour ? DIALECTS[flavour] : sql;
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
