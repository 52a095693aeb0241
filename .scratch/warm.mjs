import postgres from "postgres";
const med = (xs) => [...xs].sort((a,b)=>a-b)[Math.floor(xs.length/2)];
const setup = postgres({ host: "127.0.0.1", port: 5432, user: "postgres", database: "test", max: 1, onnotice(){} });
await setup.unsafe("DROP TABLE IF EXISTS bench_1m");
await setup.unsafe("CREATE TABLE bench_1m AS SELECT g AS id, g % 100 AS grp, (g::bigint * 7919 % 10007)::int AS val, 'label-' || (g % 1000) AS label FROM generate_series(1, 1000000) AS g");
await setup.unsafe("ANALYZE bench_1m");
const Q = "SELECT grp, COUNT(*) AS n, SUM(val) AS total, AVG(val) AS mean, MAX(label) AS top_label FROM bench_1m GROUP BY grp ORDER BY grp LIMIT 1001";
const warm = [], cold = [];
for (let i = 0; i < 9; i++) {
  let t0 = performance.now(); await setup.unsafe(Q); warm.push(performance.now() - t0);
  t0 = performance.now();
  const c = postgres({ host: "127.0.0.1", port: 5432, user: "postgres", database: "test", max: 1, prepare: false, fetch_types: false, onnotice(){} });
  await c.unsafe(Q); cold.push(performance.now() - t0); await c.end();
}
console.log("warm", med(warm).toFixed(1), "cold(new conn)", med(cold).toFixed(1));
await setup.unsafe("DROP TABLE bench_1m"); await setup.end();
