// The connector benchmark's harness (bench/connectors.mjs), never deployed: a Worker that runs one of the
// product's connectors inside workerd, exactly as SQL Lab does, without the HTTP API around it. One request
// opens a connector, runs the query once to warm the connection, then `runs` more times on it, and answers
// the row count. The benchmark times a request with `runs` = K against one with `runs` = 0: the difference
// is K warm runs, with all their I/O and CPU, and nothing else.
import { openConnector } from "../../services/connectors/registry";
import type { Env } from "../../services/env";

interface RunRequest {
  engine: string;
  uri: string;
  sql: string;
  limit?: number;
  runs: number;
  /** statements run once first (read-write), e.g. to create the table on D1 */
  setup?: string[];
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (request.method !== "POST") return new Response("OK");
    const body = (await request.json()) as RunRequest;
    const connector = openConnector(env, { engine: body.engine, sqlalchemy_uri: body.uri, password: null, extra: null });
    try {
      for (const statement of body.setup ?? []) await connector.execute(statement, { readOnly: false, timeoutMs: 600_000 });
      const options = { limit: body.limit, readOnly: true, timeoutMs: 60_000 };
      let rows = (await connector.execute(body.sql, options)).rows.length;
      for (let i = 0; i < body.runs; i++) rows = (await connector.execute(body.sql, options)).rows.length;
      return Response.json({ rows });
    } catch (e) {
      return Response.json({ error: e instanceof Error ? e.message : String(e) }, { status: 500 });
    } finally {
      await connector.close();
    }
  },
} satisfies ExportedHandler<Env>;
