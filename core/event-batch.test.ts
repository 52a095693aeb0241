import { expect, test } from "vitest";
import { EventBatcher, type Scheduler } from "./event-batch";
import type { LogEvent } from "./event-log";

/** A manual clock: timers run only when the test advances time. */
function fakeScheduler() {
  let now = 0;
  const timers: { at: number; fn: () => void; cancelled: boolean }[] = [];
  const scheduler: Scheduler = {
    schedule(fn, ms) {
      const t = { at: now + ms, fn, cancelled: false };
      timers.push(t);
      return () => (t.cancelled = true);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const t of timers.filter((x) => !x.cancelled && x.at <= now)) {
      t.cancelled = true;
      t.fn();
    }
  };
  return { scheduler, advance, live: () => timers.filter((t) => !t.cancelled).length };
}

test("events wait 1000 ms after the first one, then leave together", () => {
  const sent: LogEvent[][] = [];
  const { scheduler, advance } = fakeScheduler();
  const b = new EventBatcher((batch) => sent.push(batch), scheduler);
  b.add({ n: 1 });
  advance(600);
  b.add({ n: 2 });
  advance(399);
  expect(sent).toEqual([]);
  advance(1);
  expect(sent).toEqual([[{ n: 1 }, { n: 2 }]]);
  expect(b.pending).toBe(0);
});

test("a steady stream does not postpone sending: the timer is not pushed back", () => {
  const sent: LogEvent[][] = [];
  const { scheduler, advance } = fakeScheduler();
  const b = new EventBatcher((batch) => sent.push(batch), scheduler);
  for (let i = 0; i < 10; i++) {
    b.add({ i });
    advance(250);
  }
  expect(sent.length).toBeGreaterThanOrEqual(2);
  expect(sent.flat()).toHaveLength(8);
});

test("the 1024th event sends at once, and no batch is larger than 1024", () => {
  const sent: LogEvent[][] = [];
  const { scheduler, live } = fakeScheduler();
  const b = new EventBatcher((batch) => sent.push(batch), scheduler);
  for (let i = 0; i < 1024; i++) b.add({ i });
  expect(sent.map((s) => s.length)).toEqual([1024]);
  expect(live()).toBe(0);
});

test("flush sends what is queued now and cancels the timer", () => {
  const sent: LogEvent[][] = [];
  const { scheduler, advance } = fakeScheduler();
  const b = new EventBatcher((batch) => sent.push(batch), scheduler, 1000, 2);
  b.add({ a: 1 });
  b.flush();
  advance(5000);
  expect(sent).toEqual([[{ a: 1 }]]);
  b.flush();
  expect(sent).toHaveLength(1);
});
