// P1's yardsticks (bench/chart-data.mjs), never deployed: the same SQL run straight on the engine from a bare
// Worker, asked over HTTP as the chart-data request is, answering the rows as JSON.
//   POST /d1  the D1 binding over the product Worker's examples database (the same SQLite file)
//   POST /pg  the `postgres` client on a connection a Durable Object keeps open between requests: a Worker request
//             may not reuse another request's socket, so that is the fastest a Worker reaches PostgreSQL directly
//             (connecting per request would cost a handshake and make the yardstick, not the product, slower)
//   POST /ch  ClickHouse's HTTP interface at CH_URL with `fetch`, FORMAT JSONCompact, the rows (arrays) as JSON
import { DurableObject } from "cloudflare:workers";
import postgres from "postgres";

export class WarmPostgres extends DurableObject {
  sql = postgres(this.env.PG_URL, { max: 1, prepare: false, fetch_types: false, idle_timeout: 300, onnotice: () => {} });

  async rows(text) {
    return [...(await this.sql.unsafe(text))];
  }
}

export default {
  async fetch(request, env) {
    if (request.method !== "POST") return new Response("ok");
    const text = await request.text();
    const { pathname } = new URL(request.url);
    if (pathname === "/d1") return Response.json((await env.EXAMPLES.prepare(text).all()).results);
    if (pathname === "/pg") return Response.json(await env.WARM_POSTGRES.get(env.WARM_POSTGRES.idFromName("bench")).rows(text));
    if (pathname === "/ch") {
      const res = await fetch(`${env.CH_URL}?default_format=JSONCompact`, { method: "POST", body: text });
      if (!res.ok) return new Response(await res.text(), { status: 502 });
      return Response.json((await res.json()).data);
    }
    return new Response("unknown yardstick", { status: 404 });
  },
};
