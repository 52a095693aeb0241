import { expect, test } from "vitest";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { Switchboard, isPortHandshake, type PortLike } from "./switchboard";

// Node's MessagePort speaks addEventListener like the browser's; its events carry `data` the same way.
const portOf = (p: MessagePort) => p as unknown as PortLike;

function pair() {
  const channel = new MessageChannel();
  const page = new Switchboard(portOf(channel.port1), "superset");
  const host = new Switchboard(portOf(channel.port2), "superset-embedded-sdk");
  page.start();
  host.start();
  return { page, host, close: () => { channel.port1.close(); channel.port2.close(); } };
}

test("the SDK's handshake is recognised, other window messages are not", () => {
  expect(isPortHandshake({ type: "__embedded_comms__", handshake: "port transfer" })).toBe(true);
  expect(isPortHandshake({ type: "__embedded_comms__", handshake: "other" })).toBe(false);
  expect(isPortHandshake({ type: "webpackOk" })).toBe(false);
  expect(isPortHandshake(null)).toBe(false);
  expect(isPortHandshake("__embedded_comms__")).toBe(false);
});

test("a get is answered with the method's (async) result; an unknown or failing method with Superset's error", async () => {
  const { page, host, close } = pair();
  page.defineMethod("getScrollSize", () => ({ width: 800, height: 1200 }));
  page.defineMethod("getDashboardPermalink", async (args) => `https://bi.example/superset/dashboard/p/k/#${(args as { anchor: string }).anchor}`);
  page.defineMethod("getDataMask", () => { throw new Error("boom"); });
  expect(await host.get("getScrollSize")).toEqual({ width: 800, height: 1200 });
  expect(await host.get("getDashboardPermalink", { anchor: "CHART-1" })).toBe("https://bi.example/superset/dashboard/p/k/#CHART-1");
  await expect(host.get("getActiveTabs")).rejects.toThrow('[superset] Method "getActiveTabs" is not defined');
  await expect(host.get("getDataMask")).rejects.toThrow('[superset] Method "getDataMask" threw an error');
  close();
});

test("emits reach the method without an answer: the guest token and its refresh, data masks to the host", async () => {
  const { page, host, close } = pair();
  const tokens: unknown[] = [];
  page.defineMethod("guestToken", (args) => { tokens.push((args as { guestToken: string }).guestToken); });
  const masks: unknown[] = [];
  const seen = new Promise<void>((resolve) => host.defineMethod("observeDataMask", (m) => { masks.push(m); resolve(); }));
  host.emit("guestToken", { guestToken: "first" });
  host.emit("guestToken", { guestToken: "second" });
  host.emit("noSuchMethod", {});
  page.emit("observeDataMask", { "NATIVE_FILTER-1": { filterState: { value: ["a"] } }, crossFiltersChanged: false, nativeFiltersChanged: true });
  await seen;
  await new Promise((r) => setTimeout(r, 20));
  expect(tokens).toEqual(["first", "second"]);
  expect(masks).toEqual([{ "NATIVE_FILTER-1": { filterState: { value: ["a"] } }, crossFiltersChanged: false, nativeFiltersChanged: true }]);
  close();
});

test("replies are matched by message id, so concurrent gets each get their own answer", async () => {
  const { page, host, close } = pair();
  page.defineMethod("echo", async (args) => { await new Promise((r) => setTimeout(r, (args as { wait: number }).wait)); return args; });
  const [a, b] = await Promise.all([host.get("echo", { wait: 30, v: "a" }), host.get("echo", { wait: 1, v: "b" })]);
  expect(a).toEqual({ wait: 30, v: "a" });
  expect(b).toEqual({ wait: 1, v: "b" });
  close();
});
