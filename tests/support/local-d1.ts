import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

// SQL straight on the metadata D1 of a Worker in `wrangler dev` (tests/support/server.mjs), for rows no API makes.
// It opens the local SQLite file that wrangler keeps that D1 in, where `wrangler d1 execute` took seconds a call
// in a child process that blocked this one (and with it the SMTP sink and any server a test runs here).
// SQLite's own file locks order these writes with the running Worker's; a busy database is waited for.

const D1_DIR = "v3/d1/miniflare-D1DatabaseObject";

/** The metadata database's file in a wrangler state folder: the D1 file that holds the `ab_user` table. */
function metadataFile(stateDir: string): string {
  const dir = join(stateDir, D1_DIR);
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".sqlite") || name === "metadata.sqlite") continue;
    const db = new DatabaseSync(join(dir, name), { readOnly: true });
    try {
      if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'ab_user'").get()) return join(dir, name);
    } finally {
      db.close();
    }
  }
  throw new Error(`no metadata D1 under ${dir}`);
}

/** Splits SQL text into statements at the semicolons outside quotes and comments. */
export function statements(sql: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (c === "'" || c === '"' || c === "`") {
      const end = sql.indexOf(c, i + 1); // a doubled quote is two quoted runs side by side: same split
      i = end < 0 ? sql.length : end;
    } else if (c === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      i = end < 0 ? sql.length : end;
    } else if (c === "/" && sql[i + 1] === "*") {
      const end = sql.indexOf("*/", i + 2);
      i = end < 0 ? sql.length : end + 1;
    } else if (c === ";") {
      out.push(sql.slice(start, i));
      start = i + 1;
    }
  }
  out.push(sql.slice(start));
  return out.filter((s) => s.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, "").trim());
}

/**
 * `d1(sql)` runs the statements (one transaction, as `wrangler d1 execute --command` does) on the Worker's metadata
 * D1 and answers the rows of the last, as plain objects.
 */
export function localD1(stateDir: string) {
  let file: string | undefined;
  return function d1<T = Record<string, unknown>>(sql: string): T[] {
    file ??= metadataFile(stateDir);
    const db = new DatabaseSync(file, { timeout: 10_000 });
    try {
      db.exec("BEGIN IMMEDIATE");
      let rows: unknown[] = [];
      try {
        for (const statement of statements(sql)) rows = db.prepare(statement).all();
        db.exec("COMMIT");
      } catch (e) {
        db.exec("ROLLBACK");
        throw e;
      }
      return rows.map((r) => ({ ...(r as object) }) as T);
    } finally {
      db.close();
    }
  };
}
