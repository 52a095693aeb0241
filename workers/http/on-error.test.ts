import { afterEach, expect, test, vi } from "vitest";
import { Hono } from "hono";
import { onError } from "./on-error";
import { jsonObject } from "./input";
import type { AppEnv } from "../../services/env";

// Hono's app.request() runs the real error mapper without a Worker: enough for what the mapper decides.
function app() {
  const a = new Hono<AppEnv>();
  a.onError(onError);
  a.get("/stored", () => {
    const storedColumn = '{"schedule_info": {"crontab": '; // corrupt JSON as it might sit in D1
    return Response.json(JSON.parse(storedColumn));
  });
  a.post("/body", async (c) => c.json(await jsonObject(c)));
  return a;
}

afterEach(() => vi.restoreAllMocks());

test("corrupt stored JSON is a logged server error, not a 400 that blames the client's request body", async () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  const res = await app().request("/stored");
  expect(res.status).toBe(500);
  const body = (await res.json()) as { message: string };
  expect(body.message).not.toMatch(/Request body/);
  expect(JSON.stringify(body)).not.toMatch(/at JSON\.parse|stack/);
  expect(logged).toHaveBeenCalledTimes(1);
  expect(logged.mock.calls[0][1]).toBeInstanceOf(SyntaxError);
});

test("a malformed request body is still the client's 400", async () => {
  const res = await app().request("/body", { method: "POST", body: "{", headers: { "content-type": "application/json" } });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { message: string }).message).toMatch(/^Request body is not valid JSON/);
});
