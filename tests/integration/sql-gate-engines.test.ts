// The gate corpora against the real engines: every legitimate read passes the gate AND runs on PostgreSQL,
// MariaDB and SQLite (proving the corpus is real SQL), inside a read-only transaction; every mutating statement
// is refused by the gate, so it is never sent, and gate_target's checksum is the same before and after.
// PostgreSQL and MariaDB are part of this machine kind: a server that cannot be reached fails its test.
import { afterAll, expect, test } from "vitest";
import { gateSql } from "../../core/sql-gate";
import { checksumSql, corpusRunPlan, type CorpusStatement } from "../../core/sql-gate/corpus";
import type { SqlDialect } from "../../core/sql-gate/lexer";

type Runner = { run(sql: string): Promise<unknown>; readOnly<T>(fn: () => Promise<T>): Promise<T>; close(): Promise<void> };
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
});

async function exercise(dialect: SqlDialect, runner: Runner, skip: (entry: CorpusStatement) => boolean) {
  const plan = corpusRunPlan(dialect);
  for (const statement of plan.setup) await runner.run(statement);
  const before = await runner.run(checksumSql(dialect));

  const failures: string[] = [];
  for (const entry of plan.reads) {
    if (skip(entry)) continue;
    const { statements } = gateSql(entry.sql, { dialect, allowDml: false });
    try {
      await runner.readOnly(async () => {
        for (const statement of statements) await runner.run(statement);
      });
    } catch (err) {
      failures.push(`${entry.note}: ${entry.sql} -> ${(err as Error).message}`);
    }
  }
  expect(failures).toEqual([]);

  for (const entry of plan.mutating) {
    expect(() => gateSql(entry.sql, { dialect, allowDml: false }), entry.note).toThrow();
  }
  expect(await runner.run(checksumSql(dialect))).toEqual(before);
  expect(JSON.stringify(before)).toContain("3:");
}

test("PostgreSQL runs every read of the corpus and gate_target is unchanged", async () => {
  const { default: postgres } = await import("postgres");
  const sql = postgres({ host: "127.0.0.1", port: 5432, user: "postgres", database: "test", max: 1, connect_timeout: 3, onnotice: () => {} });
  closers.push(() => sql.end({ timeout: 1 }));
  await sql`select 1`.catch((err) => {
    throw new Error(`PostgreSQL at 127.0.0.1:5432 is not reachable: ${(err as Error).message}`);
  });
  const runner: Runner = {
    run: async (text) => Array.from(await sql.unsafe(text)),
    // BEGIN READ ONLY on the single pooled connection: a read that wrote would fail here.
    readOnly: async (fn) => {
      await sql.unsafe("BEGIN READ ONLY");
      try {
        return await fn();
      } finally {
        await sql.unsafe("ROLLBACK");
      }
    },
    close: () => sql.end(),
  };
  await exercise("postgresql", runner, () => false);
});

test("MariaDB runs every read of the corpus and gate_target is unchanged", async () => {
  const mysql = await import("mysql2/promise");
  let conn: Awaited<ReturnType<typeof mysql.createConnection>>;
  try {
    conn = await mysql.createConnection({ host: "127.0.0.1", port: 3306, user: "root", database: "test", connectTimeout: 3000 });
  } catch (err) {
    throw new Error(`MariaDB at 127.0.0.1:3306 is not reachable: ${(err as Error).message}`);
  }
  closers.push(() => conn.end());
  const [versionRows] = await conn.query("SELECT VERSION() AS v");
  const isMariaDb = String((versionRows as Array<{ v: string }>)[0].v).includes("MariaDB");
  const runner: Runner = {
    run: async (text) => (await conn.query(text))[0],
    readOnly: async (fn) => {
      await conn.query("START TRANSACTION READ ONLY");
      try {
        return await fn();
      } finally {
        await conn.query("ROLLBACK");
      }
    },
    close: () => conn.end(),
  };
  await exercise("mysql", runner, (entry) => isMariaDb && (entry.notOn ?? []).includes("mariadb"));
});

test("SQLite runs every read of the corpus and gate_target is unchanged", async (ctx) => {
  let DatabaseSync: typeof import("node:sqlite").DatabaseSync;
  try {
    ({ DatabaseSync } = await import("node:sqlite"));
  } catch (err) {
    console.log(`skipping SQLite gate corpus: node:sqlite unavailable (${(err as Error).message})`);
    ctx.skip();
    return;
  }
  const db = new DatabaseSync(":memory:");
  const runner: Runner = {
    run: async (text) => {
      const statement = db.prepare(text);
      return statement.columns().length > 0 ? statement.all() : statement.run();
    },
    // SQLite has no read-only transaction; query_only makes any write fail for the duration.
    readOnly: async (fn) => {
      db.exec("PRAGMA query_only = ON");
      try {
        return await fn();
      } finally {
        db.exec("PRAGMA query_only = OFF");
      }
    },
    close: async () => db.close(),
  };
  await exercise("sqlite", runner, () => false);
});
