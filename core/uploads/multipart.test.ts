import { expect, test } from "vitest";
import { MultipartStreamError, streamParts, type StreamedPart } from "./multipart";

const TYPE = "multipart/form-data; boundary=XyZ";
const enc = new TextEncoder();

function form(parts: { name: string; filename?: string; body: string }[], epilogue = "\r\n"): Uint8Array {
  let text = "";
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ""}`;
    text += `--XyZ\r\nContent-Disposition: ${disposition}\r\n${p.filename !== undefined ? "Content-Type: text/csv\r\n" : ""}\r\n${p.body}\r\n`;
  }
  return enc.encode(`${text}--XyZ--${epilogue}`);
}

/** The bytes as a stream that hands out `size`-byte chunks only when pulled, counting the pulls. */
function pulled(bytes: Uint8Array, size: number) {
  const state = { pulls: 0, closed: false };
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulls++;
      if (at >= bytes.length) {
        state.closed = true;
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  }, { highWaterMark: 0 });
  return { stream, state };
}

async function text(data: AsyncIterable<Uint8Array>) {
  let out = "";
  const dec = new TextDecoder();
  for await (const c of data) out += dec.decode(c, { stream: true });
  return out;
}

test("fields arrive whole and a file's bytes as they come, whatever the chunk size", async () => {
  const body = form([{ name: "type", body: "csv" }, { name: "file", filename: "a.csv", body: "a,b\n1,2\n3,4\n" }, { name: "late", body: "x" }]);
  for (const size of [1, 3, 7, 64, 4096]) {
    const seen: string[] = [];
    for await (const part of streamParts(pulled(body, size).stream, TYPE)) {
      seen.push(part.kind === "field" ? `${part.name}=${new TextDecoder().decode(part.value)}` : `${part.name}:${part.filename}=${await text(part.data)}`);
    }
    expect(seen, `chunks of ${size}`).toEqual(["type=csv", "file:a.csv=a,b\n1,2\n3,4\n", "late=x"]);
  }
});

test("a file is streamed: the body is read no further ahead than what its reader has taken", async () => {
  const row = "0123456789,abcdefghij\n";
  const body = form([{ name: "type", body: "csv" }, { name: "file", filename: "big.csv", body: row.repeat(5000) }]);
  const { stream, state } = pulled(body, 1024);
  const parts = streamParts(stream, TYPE);
  expect((await parts.next()).value).toMatchObject({ kind: "field", name: "type" });
  const file = (await parts.next()).value as Extract<StreamedPart, { kind: "file" }>;
  const it = file.data[Symbol.asyncIterator]();
  await it.next();
  await it.next();
  expect(state.pulls).toBeLessThan(5);
  let rest = 0;
  for (let r = await it.next(); !r.done; r = await it.next()) rest += r.value.byteLength;
  expect(state.pulls).toBeGreaterThan(100);
  expect((await parts.next()).done).toBe(true);
  expect(state.closed).toBe(true); // the whole body, epilogue too, has been read when the parts end
  expect(rest).toBeGreaterThan(row.length * 4900);
});

test("a file its reader left early is read past to the next part", async () => {
  const body = form([{ name: "file", filename: "a.csv", body: "x".repeat(10000) }, { name: "after", body: "yes" }]);
  const names: string[] = [];
  for await (const part of streamParts(pulled(body, 100).stream, TYPE)) {
    names.push(part.name);
    if (part.kind === "file") for await (const _ of part.data) break;
  }
  expect(names).toEqual(["file", "after"]);
});

test("a body cut short mid-file is refused, and the stream is left unlocked for its rest to be read away", async () => {
  const whole = form([{ name: "file", filename: "a.csv", body: "a\n1\n2\n".repeat(20) }]);
  const body = whole.slice(0, whole.length - 30);
  const stream = pulled(body, 4096).stream;
  const parts = streamParts(stream, TYPE);
  const file = (await parts.next()).value as Extract<StreamedPart, { kind: "file" }>;
  const err = await text(file.data).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(MultipartStreamError);
  expect((err as MultipartStreamError).tooLarge).toBe(false);
  await expect(parts.next()).rejects.toBeInstanceOf(MultipartStreamError);
  expect(stream.locked).toBe(false);
});

test("a body with no closing boundary is refused", async () => {
  const body = enc.encode("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--XyZ");
  await expect(text((async function* () {
    for await (const _ of streamParts(pulled(body, 4096).stream, TYPE)) yield new Uint8Array();
  })())).rejects.toThrow(/closing boundary/);
});

test("a text field over the limit is too large; a type without a boundary is refused", async () => {
  const big = form([{ name: "note", body: "n".repeat(2000) }]);
  const err = await streamParts(pulled(big, 4096).stream, TYPE, 1000).next().catch((e: unknown) => e);
  expect(err).toBeInstanceOf(MultipartStreamError);
  expect((err as MultipartStreamError).tooLarge).toBe(true);
  await expect(streamParts(pulled(big, 4096).stream, "multipart/form-data").next()).rejects.toThrow(/no boundary/);
});
