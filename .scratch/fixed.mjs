import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
const w = await startWorker();
try {
  const login = await fetch(`${w.url}/api/v1/security/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...TEST_ADMIN, provider: "db" }) });
  const bearer = (await login.json()).access_token;
  const api = async (m, p, b) => { const r = await fetch(`${w.url}${p}`, { method: m, headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" }, body: b && JSON.stringify(b) }); return r.json(); };
  const engines = { pg: "postgresql://postgres@127.0.0.1:5432/test" };
  for (const [name, uri] of Object.entries(engines)) {
    const db = await api("POST", "/api/v1/database/", { database_name: `x ${name}`, sqlalchemy_uri: uri });
    const ts = [];
    for (let i = 0; i < 12; i++) { await new Promise(r=>setTimeout(r,50)); const t0 = performance.now(); const r = await api("POST", "/api/v1/sqllab/execute/", { database_id: db.id, sql: "SELECT 1 AS x", runAsync: false }); ts.push(performance.now() - t0); if (!r.data) console.log(r); }
    console.log(name, ts.map((t) => t.toFixed(1)).join(" "));
  }
  console.log(w.logs().replace(/\x1b\[[0-9;]*m/g,"").split("\n").filter((l) => l.includes("TIMING")).map(l=>l.replace(/.*TIMING /,"")).slice(-30).join(" | "));
} finally { await w.stop(); }
