import postgres from "postgres";
const med = (xs) => [...xs].sort((a,b)=>a-b)[Math.floor(xs.length/2)];
async function once(mode) {
  const t0 = performance.now();
  const sql = postgres({ host: "127.0.0.1", port: 5432, user: "postgres", database: "test", max: 1, prepare: false, fetch_types: false, onnotice(){} ,
    connection: mode === "startup" ? { application_name: "x", default_transaction_read_only: "on", statement_timeout: "30000" } : { application_name: "x" } });
  if (mode === "tx") await sql.begin("read only", async (tx) => { await tx.unsafe("SET LOCAL statement_timeout = 30000"); return tx.unsafe("SELECT 1").values(); });
  else if (mode === "multi") await sql.begin("read only", async (tx) => { return tx.unsafe("SELECT 1").values(); });
  else await sql.unsafe("SELECT 1").values();
  const t1 = performance.now();
  await sql.end({ timeout: 1 });
  return [t1 - t0, performance.now() - t1];
}
for (const mode of ["tx", "multi", "startup", "plain"]) {
  const a = [], b = [];
  for (let i = 0; i < 20; i++) { const [x, y] = await once(mode); a.push(x); b.push(y); }
  console.log(mode, med(a).toFixed(2), "end", med(b).toFixed(2));
}
