// One thread of bench/live-dashboard.mjs's simulated viewers: it holds `count` websockets to the live route and,
// while measuring, timestamps each frame the moment it arrives (before parsing it) against the `sent` time the live
// object stamped on it — one clock, this machine. The viewers are split over threads so that one busy client event
// loop does not add its own queueing to the figure; each thread also reports its event-loop delay, which says how
// much of what it measured could be the client's.
import { parentPort, workerData } from "node:worker_threads";
import { monitorEventLoopDelay } from "node:perf_hooks";

const { wsUrl, token, count, first } = workerData;
const sockets = [];
const latencies = [];
/** per push (chart and hash): the object's send time and the first and last arrival over this thread's viewers */
const spread = {};
const pushes = new Array(count).fill(0);
const connectedAt = [];
let lateAnswers = 0;
let measuring = false;
const delay = monitorEventLoopDelay({ resolution: 5 });

function open(i) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { headers: { Authorization: `Bearer ${token}` } });
    sockets.push(ws);
    let opened = false;
    ws.onopen = () => {
      opened = true;
      resolve();
    };
    ws.onerror = () => !opened && reject(new Error(`viewer ${first + i} could not connect`));
    ws.onmessage = (e) => {
      const arrived = Date.now();
      for (const m of [JSON.parse(e.data)].flat()) {
        // answers kept from before this viewer connected (sent at once on arrival) are not pushes
        if (m.at < connectedAt[i]) {
          lateAnswers++;
          continue;
        }
        if (!measuring) continue; // while the handshakes load the Worker, pushes wait behind them: not the figure
        pushes[i]++;
        latencies.push(arrived - m.sent);
        const s = (spread[`${m.chart_id}:${m.hash}`] ??= { sent: m.sent, first: arrived, last: arrived });
        s.first = Math.min(s.first, arrived);
        s.last = Math.max(s.last, arrived);
      }
    };
  });
}

parentPort.on("message", async (msg) => {
  if (msg === "connect") {
    for (let i = 0; i < count; i += 25) {
      await Promise.all(Array.from({ length: Math.min(25, count - i) }, (_, k) => {
        connectedAt[i + k] = Date.now();
        return open(i + k);
      }));
    }
    parentPort.postMessage({ connected: count });
  } else if (msg === "measure") {
    measuring = true;
    delay.enable();
  } else if (msg === "stop") {
    measuring = false;
    delay.disable();
    parentPort.postMessage({ latencies, spread, pushes, lateAnswers, loopDelayP99Ms: delay.percentile(99) / 1e6 });
    for (const ws of sockets) ws.close(1000);
    setTimeout(() => process.exit(0), 200);
  }
});
