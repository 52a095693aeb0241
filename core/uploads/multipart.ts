import { make, type MultipartError, type PartInfo } from "multipasta";

// A multipart/form-data body read part by part as it arrives. multipasta (a small parser with no dependencies,
// kept up with Effect's platform packages) finds the parts; its own web-stream wrapper queues whatever it is
// written, so this reads the body itself, one chunk at a time, and only when everything parsed from the last
// chunk has been taken: a file part's bytes are handed on as they come and never piled up, however slowly the
// reader takes them. Text fields arrive whole (at most `maxFieldBytes`); a part with a filename is a file.

export type StreamedPart =
  | { kind: "field"; name: string; value: Uint8Array }
  /** `data` must be read (or left) before the next part is asked for: the parts share one body */
  | { kind: "file"; name: string; filename: string; data: AsyncIterable<Uint8Array> };

/** The body is not well-formed multipart, or passed a limit (`tooLarge`). */
export class MultipartStreamError extends Error {
  constructor(readonly reason: MultipartError) {
    super(describe(reason));
  }
  get tooLarge(): boolean {
    return this.reason._tag === "ReachedLimit";
  }
}

function describe(reason: MultipartError): string {
  switch (reason._tag) {
    case "ReachedLimit": return `multipart body passed its ${reason.limit} limit`;
    case "InvalidBoundary": return "multipart body has no boundary";
    case "BadHeaders": return "multipart part headers are malformed";
    case "InvalidDisposition": return "multipart part has no name";
    case "EndNotReached": return "multipart body ended before its closing boundary";
  }
}

type Event =
  | { kind: "field"; info: PartInfo; value: Uint8Array }
  | { kind: "file"; info: PartInfo }
  | { kind: "chunk"; bytes: Uint8Array }
  | { kind: "fileEnd" }
  | { kind: "done" }
  | { kind: "error"; error: MultipartStreamError };

export async function* streamParts(
  body: ReadableStream<Uint8Array>, contentType: string, maxFieldBytes = 1024 * 1024,
): AsyncGenerator<StreamedPart, void, undefined> {
  const queue: Event[] = [];
  let failed = false;
  // nothing parsed after the first fault is handed on (multipasta goes on parsing past it)
  const push = (e: Event) => void (failed || queue.push(e));
  const parser = make({
    headers: { "content-type": contentType },
    isFile: (info) => info.filename !== undefined,
    maxFieldSize: maxFieldBytes,
    onField: (info, value) => push({ kind: "field", info, value }),
    onFile: (info) => {
      push({ kind: "file", info });
      return (chunk) => push(chunk ? { kind: "chunk", bytes: chunk } : { kind: "fileEnd" });
    },
    onError: (reason) => {
      push({ kind: "error", error: new MultipartStreamError(reason) });
      failed = true;
    },
    onDone: () => push({ kind: "done" }),
  });
  const reader = body.getReader();
  let ended = false;
  let fault: MultipartStreamError | null = null;
  const take = async (): Promise<Event> => {
    for (;;) {
      if (fault) throw fault;
      const event = queue.shift();
      if (event?.kind === "error") {
        // the rest of the body is left unread and unlocked: whoever answers reads it away (workers/http/drain-body.ts)
        fault = event.error;
        reader.releaseLock();
        throw fault;
      }
      if (event) return event;
      if (ended) throw (fault = new MultipartStreamError({ _tag: "EndNotReached" }));
      const r = await reader.read();
      if (r.done) {
        ended = true;
        parser.end();
      } else parser.write(r.value);
    }
  };
  async function* fileData(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const event = await take();
      if (event.kind === "chunk") yield event.bytes;
      else if (event.kind === "fileEnd") return;
      else throw new MultipartStreamError({ _tag: "EndNotReached" });
    }
  }
  for (;;) {
    const event = await take();
    if (event.kind === "done") {
      // the epilogue after the closing boundary is read past, so the whole body has been read when this returns
      while (!(await reader.read()).done);
      return;
    }
    if (event.kind === "field") yield { kind: "field", name: event.info.name, value: event.value };
    else if (event.kind === "file") yield { kind: "file", name: event.info.name, filename: event.info.filename ?? "", data: fileData() };
    // chunk and fileEnd here are what is left of a file its reader stopped early: read past
  }
}
