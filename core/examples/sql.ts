import type { CellValue, ExampleTable } from "./types";

// Turns example tables into SQL that D1 accepts through `wrangler d1 execute --file`: no bound
// parameters, every statement well under D1's 100 KB statement limit.

export const MAX_STATEMENT_BYTES = 90_000;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function sqlLiteral(value: CellValue): string {
  if (value === null) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Example data contains a non-finite number: ${value}`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}

export function createTableSql(table: ExampleTable): string[] {
  const columns = table.columns.map((c) => `  ${quoteIdent(c.name)} ${c.sqlType}`).join(",\n");
  return [`DROP TABLE IF EXISTS ${quoteIdent(table.tableName)};`, `CREATE TABLE ${quoteIdent(table.tableName)} (\n${columns}\n);`];
}

/** Multi-row INSERT statements, each kept under maxBytes (UTF-8). */
export function* insertStatements(table: ExampleTable, rows: Iterable<CellValue[]>, maxBytes = MAX_STATEMENT_BYTES): Generator<string> {
  const head = `INSERT INTO ${quoteIdent(table.tableName)} (${table.columns.map((c) => quoteIdent(c.name)).join(", ")}) VALUES\n`;
  const encoder = new TextEncoder();
  let tuples: string[] = [];
  let size = encoder.encode(head).length;
  for (const row of rows) {
    if (row.length !== table.columns.length) throw new Error(`${table.tableName}: row has ${row.length} values for ${table.columns.length} columns`);
    const tuple = `(${row.map(sqlLiteral).join(",")})`;
    const bytes = encoder.encode(tuple).length + 2;
    if (tuples.length > 0 && size + bytes > maxBytes) {
      yield `${head}${tuples.join(",\n")};`;
      tuples = [];
      size = encoder.encode(head).length;
    }
    tuples.push(tuple);
    size += bytes;
  }
  if (tuples.length > 0) yield `${head}${tuples.join(",\n")};`;
}
