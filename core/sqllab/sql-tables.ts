import { lexSql, type Lexeme, type SqlDialect } from "../sql-gate/lexer";

// The tables a statement reads, as Superset's `sql_tables` lists them on saved queries and queries:
// `{ table, schema, catalog }` for every name after FROM or JOIN (comma lists too), leaving out subqueries
// and the statement's own CTE names. Names keep the case the user wrote; quotes are removed.

export interface SqlTable {
  table: string;
  schema: string | null;
  catalog: string | null;
}

const isName = (l: Lexeme | undefined) => l !== undefined && (l.kind === "word" || l.kind === "quoted");
const lastWord = (l: Lexeme | undefined) => (l?.kind === "word" ? l.words[l.words.length - 1] : undefined);

function nameText(l: Lexeme): string {
  if (l.kind !== "quoted") return l.raw;
  const q = l.raw[0];
  const close = q === "[" ? "]" : q;
  return l.raw.slice(1, -1).split(close + close).join(close);
}

/** A dotted name starting at `i`: its parts and the index after it. */
function readName(lexemes: Lexeme[], i: number): { parts: string[]; next: number } | null {
  if (!isName(lexemes[i]) || lexemes[i].kind === "word" && lexemes[i].words.length > 1) return null;
  const parts = [nameText(lexemes[i])];
  let j = i + 1;
  while (lexemes[j]?.kind === "dot" && isName(lexemes[j + 1])) {
    parts.push(nameText(lexemes[j + 1]));
    j += 2;
  }
  return { parts, next: j };
}

export function sqlTables(sql: string, dialect: SqlDialect): SqlTable[] {
  let lexemes: Lexeme[];
  try {
    lexemes = lexSql(sql, dialect).lexemes;
  } catch {
    return []; // text the lexer cannot read names no table
  }
  // CTE names: `name AS (` (after WITH or a comma in its list)
  const ctes = new Set<string>();
  lexemes.forEach((l, i) => {
    if (isName(l) && lastWord(lexemes[i + 1]) === "AS" && lexemes[i + 2]?.kind === "open") ctes.add(nameText(l).toLowerCase());
  });
  const found = new Map<string, SqlTable>();
  for (let i = 0; i < lexemes.length; i++) {
    const keyword = lastWord(lexemes[i]);
    if (keyword !== "FROM" && keyword !== "JOIN") continue;
    let j = i + 1;
    for (;;) {
      const name = readName(lexemes, j);
      if (!name) break;
      const [table, schema = null, catalog = null] = [...name.parts].reverse();
      if (!(name.parts.length === 1 && ctes.has(table.toLowerCase()))) {
        const key = [catalog, schema, table].join("\u0000");
        if (!found.has(key)) found.set(key, { table, schema, catalog });
      }
      j = name.next;
      if (lastWord(lexemes[j]) === "AS") j++;
      if (isName(lexemes[j]) && lexemes[j + 1]?.kind === "comma") j++; // an alias before the comma
      if (keyword !== "FROM" || lexemes[j]?.kind !== "comma") break;
      j++;
    }
  }
  return [...found.values()];
}
