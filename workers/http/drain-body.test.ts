import { expect, test } from "vitest";
import { Hono } from "hono";
import { drainBody, drainUnreadBody } from "./drain-body";

/** A request whose body hands out `chunks` chunks of `size` bytes when pulled; `state` says what was read. */
function streamed(chunks: number, size: number, headers: Record<string, string> = {}) {
  const state = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled === chunks) return controller.close();
      state.pulled++;
      controller.enqueue(new Uint8Array(size));
    },
    cancel() {
      state.cancelled = true;
    },
  }, { highWaterMark: 0 });
  const req = new Request("http://x/api/v1/database/1/upload/", { method: "POST", body, headers, duplex: "half" } as RequestInit);
  return { req, state };
}

test("a body the route left unread is read to its end before the answer leaves", async () => {
  const app = new Hono();
  app.use("*", drainUnreadBody);
  app.post("*", (c) => c.json({ message: "Forbidden" }, 403));
  const { req, state } = streamed(50, 1024);
  const res = await app.fetch(req);
  expect(res.status).toBe(403);
  expect(state.pulled).toBe(50);
  expect(state.cancelled).toBe(false);
});

test("a body the route read, or is reading, is left alone", async () => {
  const app = new Hono();
  app.use("*", drainUnreadBody);
  app.post("/read", async (c) => c.json({ size: (await c.req.arrayBuffer()).byteLength }));
  app.post("/reading", (c) => {
    c.req.raw.body!.getReader(); // as a streamed answer holds it
    return c.text("later");
  });
  const read = await app.fetch(new Request("http://x/read", { method: "POST", body: "abc" }));
  expect(await read.json()).toEqual({ size: 3 });
  const { req, state } = streamed(5, 10);
  const reading = await app.fetch(new Request("http://x/reading", { method: "POST", body: req.body, duplex: "half" } as RequestInit));
  expect(await reading.text()).toBe("later");
  expect(state.pulled).toBe(0);
});

test("a body past the limit is cancelled, whether its length is declared or found while reading", async () => {
  const declared = streamed(10, 100, { "content-length": "1000" });
  await drainBody(declared.req, 500);
  expect(declared.state).toEqual({ pulled: 0, cancelled: true });
  const found = streamed(10, 100);
  await drainBody(found.req, 500);
  expect(found.state.cancelled).toBe(true);
  expect(found.state.pulled).toBeLessThan(10);
});
