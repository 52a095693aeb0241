import { connect, createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { newClientId } from "../support/sqllab";
import { startSqlLabWorker, type SqlLabWorker } from "../support/sqllab-worker";

// A connection that ClickHouse drops as a request arrives on it (what a pooled keep-alive connection closed after
// ClickHouse's 3 s keep_alive_timeout does; a CI run lost a dashboard chart to it) costs a read one more request on
// a fresh connection, not an error; a statement that may write is never sent twice. A TCP proxy in front of the real
// ClickHouse (127.0.0.1:8123) drops the next request's connection on demand and counts the requests that reach it.

let w: SqlLabWorker;
let proxy: Server;
let dropNext = 0;
let requests = 0;

beforeAll(async () => {
  // every request is counted, on a new connection or a kept-alive one; a drop closes the connection it came on
  proxy = createServer((client: Socket) => {
    const upstream = connect(8123, "127.0.0.1");
    upstream.pipe(client);
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
    client.on("close", () => upstream.destroy());
    client.on("data", (chunk) => {
      if (/^(POST|GET) /.test(chunk.toString("latin1", 0, 5))) {
        requests++;
        if (dropNext > 0) {
          dropNext--;
          client.destroy();
          return;
        }
      }
      upstream.write(chunk);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  w = await startSqlLabWorker();
}, 240_000);

afterAll(async () => {
  await w?.stop();
  await new Promise((resolve) => proxy?.close(resolve));
});

const port = () => (proxy.address() as { port: number }).port;
const run = (database_id: number, sql: string) => w.admin.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id, sql });

test("a read whose connection is dropped as it is sent is answered over a fresh connection", async () => {
  const ro = w.addDatabase("ch_via_proxy_ro", `clickhousedb://default@127.0.0.1:${port()}/default`, { allow_run_async: false });
  dropNext = 1;
  requests = 0;
  const res = await run(ro, "SELECT 41 + 1 AS answer");
  expect(res.status, await res.clone().text()).toBe(200);
  expect(((await res.json()) as { data: { answer: number }[] }).data).toEqual([{ answer: 42 }]);
  expect(requests).toBe(2);
});

test("a statement that may write is not sent again: the dropped connection is the user's error", async () => {
  const rw = w.addDatabase("ch_via_proxy_rw", `clickhousedb://default@127.0.0.1:${port()}/default`, { allow_dml: true, allow_run_async: false });
  const table = `retry_probe_${Date.now().toString(36)}`;
  dropNext = 1;
  requests = 0;
  const res = await run(rw, `CREATE TABLE ${table} (x UInt8) ENGINE = Memory`);
  const body = await res.text();
  expect([res.status, requests], body).toEqual([422, 1]);
  expect(body).toContain("refused the connection");
  expect(requests).toBe(1);
  dropNext = 0;
  const exists = await fetch("http://127.0.0.1:8123/", { method: "POST", body: `EXISTS TABLE default.${table}` });
  expect((await exists.text()).trim()).toBe("0");
});
