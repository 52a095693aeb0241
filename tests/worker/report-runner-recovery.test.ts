import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, json, unique } from "../support/access";
import { openDatabase } from "../../db/client";
import { dispatchDueReports, runnerOf } from "../../workers/scheduled/reports";
import { Messages } from "../../core/reports/states";
import type { Env } from "../../services/env";

// A run interrupted by an eviction (issue 15): the ReportRunner's row says Working, its alarm is gone and D1 says the
// schedule is Working. The next cron tick (for a minute the schedule is not due) pings the runner, whose alarm then
// resumes the run to an end, or, after its attempts, ends it in Error: never left Working.

const workerEnv = env as unknown as Env;
let admin: ApiClient;
let chartId: number;

beforeAll(async () => {
  admin = await loginAsAdmin();
  const ds = await exampleDataset(admin, "birth_names");
  const res = await admin.post("/api/v1/chart/", { slice_name: `Interrupted ${unique()}`, viz_type: "table", datasource_id: ds.id, datasource_type: "table", params: "{}" });
  chartId = (await json(res)).id;
});

/** A report whose run at `scheduledAt` was cut off after `attempts` attempts; answers its id. */
async function interruptedRun(scheduledAt: string, attempts: number): Promise<number> {
  const res = await admin.post("/api/v1/report/", { type: "Report", name: `Interrupted ${unique()}`, crontab: "0 * * * *", chart: chartId, report_format: "CSV", recipients: [{ type: "Email", recipient_config_json: { target: "ops@example.com" } }] });
  expect(res.status).toBe(201);
  const id = (await json(res)).id as number;
  const runner = runnerOf(workerEnv, id);
  await runInDurableObject(runner, async (_instance, state) => {
    state.storage.sql.exec(
      "INSERT INTO runs (scheduled_at, schedule_id, execution_id, state, started_at, attempts, claimed_at) VALUES (?, ?, ?, 'working', ?, ?, ?)",
      scheduledAt, id, crypto.randomUUID(), scheduledAt, attempts, Date.now(),
    );
    await state.storage.deleteAlarm();
  });
  await workerEnv.DB.prepare("UPDATE report_schedule SET last_state = 'Working' WHERE id = ?").bind(id).run();
  return id;
}

async function afterNextTick(id: number) {
  // 12:30 is not a minute of "0 * * * *": the tick only pings the runners of schedules D1 says are Working
  await dispatchDueReports(workerEnv, openDatabase(workerEnv.DB), new Date("2031-03-04T12:30:00Z"));
  const runner = runnerOf(workerEnv, id);
  const runStates = () => runInDurableObject(runner, async (_instance, state) => state.storage.sql.exec<{ state: string }>("SELECT state FROM runs").toArray().map((r) => r.state));
  // the alarm the ping set is due at once: the runtime may have run it already, or it runs here
  await runDurableObjectAlarm(runner);
  await expect.poll(runStates, { timeout: 20_000 }).not.toContain("working");
  const schedule = await workerEnv.DB.prepare("SELECT last_state FROM report_schedule WHERE id = ?").bind(id).first<{ last_state: string }>();
  const log = await workerEnv.DB.prepare("SELECT state, error_message FROM report_execution_log WHERE report_schedule_id = ? ORDER BY id DESC LIMIT 1").bind(id).first<{ state: string; error_message: string | null }>();
  return { lastState: schedule?.last_state, runs: await runStates(), log };
}

test("an interrupted run with attempts left is resumed by the next tick's ping and ends, not left Working", async () => {
  const id = await interruptedRun("2031-03-04T12:00:00.000Z", 1);
  const { lastState, runs, log } = await afterNextTick(id);
  expect(runs).toHaveLength(1);
  expect(runs[0]).not.toBe("working");
  expect(lastState).not.toBe("Working");
  expect(["Success", "Error"]).toContain(log?.state);
});

test("an interrupted run out of attempts ends in Error saying it was interrupted", async () => {
  const id = await interruptedRun("2031-03-04T11:00:00.000Z", 3);
  const { lastState, runs, log } = await afterNextTick(id);
  expect(runs).toEqual(["Error"]);
  expect(lastState).toBe("Error");
  expect(log).toMatchObject({ state: "Error", error_message: Messages.interrupted });
});
