import { ApiError, validationError } from "../../core/http/errors";
import { addFormField, newFormFields, type FormFields } from "../../core/uploads/options";
import { MultipartStreamError, streamParts, type StreamedPart } from "../../core/uploads/multipart";

// Superset's upload forms (multipart: text fields and one `file`) read as a stream, so a large file is never held
// whole. The fields say how to read the file (type, delimiter, table name…), so the file can only stream when
// they come before it: our dialog sends the file last. A client that sends the file first (Superset's own
// frontend does) gets it buffered, as before, up to the same size limit; a file that needs its whole bytes
// (an .xlsx is a ZIP, a Parquet file is read from its footer) is buffered too. A field that arrives after a
// streamed file is refused before anything reaches the table (the caller's staging table is dropped).
//
// A Worker cannot read the request body once it has answered, and a client that is answered mid-upload sees its
// connection reset rather than the answer, so the caller drains whatever is left (`drain`) before answering, and
// a streamed answer (the progress lines) starts only once `consumed` has settled. A request refused before its
// form is read (no can_upload, no such database) is drained by workers/http/drain-body.ts, as is the rest of a
// body the parser gave up on.

export interface UploadFile {
  name: string;
  /** the whole file, when it was buffered */
  bytes: Uint8Array | null;
  /** else its bytes as they arrive, read once */
  chunks: AsyncIterable<Uint8Array> | null;
  /** the request's length: the file's size within a few hundred bytes, for the progress fraction */
  size: number | null;
  /** reads and drops whatever of the body is left */
  drain(): Promise<void>;
  /** settles once the whole body has been read */
  consumed: Promise<void>;
}

/** The form's own fault found while the file streams (a late field, a body cut short, too large): kept as it is. */
export class UploadFormError extends ApiError {}
const tooLarge = () => new UploadFormError(413, "Request body is too large", "INVALID_PAYLOAD_FORMAT_ERROR");
const malformed = () => new UploadFormError(400, "Request body must be multipart/form-data", "INVALID_PAYLOAD_FORMAT_ERROR");
/** The parser's faults as the client's: a field over 1 MiB is too large, anything else malformed. */
const asFormError = (e: unknown) => (e instanceof MultipartStreamError && e.tooLarge ? tooLarge() : malformed());
const FIELD_BYTES = 1024 * 1024;

type Part = StreamedPart;

export async function readUploadForm(
  req: Request, maxBytes: number, streamable: (form: FormFields) => boolean,
): Promise<{ form: FormFields; file: UploadFile }> {
  const length = Number(req.headers.get("content-length") ?? 0) || null;
  if (length !== null && length > maxBytes + 1024 * 1024) throw tooLarge();
  const boundary = /^multipart\/form-data\s*;.*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(req.headers.get("content-type") ?? "");
  if (!boundary || !req.body) throw malformed();
  const parts: AsyncGenerator<Part> = streamParts(req.body, req.headers.get("content-type")!, FIELD_BYTES);
  let settle!: () => void;
  const consumed = new Promise<void>((resolve) => (settle = resolve));
  let finished = false;
  const next = async (): Promise<Part | null> => {
    if (finished) return null;
    let r: IteratorResult<Part>;
    try {
      r = await parts.next();
    } catch (e) {
      finished = true;
      settle();
      throw asFormError(e);
    }
    if (r.done) {
      finished = true;
      settle();
      return null;
    }
    return r.value;
  };
  const drainRest = async () => {
    for (let p = await next(); p; p = await next()) if (p.kind === "file") for await (const _ of p.data);
  };

  const form = newFormFields();
  for (let part = await next(); part; part = await next()) {
    if (part.kind === "field") {
      addFormField(form, part.name, new TextDecoder().decode(part.value));
      continue;
    }
    if (part.name !== "file") {
      for await (const _ of part.data);
      continue;
    }
    const name = part.filename;
    if (!streamable(form)) {
      const bytes = await collect(part.data, maxBytes);
      await readFields(form, next);
      return { form, file: { name, bytes, chunks: null, size: bytes.byteLength, drain: async () => {}, consumed } };
    }
    const data = part.data;
    const chunks = async function* () {
      let read = 0;
      for await (const chunk of malformedAs400(data)) {
        read += chunk.byteLength;
        if (read > maxBytes) throw tooLarge();
        yield chunk;
      }
      const late = newFormFields();
      await readFields(late, next);
      const names = Object.keys(late);
      if (names.length) throw new UploadFormError(400, `The form field${names.length > 1 ? "s" : ""} ${names.join(", ")} came after the file: send the file last`, "INVALID_PAYLOAD_FORMAT_ERROR");
    };
    // the part's iterator has no return(): a reader that stopped early leaves it where it was, to be drained here
    const drain = async () => {
      for await (const _ of malformedAs400(data));
      await drainRest();
    };
    return { form, file: { name, bytes: null, chunks: chunks(), size: length, drain, consumed } };
  }
  throw validationError({ file: ["Field may not be null."] });
}

/** A body that ends mid-part is the client's fault: a 400, not a server error. */
async function* malformedAs400(data: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const it = data[Symbol.asyncIterator]();
  for (;;) {
    let r: IteratorResult<Uint8Array>;
    try {
      r = await it.next();
    } catch (e) {
      throw asFormError(e);
    }
    if (r.done) return;
    yield r.value;
  }
}

/** The rest of the form's text fields (a second file part is read and dropped). */
async function readFields(form: FormFields, next: () => Promise<Part | null>) {
  for (let part = await next(); part; part = await next()) {
    if (part.kind === "field") addFormField(form, part.name, new TextDecoder().decode(part.value));
    else for await (const _ of part.data);
  }
}

async function collect(data: AsyncIterable<Uint8Array>, max: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of malformedAs400(data)) {
    size += chunk.byteLength;
    if (size > max) throw tooLarge();
    chunks.push(chunk);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
