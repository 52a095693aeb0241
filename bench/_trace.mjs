// Where a page's main-thread time goes, from a Chrome trace (browser.startTracing / stopTracing): on a shared,
// loaded machine wall-clock figures mostly measure the neighbours, while the renderer main thread's busy time and
// its split (scripting by function and bundle, style, layout, paint, GC) measure the page's own work.

import { writeFileSync } from "node:fs";
import { join } from "node:path";

const CATEGORIES = [
  "toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.execute",
  "disabled-by-default-v8.cpu_profiler", "blink.user_timing", "loading",
];

/** Tracing hooks for bench/_dashboard.mjs runs: answers { start(page), stop() → summary }. */
export function traceHooks(browser, options = {}) {
  return {
    start: (page) => browser.startTracing(page, { categories: CATEGORIES }),
    stop: async () => {
      const raw = (await browser.stopTracing()).toString("utf8");
      // TRACE_DIR=… keeps each raw trace (for Chrome's Performance panel or summarise() again)
      if (process.env.TRACE_DIR) writeFileSync(join(process.env.TRACE_DIR, `trace-${Date.now()}.json`), raw);
      return summarise(JSON.parse(raw), options);
    },
  };
}

const TASK = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);
const ms = (us) => Math.round(us / 100) / 10;

/** The renderer main thread with the most task time: the page's. */
function mainThread(events) {
  const names = events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain");
  let best = null;
  let bestBusy = -1;
  for (const t of names) {
    const busy = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ph === "X" && TASK.has(e.name)).reduce((s, e) => s + (e.dur ?? 0), 0);
    if (busy > bestBusy) [best, bestBusy] = [t, busy];
  }
  return best;
}

/** JavaScript self time by function and by script, from the trace's sampled CPU profile (ProfileChunk). */
function cpuProfile(events, pid, from, to, n = 25) {
  const nodes = new Map();
  const byFn = new Map();
  const byFile = new Map();
  const chunks = events.filter((e) => e.pid === pid && e.name === "ProfileChunk").sort((a, b) => a.ts - b.ts);
  let t = null;
  for (const c of chunks) {
    const data = c.args?.data ?? {};
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(`${c.id}:${n.id}`, n);
    if (t === null && data.cpuProfile?.samples?.length) t = events.find((e) => e.pid === pid && e.name === "Profile" && e.id === c.id)?.args?.data?.startTime ?? c.ts;
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      const prev = t;
      t += deltas[i] ?? 0;
      if (t < from || t > to) continue;
      const frame = nodes.get(`${c.id}:${samples[i]}`)?.callFrame;
      if (!frame || ["(idle)", "(program)", "(root)"].includes(frame.functionName)) continue;
      const dt = t - prev;
      const file = frame.url ? frame.url.split("/").pop().split("?")[0] : frame.functionName.startsWith("(") ? frame.functionName : "(native)";
      const fn = `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}`;
      byFn.set(fn, (byFn.get(fn) ?? 0) + dt);
      byFile.set(file, (byFile.get(file) ?? 0) + dt);
    }
  }
  const top = (m, n) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => `${ms(us)} ms ${k}`);
  return { js_by_function: top(byFn, n), js_by_script: top(byFile, 12) };
}

/**
 * The main thread's busy time between the trace's first and last task, its longest tasks, self time by trace
 * event (scripting, style, layout, paint, GC) and JavaScript by function and script.
 */
export function summarise(trace, { longTaskMs = 50 } = {}) {
  const events = trace.traceEvents ?? trace;
  const main = mainThread(events);
  if (!main) return { error: "no renderer main thread in the trace" };
  const slices = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && typeof e.dur === "number").sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // top-level tasks only (a RunTask nests inside ThreadControllerImpl::RunTask)
  const tasks = [];
  for (const e of slices) if (TASK.has(e.name) && !(tasks.length && tasks.at(-1).ts + tasks.at(-1).dur > e.ts)) tasks.push(e);
  if (!tasks.length) return { error: "no tasks on the main thread" };
  const from = tasks[0].ts;
  const to = Math.max(...tasks.map((e) => e.ts + e.dur));
  // self time per event name: a stack walk, children subtracted from their parent
  const self = new Map();
  const stack = [];
  const pop = () => {
    const done = stack.pop();
    self.set(done.name, (self.get(done.name) ?? 0) + done.self);
  };
  for (const e of slices) {
    while (stack.length && stack.at(-1).end <= e.ts) pop();
    if (stack.length) stack.at(-1).self -= Math.min(e.dur, stack.at(-1).end - e.ts);
    stack.push({ name: e.name, end: e.ts + e.dur, self: e.dur });
  }
  while (stack.length) pop();
  // what a long task spent itself on: its biggest trace events and JavaScript functions
  const inside = (task) => {
    const names = new Map();
    for (const e of slices) if (e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && !TASK.has(e.name)) names.set(e.name, Math.max(names.get(e.name) ?? 0, e.dur));
    const js = cpuProfile(events, main.pid, task.ts, task.ts + task.dur, 3).js_by_function.join("; ");
    return `${[...names.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([n, us]) => `${n} ${ms(us)}`).join(", ")} | ${js}`;
  };
  // starting the sampling profiler costs the renderer a task of its own (hundreds of ms here): not the page's
  const profilerStart = slices.filter((e) => e.name === "CpuProfiler::StartProfiling");
  const own = tasks.filter((t) => !profilerStart.some((p) => p.ts >= t.ts && p.ts < t.ts + t.dur));
  // wall time of a task includes the time the OS gave the core to other processes (a loaded machine); thread
  // time (tdur) is the main thread's own CPU time, the figure that depends on the page alone
  const cpu = (e) => e.tdur ?? e.dur;
  const long = own.filter((e) => e.dur >= longTaskMs * 1000);
  return {
    window_ms: ms(to - from),
    main_thread_busy_ms: ms(own.reduce((s, e) => s + e.dur, 0)),
    main_thread_cpu_ms: ms(own.reduce((s, e) => s + cpu(e), 0)),
    tasks: own.length,
    longest_task_ms: ms(Math.max(...own.map((e) => e.dur))),
    longest_task_cpu_ms: ms(Math.max(...own.map(cpu))),
    tasks_over_200ms_cpu: own.filter((e) => cpu(e) > 200_000).length,
    tasks_over_50ms_cpu: own.filter((e) => cpu(e) > 50_000).length,
    long_tasks: long.map((e) => `${ms(e.dur)} ms (cpu ${ms(cpu(e))}) at +${ms(e.ts - from)}: ${inside(e)}`),
    self_by_event: [...self.entries()].filter(([n]) => !TASK.has(n)).sort((a, b) => b[1] - a[1]).slice(0, 14).map(([n, us]) => `${ms(us)} ms ${n}`),
    ...cpuProfile(events, main.pid, from, to),
  };
}
