import { afterAll, beforeAll, expect, test } from "vitest";
import postgres from "postgres";
import { createConnection } from "mysql2/promise";
import { DatabaseSync } from "node:sqlite";
import { DENIED_SPELLINGS } from "../../core/sql-gate/corpus/denied-spellings";
import type { SqlDialect } from "../../core/sql-gate/lexer";
import { newClientId } from "../support/sqllab";
import { startSqlLabWorker, type SqlLabWorker } from "../support/sqllab-worker";

// Each spelling of a denied function, first run straight on the engine (PostgreSQL and MariaDB of this
// machine, SQLite in Node) to prove the engine really resolves it to that function, then sent through
// POST /api/v1/sqllab/execute/ to the same engine registered in the product: every one must be refused.
// The engines are part of this machine kind: one that cannot be reached fails the test.

/** An error of the engine that says the name did not resolve to a function at all. */
const NOT_A_CALL = /does not exist|syntax error|no such function|You have an error in your SQL syntax|doesn't exist/i;

let w: SqlLabWorker;
const ids: Record<SqlDialect, { ro: number; rw: number }> = {} as never;

beforeAll(async () => {
  w = await startSqlLabWorker();
  ids.postgresql = { ro: w.addDatabase("spell_pg_ro", "postgresql://postgres@127.0.0.1:5432/test"), rw: w.addDatabase("spell_pg_rw", "postgresql://postgres@127.0.0.1:5432/test", { allow_dml: true }) };
  ids.mysql = { ro: w.addDatabase("spell_maria_ro", "mysql://root@127.0.0.1:3306/test"), rw: w.addDatabase("spell_maria_rw", "mysql://root@127.0.0.1:3306/test", { allow_dml: true }) };
  ids.sqlite = { ro: w.addDatabase("spell_d1_ro", "d1://EXAMPLES"), rw: w.addDatabase("spell_d1_rw", "d1://EXAMPLES", { allow_dml: true }) };
  ids.clickhouse = { ro: w.addDatabase("spell_ch_ro", "clickhousedb://default@127.0.0.1:8123/default"), rw: w.addDatabase("spell_ch_rw", "clickhousedb://default@127.0.0.1:8123/default", { allow_dml: true }) };
}, 240_000);

afterAll(async () => {
  await w?.stop();
});

async function resolvesOnPostgres(sql: string): Promise<string | null> {
  const pg = postgres({ host: "127.0.0.1", port: 5432, user: "postgres", database: "test", max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await pg.unsafe(sql);
    return null;
  } catch (e) {
    return NOT_A_CALL.test((e as Error).message) ? (e as Error).message : null;
  } finally {
    await pg.end({ timeout: 1 });
  }
}

async function resolvesOnMariaDb(sql: string, session: string[] = []): Promise<string | null> {
  const my = await createConnection({ host: "127.0.0.1", port: 3306, user: "root", database: "test", connectTimeout: 5000 });
  try {
    for (const s of session) await my.query(s);
    await my.query(sql);
    return null;
  } catch (e) {
    return NOT_A_CALL.test((e as Error).message) ? (e as Error).message : null;
  } finally {
    await my.end();
  }
}

function resolvesOnSqlite(sql: string): string | null {
  // load_extension exists in SQLite but is switched off: "not authorized" proves the name resolved
  const db = new DatabaseSync(":memory:");
  try {
    db.prepare(sql).all();
    return null;
  } catch (e) {
    return NOT_A_CALL.test((e as Error).message) ? (e as Error).message : null;
  } finally {
    db.close();
  }
}

async function refusedThroughSqlLab(dialect: SqlDialect): Promise<string[]> {
  const passed: string[] = [];
  for (const { sql, note } of DENIED_SPELLINGS[dialect]) {
    for (const database_id of [ids[dialect].ro, ids[dialect].rw]) {
      const res = await w.admin.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id, sql, runAsync: false });
      const body = await res.text();
      if (res.status !== 400) passed.push(`${note} on database ${database_id}: ${res.status} ${body.slice(0, 120)}`);
    }
  }
  return passed;
}

test("PostgreSQL resolves every listed spelling to the denied function, and SQL Lab refuses each one", async () => {
  const unresolved: string[] = [];
  for (const { sql, note } of DENIED_SPELLINGS.postgresql) {
    const why = await resolvesOnPostgres(sql);
    if (why) unresolved.push(`${note}: ${why}`);
  }
  expect(unresolved).toEqual([]);
  expect(await refusedThroughSqlLab("postgresql")).toEqual([]);
}, 120_000);

test("MariaDB resolves every listed spelling to the denied function, and SQL Lab refuses each one", async () => {
  const unresolved: string[] = [];
  for (const { sql, note, session } of DENIED_SPELLINGS.mysql) {
    const why = await resolvesOnMariaDb(sql, session);
    if (why) unresolved.push(`${note}: ${why}`);
  }
  expect(unresolved).toEqual([]);
  expect(await refusedThroughSqlLab("mysql")).toEqual([]);
}, 120_000);

test("SQLite resolves every listed spelling to load_extension, and SQL Lab refuses each one on D1", async () => {
  const unresolved = DENIED_SPELLINGS.sqlite.map(({ sql, note }) => [note, resolvesOnSqlite(sql)]).filter(([, why]) => why);
  expect(unresolved).toEqual([]);
  expect(await refusedThroughSqlLab("sqlite")).toEqual([]);
}, 120_000);

/** ClickHouse's own answer: an unknown name is UNKNOWN_FUNCTION (46) or a syntax error (62); anything else resolved. */
async function resolvesOnClickHouse(sql: string): Promise<string | null> {
  const res = await fetch("http://127.0.0.1:8123/", { method: "POST", body: sql });
  const text = await res.text();
  return res.ok || !/^Code: (46|62)\b/.test(text) ? null : text;
}

test("ClickHouse resolves every listed spelling to the denied function, and SQL Lab refuses each one", async () => {
  const unresolved: [string, string | null][] = [];
  for (const { sql, note } of DENIED_SPELLINGS.clickhouse) {
    const why = await resolvesOnClickHouse(sql);
    if (why) unresolved.push([note, why]);
  }
  expect(unresolved).toEqual([]);
  expect(await refusedThroughSqlLab("clickhouse")).toEqual([]);
}, 120_000);
