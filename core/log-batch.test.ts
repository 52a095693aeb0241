import { expect, test } from "vitest";
import { LogBatcher } from "./log-batch";

/** A sleep the test releases by hand. */
function manualClock() {
  const waiting: (() => void)[] = [];
  return { sleep: () => new Promise<void>((r) => waiting.push(r)), tick: () => waiting.splice(0).forEach((r) => r()) };
}

test("rows of several requests go in one write; only the first request holds the flush", async () => {
  const clock = manualClock();
  const batcher = new LogBatcher<number>({ maxRows: 10, delayMs: 100, sleep: clock.sleep });
  const writes: number[][] = [];
  const write = async (rows: number[]) => void writes.push(rows);
  const first = batcher.add(1, write);
  expect(first).not.toBeNull();
  expect(batcher.add(2, write)).toBeNull();
  expect(batcher.add(3, write)).toBeNull();
  expect(writes).toEqual([]);
  clock.tick();
  await first;
  expect(writes).toEqual([[1, 2, 3]]);
  // the next row starts a new batch, held by its own request
  const next = batcher.add(4, write);
  expect(next).not.toBeNull();
  clock.tick();
  await next;
  expect(writes).toEqual([[1, 2, 3], [4]]);
});

test("a full batch is written at once by the request that filled it; nothing waits unflushed", async () => {
  const clock = manualClock();
  const batcher = new LogBatcher<number>({ maxRows: 3, delayMs: 100, sleep: clock.sleep });
  const writes: number[][] = [];
  const write = async (rows: number[]) => void writes.push(rows);
  const timed = batcher.add(1, write);
  batcher.add(2, write);
  const full = batcher.add(3, write);
  await full;
  expect(writes).toEqual([[1, 2, 3]]);
  // a row queued after the full write rides on the timed flush still pending
  expect(batcher.add(4, write)).toBeNull();
  clock.tick();
  await timed;
  expect(writes).toEqual([[1, 2, 3], [4]]);
  expect(batcher.waiting).toBe(0);
});
