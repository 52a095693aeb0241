import { afterAll, beforeAll, expect, test } from "vitest";
import { corpusRunPlan } from "../../core/sql-gate/corpus";
import type { SqlDialect } from "../../core/sql-gate/lexer";
import { newClientId } from "../support/sqllab";
import { startSqlLabWorker, type SqlLabWorker } from "../support/sqllab-worker";

// The SQL gate's mutating corpus sent for real through POST /api/v1/sqllab/execute/ to MariaDB and to D1,
// each registered with allow_dml off: every statement is refused and gate_target is unchanged afterwards.
// (PostgreSQL runs the same check in sqllab-engines.test.ts.) A writable twin of each database sets the table up.

let w: SqlLabWorker;
const ids: Record<string, { ro: number; rw: number }> = {};

const run = (database_id: number, sql: string) => w.admin.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id, sql });

/** MariaDB is part of this machine kind: when it cannot be reached the test fails, it never skips. */
async function mariaReachable(): Promise<boolean> {
  const res = await run(ids.mysql.rw, "SELECT 1 AS one");
  if (res.status !== 200) throw new Error(`MariaDB at 127.0.0.1:3306 is not reachable: ${await res.text()}`);
  return true;
}

beforeAll(async () => {
  w = await startSqlLabWorker();
  ids.mysql = {
    ro: w.addDatabase("gate_maria_ro", "mysql://root@127.0.0.1:3306/test"),
    rw: w.addDatabase("gate_maria_rw", "mysql://root@127.0.0.1:3306/test", { allow_dml: true }),
  };
  ids.sqlite = {
    ro: w.addDatabase("gate_d1_ro", "d1://EXAMPLES"),
    rw: w.addDatabase("gate_d1_rw", "d1://EXAMPLES", { allow_dml: true }),
  };
}, 240_000);

afterAll(async () => {
  for (const d of Object.values(ids)) await run(d.rw, "DROP TABLE IF EXISTS gate_target").catch(() => undefined);
  await w?.stop();
});

async function refusesEveryWrite(dialect: SqlDialect) {
  const plan = corpusRunPlan(dialect);
  const { ro, rw } = ids[dialect];
  for (const sql of plan.setup) {
    const res = await run(rw, sql);
    expect(res.status, await res.clone().text()).toBe(200);
  }
  const checksum = async () => ((await (await run(ro, plan.checksum)).json()) as { data: { checksum: string }[] }).data[0].checksum;
  const before = await checksum();
  expect(before).toMatch(/^3:/);
  const passed: string[] = [];
  for (const entry of plan.mutating) {
    const res = await run(ro, entry.sql);
    const body = (await res.json()) as { errors?: { error_type: string }[] };
    if (res.status !== 400 || body.errors?.[0]?.error_type !== "DML_NOT_ALLOWED_ERROR") passed.push(`${entry.note}: ${res.status}`);
  }
  expect(passed).toEqual([]);
  expect(await checksum()).toBe(before);
  return plan.mutating.length;
}

test("MariaDB with allow_dml off: every statement of the gate's mutating corpus is refused and the table is unchanged", async () => {
  if (!(await mariaReachable())) return;
  expect(await refusesEveryWrite("mysql")).toBeGreaterThanOrEqual(60);
}, 300_000);

test("D1 with allow_dml off: every statement of the gate's mutating corpus is refused and the table is unchanged", async () => {
  expect(await refusesEveryWrite("sqlite")).toBeGreaterThanOrEqual(60);
}, 300_000);
