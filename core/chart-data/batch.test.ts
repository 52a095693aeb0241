import { expect, test } from "vitest";
import { eachLimited, MAX_BATCH_CONTEXTS, ndjsonLine, ndjsonReader, ndjsonTextLine, parseBatch } from "./batch";

test("a batch is a non-empty list of query context objects, bounded", () => {
  expect(parseBatch({ contexts: [{ datasource: { id: 1 } }, {}] })).toEqual([{ datasource: { id: 1 } }, {}]);
  for (const bad of [null, [], {}, { contexts: [] }, { contexts: {} }, { contexts: [1] }, { contexts: [[]] }, { contexts: [null] }]) {
    expect(() => parseBatch(bad)).toThrow(/contexts/);
  }
  expect(() => parseBatch({ contexts: Array.from({ length: MAX_BATCH_CONTEXTS + 1 }, () => ({})) })).toThrow(`At most ${MAX_BATCH_CONTEXTS}`);
});

test("work runs at most `limit` at once and each result is handed on as it finishes", async () => {
  let running = 0;
  let peak = 0;
  const finished: number[] = [];
  const delays = [30, 5, 20, 1, 10];
  await eachLimited(delays, 2, async (ms, i) => {
    running++;
    peak = Math.max(peak, running);
    await new Promise((r) => setTimeout(r, ms));
    running--;
    return i * 10;
  }, (value, i) => {
    expect(value).toBe(i * 10);
    finished.push(i);
  });
  expect(peak).toBe(2);
  expect(finished.sort()).toEqual([0, 1, 2, 3, 4]);
  expect(finished.length).toBe(5);
});

test("finishing order, not request order: a quick item is handed on before a slow earlier one", async () => {
  const order: number[] = [];
  await eachLimited([40, 1], 2, (ms) => new Promise<number>((r) => setTimeout(() => r(ms), ms)), (_v, i) => void order.push(i));
  expect(order).toEqual([1, 0]);
});

test("NDJSON lines round-trip through the reader whatever the chunking", () => {
  const text = ndjsonLine({ index: 0, status: 200, body: { result: [{ data: ["a\nb"] }] } }) + ndjsonLine({ index: 1, status: 403, body: { message: "Forbidden" } });
  for (const size of [1, 3, 7, text.length]) {
    const reader = ndjsonReader<{ index: number }>();
    const got: { index: number }[] = [];
    for (let i = 0; i < text.length; i += size) got.push(...reader.push(text.slice(i, i + size)));
    got.push(...reader.end());
    expect(got).toEqual([{ index: 0, status: 200, body: { result: [{ data: ["a\nb"] }] } }, { index: 1, status: 403, body: { message: "Forbidden" } }]);
  }
  const last = ndjsonReader();
  expect(last.push('{"index":2}')).toEqual([]);
  expect(last.end()).toEqual([{ index: 2 }]);
});

test("a line of JSON text already kept is the same line, marked front when the front cache answered it", () => {
  const body = '{"result":[{"data":[{"a":"x\\ny"}]}]}';
  expect(JSON.parse(ndjsonTextLine(3, 200, body))).toEqual(JSON.parse(ndjsonLine({ index: 3, status: 200, body: JSON.parse(body) })));
  expect(ndjsonTextLine(3, 200, body, true).endsWith("}\n")).toBe(true);
  expect(JSON.parse(ndjsonTextLine(3, 200, body, true))).toEqual({ index: 3, status: 200, front: true, body: { result: [{ data: [{ a: "x\ny" }] }] } });
});
