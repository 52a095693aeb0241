import { startWorker } from "../tests/support/server.mjs";
import { execSync } from "node:child_process";
const w = await startWorker();
try {
  const med = (xs) => [...xs].sort((a,b)=>a-b)[Math.floor(xs.length/2)];
  const time = async (url) => { const ts=[]; for (let i=0;i<50;i++){ const t0=performance.now(); const r = await fetch(url); await r.text(); if (!r.ok) return "status "+r.status; ts.push(performance.now()-t0);} return med(ts).toFixed(2); };
  console.log(w.url, "health via wrangler dev", await time(`${w.url}/health`));
  const ports = execSync("ss -ltnp | grep -E 'workerd|node' || true").toString().matchAll(/127\.0\.0\.1:(\d+).*"(\w+)",pid=(\d+)/g);
  for (const [, port, name, pid] of ports) {
    try { console.log(port, name, pid, await time(`http://127.0.0.1:${port}/health`)); } catch (e) { console.log(port, name, pid, "err", e.message); }
  }
} finally { await w.stop(); }
