import { formatDialect, mariadb, mysql, postgresql, sql, sqlite, type DialectOptions } from "sql-formatter";
import { badRequest } from "../http/errors";

// SQL Lab's format button (Superset answers sqlparse.format(reindent, keyword_case="upper")): here the
// `sql-formatter` library with the dialect of the database's engine. Dialects are imported one by one
// (formatDialect) rather than through format(), which would pull all twenty into the Worker bundle.

type Language = "sqlite" | "postgresql" | "mysql" | "mariadb" | "sql";
const DIALECTS: Record<Language, DialectOptions> = { sqlite, postgresql, mysql, mariadb, sql };

const LANGUAGE_BY_ENGINE: Record<string, Language> = {
  d1: "sqlite",
  sqlite: "sqlite",
  postgresql: "postgresql",
  postgres: "postgresql",
  mysql: "mysql",
  mariadb: "mariadb",
};

export function languageFor(engine: string | null | undefined): Language {
  return (engine && LANGUAGE_BY_ENGINE[engine.toLowerCase()]) || "sql";
}

/**
 * Formats with upper-case keywords. Jinja-style template blocks ({{ }} and {% %}) are kept as they are,
 * since the text is formatted before templates are rendered.
 */
export function formatSql(text: string, engine?: string | null): string {
  try {
    return formatDialect(text, {
      dialect: DIALECTS[languageFor(engine)],
      keywordCase: "upper",
      paramTypes: { custom: [{ regex: String.raw`\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}` }] },
    });
  } catch (e) {
    throw badRequest(`Unable to format this SQL: ${(e as Error).message.split("\n")[0]}`);
  }
}
