import { startWorker, TEST_ADMIN } from "./server.mjs";
import { bearerClient, type ApiClient } from "./client";
import { localD1 } from "./local-d1";

// A Worker of its own for the SQL Lab engine tests: real PostgreSQL and MariaDB databases are registered
// straight into its metadata D1 (the database API belongs to another area), with the flags each test needs.

export interface SqlLabWorker {
  url: string;
  admin: ApiClient;
  client(token: string): ApiClient;
  login(username: string, password: string): Promise<ApiClient>;
  d1<T = Record<string, unknown>>(sql: string): T[];
  /** registers a database row and answers its id */
  addDatabase(name: string, uri: string, flags?: Partial<Record<"allow_dml" | "allow_run_async" | "allow_ctas" | "allow_cvas" | "expose_in_sqllab", boolean>>, extra?: Record<string, unknown>): number;
  logs(): string;
  stop(): Promise<void>;
}

/** `config`: extra wrangler settings for this Worker only (e.g. a `hyperdrive` binding). */
export async function startSqlLabWorker(vars: Record<string, string> = {}, config: Record<string, unknown> = {}): Promise<SqlLabWorker> {
  const worker = await startWorker({ vars, config });
  // wrangler's dev server closes idle keep-alive sockets (the d1 CLI calls take seconds) and undici then
  // fails the next request on that socket before the server sees it: send it once more on a fresh one
  const send = async (path: string, init: RequestInit = {}) => {
    try {
      return await fetch(`${worker.url}${path}`, init);
    } catch (e) {
      if ((e as { cause?: { code?: string } }).cause?.code !== "UND_ERR_SOCKET") throw e;
      return fetch(`${worker.url}${path}`, init);
    }
  };
  const client = (token: string): ApiClient => bearerClient(token, send);
  const login = async (username: string, password: string) => {
    const res = await fetch(`${worker.url}/api/v1/security/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username, password, provider: "db" }),
    });
    if (!res.ok) throw new Error(`login failed: ${res.status}`);
    return client(((await res.json()) as { access_token: string }).access_token);
  };
  const d1 = localD1(worker.stateDir);
  const admin = await login(TEST_ADMIN.username, TEST_ADMIN.password);
  // the first request bootstraps the metadata (roles, admin, examples); rows go in after it
  await admin.get("/api/v1/sqllab/");
  const addDatabase: SqlLabWorker["addDatabase"] = (name, uri, flags = {}, extra = {}) => {
    const engine = uri.startsWith("postgresql") ? "postgresql" : uri.startsWith("d1:") ? "d1" : uri.startsWith("clickhouse") ? "clickhouse" : "mysql";
    const b = (k: keyof typeof flags, dflt: boolean) => ((flags[k] ?? dflt) ? 1 : 0);
    d1(`INSERT INTO dbs (uuid, database_name, sqlalchemy_uri, engine, expose_in_sqllab, allow_run_async, allow_ctas, allow_cvas, allow_dml, extra, created_on, changed_on)
        VALUES ('${crypto.randomUUID()}', '${name}', '${uri}', '${engine}', ${b("expose_in_sqllab", true)}, ${b("allow_run_async", true)}, ${b("allow_ctas", false)}, ${b("allow_cvas", false)}, ${b("allow_dml", false)}, '${JSON.stringify(extra).replace(/'/g, "''")}', '${new Date().toISOString()}', '${new Date().toISOString()}')`);
    return d1<{ id: number }>(`SELECT id FROM dbs WHERE database_name = '${name}'`)[0].id;
  };
  return { url: worker.url, admin, client, login, d1, addDatabase, logs: worker.logs, stop: worker.stop };
}

/** Polls the async event stream until an event for `jobId` arrives; answers it and the elapsed ms. */
export async function waitForEvent(api: ApiClient, jobId: string, timeoutMs = 30_000) {
  const started = Date.now();
  let lastId = "0-0";
  while (Date.now() - started < timeoutMs) {
    const body = (await (await api.get(`/api/v1/async_event/?last_id=${lastId}`)).json()) as { result: { id: string; job_id: string; status: string; result_url: string | null; errors: { message: string }[] }[] };
    for (const event of body.result) {
      lastId = event.id;
      if (event.job_id === jobId) return event;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no async event for ${jobId} within ${timeoutMs} ms`);
}
