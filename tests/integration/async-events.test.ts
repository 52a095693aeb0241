import { request } from "node:http";
import { expect, test } from "vitest";
import { encodeRison } from "../../core/http/rison-guard";
import { baseUrl, loginAs, loginAsAdmin, type ApiClient } from "../support/client";

// Async events: polling and the websocket on /api/v1/async_event/, both read from
// the caller's EventChannel Durable Object. Event ordering, replay and pruning are unit-tested in
// core/async-events.test.ts; here the HTTP and websocket surface runs against the real Worker and DO.

/** A raw websocket handshake, so the test sees the exact status (101, 401, 403) the Worker answers. */
function handshake(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(path, baseUrl());
  return new Promise((resolve, reject) => {
    const req = request(url, {
      headers: { Connection: "Upgrade", Upgrade: "websocket", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", ...headers },
    });
    req.on("upgrade", (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, body: "" });
    });
    req.on("response", (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A new Gamma user: its channel is empty whatever other test files ran as admin before. */
async function freshUser(): Promise<ApiClient> {
  const admin = await loginAsAdmin();
  const roles = (await (await admin.get(`/api/v1/security/roles/?q=${encodeRison({ filters: [{ col: "name", opr: "eq", value: "Gamma" }] })}`)).json()) as {
    result: { id: number }[];
  };
  const username = `ae_${Math.random().toString(36).slice(2, 10)}`;
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  const res = await admin.post("/api/v1/security/users/", {
    username, first_name: "Async", last_name: "Events", email: `${username}@example.com`, password, roles: [roles.result[0].id],
  });
  expect(res.status).toBe(201);
  return loginAs(username, password);
}

test("polling needs a login", async () => {
  const res = await fetch(`${baseUrl()}/api/v1/async_event/`);
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({ message: "Not authorized" });
});

test("a user with no events polls an empty result, with or without last_id", async () => {
  const user = await freshUser();
  for (const path of ["/api/v1/async_event/", "/api/v1/async_event/?last_id=0", "/api/v1/async_event/?last_id=1700000000000-5"]) {
    const res = await user.get(path);
    expect(res.status, path).toBe(200);
    expect(await res.json()).toEqual({ result: [] });
  }
});

test("a malformed last_id is a 400 for polling and for the websocket", async () => {
  const admin = await loginAsAdmin();
  const res = await admin.get("/api/v1/async_event/?last_id=abc");
  expect(res.status).toBe(400);
  expect(((await res.json()) as { message: string }).message).toMatch(/^Invalid last_id: abc/);
  const ws = await handshake("/api/v1/async_event/?last_id=1-2-3", { Authorization: `Bearer ${admin.token}` });
  expect(ws.status).toBe(400);
});

test("the websocket handshake needs a login and is refused from another origin", async () => {
  expect((await handshake("/api/v1/async_event/", {})).status).toBe(401);
  const admin = await loginAsAdmin();
  const foreign = await handshake("/api/v1/async_event/", { Authorization: `Bearer ${admin.token}`, Origin: "https://evil.example" });
  expect(foreign.status).toBe(403);
  const ok = await handshake("/api/v1/async_event/?last_id=0", { Authorization: `Bearer ${admin.token}`, Origin: baseUrl() });
  expect(ok.status).toBe(101);
});

test("a websocket connects, answers keep-alive pings and closes cleanly", async () => {
  const admin = await freshUser();
  const url = `${baseUrl().replace(/^http/, "ws")}/api/v1/async_event/?last_id=0`;
  // Node's WebSocket (undici) accepts headers, so the bearer token authenticates the handshake.
  const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${admin.token}` } } as unknown as string[]);
  const messages: string[] = [];
  ws.addEventListener("message", (e) => messages.push(String(e.data)));
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener("open", () => resolve());
    ws.addEventListener("error", () => reject(new Error("websocket failed to open")));
  });
  ws.send("ping");
  await expect.poll(() => messages, { timeout: 5000 }).toContain("pong");
  // No async query ran for this user: nothing else was replayed.
  expect(messages).toEqual(["pong"]);
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code)));
  ws.close(1000, "done");
  expect(await closed).toBe(1000);
  // The channel still answers polls after the socket is gone.
  expect(await (await admin.get("/api/v1/async_event/")).json()).toEqual({ result: [] });
});

/** Starts an asynchronous SQL Lab query on the examples database; its QueryJob publishes to the caller's channel. */
async function runAsyncQuery(client: ApiClient, sql: string): Promise<string> {
  const q = encodeRison({ filters: [{ col: "database_name", opr: "eq", value: "examples" }] });
  const dbs = (await (await client.get(`/api/v1/database/?q=${q}`)).json()) as { result: { id: number }[] };
  const clientId = `ae${Math.random().toString(36).slice(2, 11)}`;
  const res = await client.post("/api/v1/sqllab/execute/", { database_id: dbs.result[0].id, sql, client_id: clientId, runAsync: true });
  expect(res.status).toBe(202);
  return clientId;
}

interface PolledEvent {
  id: string;
  job_id: string;
  status: string;
  channel_id: string;
  result_url: string | null;
  errors: unknown[];
}

test("an async query's completion reaches the poll and the websocket, in order, with last_id replay", async () => {
  const admin = await loginAsAdmin();
  const first = await runAsyncQuery(admin, "SELECT 1 AS one");
  const poll = async (lastId = "") =>
    ((await (await admin.get(`/api/v1/async_event/${lastId ? `?last_id=${lastId}` : ""}`)).json()) as { result: PolledEvent[] }).result;
  await expect.poll(async () => (await poll()).map((e) => e.job_id), { timeout: 20_000 }).toContain(first);
  const firstEvent = (await poll()).find((e) => e.job_id === first)!;
  expect(firstEvent).toMatchObject({ status: "done", errors: [], channel_id: expect.any(String) });
  expect(firstEvent.id).toMatch(/^\d+-\d+$/);
  expect(firstEvent.result_url).toContain("/api/v1/sqllab/results/");
  // Nothing after the newest id; everything again from the start.
  const newest = (await poll()).at(-1)!.id;
  expect(await poll(newest)).toEqual([]);

  // A websocket from last_id=0 first replays what was kept, then receives new events live.
  const url = `${baseUrl().replace(/^http/, "ws")}/api/v1/async_event/?last_id=0`;
  const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${admin.token}` } } as unknown as string[]);
  const received: PolledEvent[] = [];
  ws.addEventListener("message", (e) => received.push(JSON.parse(String(e.data)) as PolledEvent));
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener("open", () => resolve());
    ws.addEventListener("error", () => reject(new Error("websocket failed to open")));
  });
  await expect.poll(() => received.map((e) => e.job_id), { timeout: 5000 }).toContain(first);
  const second = await runAsyncQuery(admin, "SELECT 2 AS two");
  await expect.poll(() => received.map((e) => e.job_id), { timeout: 20_000 }).toContain(second);
  ws.close(1000);

  const ids = received.map((e) => e.id);
  const seqs = ids.map((id) => Number(id.split("-")[1]));
  expect([...seqs].sort((a, b) => a - b)).toEqual(seqs); // delivered in id order
  expect(new Set(ids).size).toBe(ids.length); // no id twice
  // Polling after the first event's id answers the later ones only, the second query's among them.
  const after = await poll(firstEvent.id);
  expect(after.map((e) => e.job_id)).toContain(second);
  expect(after.map((e) => e.job_id)).not.toContain(first);
});
