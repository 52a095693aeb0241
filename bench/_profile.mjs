// The Worker's own CPU, measured inside workerd: V8's sampling profiler on the Worker's isolate, reached through
// wrangler dev's DevTools endpoint. Date and performance.now are frozen inside a Worker, and /proc counts the
// whole workerd (HTTP, the asset router, D1's own service): the profile counts the samples in which the Worker's
// isolate was running (its JavaScript and the native calls it makes, WebCrypto included), so a figure per request
// is the isolate's busy time over N requests divided by N. Samples every 100 µs; V8 adds some overhead of its own.

/** Opens a DevTools session on the Worker's isolate; answers { send(method, params), close() }. */
export async function devtools(inspectorPort) {
  const [target] = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  // the inspector proxy accepts DevTools from a localhost origin only
  const ws = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: "http://localhost" } });
  await new Promise((res, rej) => {
    ws.onopen = res;
    ws.onerror = rej;
  });
  let id = 0;
  const pending = new Map();
  ws.onmessage = (e) => {
    const msg = JSON.parse(e.data);
    if (msg.id && pending.has(msg.id)) {
      pending.get(msg.id)(msg);
      pending.delete(msg.id);
    }
  };
  const send = (method, params = {}) =>
    new Promise((res, rej) => {
      const n = ++id;
      pending.set(n, (msg) => (msg.error ? rej(new Error(`${method}: ${msg.error.message}`)) : res(msg.result)));
      ws.send(JSON.stringify({ id: n, method, params }));
    });
  return { send, close: () => ws.close() };
}

const IDLE = new Set(["(idle)", "(garbage collector)"]);

/**
 * Runs `work` (which sends `requests` requests) under the profiler; answers the isolate's busy milliseconds per
 * request (garbage collection counted apart) and the functions with the most self time.
 */
export async function workerCpuPerRequest(inspectorPort, requests, work, { top = 12 } = {}) {
  const session = await devtools(inspectorPort);
  try {
    await session.send("Profiler.enable");
    await session.send("Profiler.setSamplingInterval", { interval: 100 });
    await session.send("Profiler.start");
    await work();
    const { profile } = await session.send("Profiler.stop");
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    let busyUs = 0;
    let gcUs = 0;
    let programUs = 0;
    const self = new Map();
    profile.samples.forEach((nodeId, i) => {
      const dt = profile.timeDeltas[i] ?? 0;
      const frame = byId.get(nodeId).callFrame;
      if (frame.functionName === "(garbage collector)") gcUs += dt;
      if (IDLE.has(frame.functionName)) return;
      busyUs += dt;
      if (frame.functionName === "(program)") programUs += dt;
      const name = `${frame.functionName || "(anonymous)"} ${(frame.url.split("/").pop() || "")}:${frame.lineNumber + 1}`;
      self.set(name, (self.get(name) ?? 0) + dt);
    });
    const hottest = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top).map(([fn, us]) => ({ fn, ms_per_request: Math.round((us / requests) * 1000) / 1e6 }));
    // "(program)": samples in the isolate's thread outside any JavaScript function (the runtime's own native work
    // between calls: HTTP, I/O, the event loop), which a route that runs almost no JavaScript pays as well
    return { busy_ms: busyUs / 1000 / requests, program_ms: programUs / 1000 / requests, js_ms: (busyUs - programUs) / 1000 / requests, gc_ms: gcUs / 1000 / requests, hottest };
  } finally {
    session.close();
  }
}
