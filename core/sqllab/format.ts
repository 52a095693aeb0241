import { format, type SqlLanguage } from "sql-formatter";
import { badRequest } from "../http/errors";

// SQL Lab's format button (Superset answers sqlparse.format(reindent, keyword_case="upper")): here the
// `sql-formatter` library with the dialect of the database's engine.

const LANGUAGE_BY_ENGINE: Record<string, SqlLanguage> = {
  d1: "sqlite",
  sqlite: "sqlite",
  postgresql: "postgresql",
  postgres: "postgresql",
  mysql: "mysql",
  mariadb: "mariadb",
};

export function languageFor(engine: string | null | undefined): SqlLanguage {
  return (engine && LANGUAGE_BY_ENGINE[engine.toLowerCase()]) || "sql";
}

/**
 * Formats with upper-case keywords. Jinja-style template blocks ({{ }} and {% %}) are kept as they are,
 * since the text is formatted before templates are rendered.
 */
export function formatSql(sql: string, engine?: string | null): string {
  try {
    return format(sql, {
      language: languageFor(engine),
      keywordCase: "upper",
      paramTypes: { custom: [{ regex: String.raw`\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}` }] },
    });
  } catch (e) {
    throw badRequest(`Unable to format this SQL: ${(e as Error).message.split("\n")[0]}`);
  }
}
