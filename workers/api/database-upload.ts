import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { idParam, objectName } from "../http/input";
import { ApiError, badRequest, notFound, unprocessable, validationError } from "../../core/http/errors";
import { readOptions, readUploadOptions, type FormFields } from "../../core/uploads/options";
import { UploadParseError } from "../../core/uploads/errors";
import { csvBatches, csvStreamBatches } from "../../core/uploads/csv";
import { uploadBatches } from "../../core/uploads/source";
import { excelSheets } from "../../core/uploads/excel";
import { gridBatches } from "../../core/uploads/cells";
import { columnarHeader } from "../../core/uploads/columnar";
import { planColumns } from "../../core/uploads/frame";
import { uploadAllowed, uploadSchemas } from "../../core/uploads/access";
import { engineSpec } from "../../core/engines/registry";
import { connectorFor } from "../../services/connectors/registry";
import { writeUpload, type UploadProgress } from "../../services/uploads/write-upload";
import { errorAnswer } from "../http/on-error";
import { databaseById } from "../../db/databases/databases";
import { canAccessDatabase, databasePermName, isAdmin } from "../../core/security/permissions";
import { registerUploadDataset } from "../datasets/upload-dataset";
import { notifyDataChanged } from "../dashboards/live-notify";
import { readUploadForm, UploadFormError, type UploadFile } from "../http/upload-form";

// Superset's file upload into a database: POST /api/v1/database/<pk>/upload/ (multipart UploadPostSchema),
// POST /api/v1/database/upload_metadata/ (the file's column names, for the form) and
// GET /api/v1/database/<pk>/schemas_access_for_file_upload/. Uploading takes can_upload on Database and a
// database that allows file upload (in the schemas its extra lists, when it lists any). CSV, Excel (.xlsx, one
// sheet) and columnar (.parquet, or a .zip of them) files are read; their readers are loaded only for their own
// uploads. A CSV whose form fields come before it is read as it arrives (workers/http/upload-form.ts).

/** Larger files are refused (a CSV sent after its fields is never held whole; other files are). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/**
 * The file names each type takes: Superset's CSV/EXCEL/COLUMNAR_EXTENSIONS less .xls, old binary Excel, which no
 * well-kept library reads in a Worker (SheetJS's npm build is years behind its own fixes), so it is refused by name.
 */
const EXTENSIONS: Record<string, RegExp> = { csv: /\.(csv|tsv|txt)$/i, excel: /\.xlsx$/i, columnar: /\.(parquet|zip)$/i };
/** The type field is the client's text: only the three types are looked up (never Object.prototype's properties). */
const extensionsOf = (type: string | undefined): RegExp | undefined => (type !== undefined && Object.hasOwn(EXTENSIONS, type) ? EXTENSIONS[type] : undefined);
export const XLS_MESSAGE = "Excel 97-2003 files (.xls) are not supported: save the sheet as .xlsx (Excel), or upload it as CSV or Parquet.";

/** A CSV is read as it arrives when the fields that say how to read it came first. */
const streamsCsv = (needs: string[]) => (form: FormFields) => form.type?.[0] === "csv" && needs.every((f) => form[f]?.length);

export const databaseUploadApi = new Hono<AppEnv>({ strict: true });

databaseUploadApi.post("/api/v1/database/upload_metadata/", requires("can_upload", "Database"), async (c) => {
  const { form, file } = await uploadForm(c, streamsCsv(["type"]));
  try {
    const errors: Record<string, string[]> = {};
    const type = form.type?.[0];
    if (!type) errors.type = ["Missing data for required field."];
    else if (!extensionsOf(type)) errors.type = ["Must be one of: csv, excel, columnar."];
    const opts = readOptions(form, errors);
    if (Object.keys(errors).length) throw validationError(errors);
    const names = (header: string[]) => planColumns(header, { ...opts, columns_read: [], index_column: null, dataframe_index: false, column_dates: [] }).map((col) => col.name);
    if (file.chunks) {
      // only the header is parsed; the rest of the file is read past
      let header: string[] = [];
      for await (const b of csvStreamBatches(file.chunks, { ...opts, rows_to_read: 1 }, file.size)) header = b.header;
      return c.json({ result: { items: [{ column_names: names(header), sheet_name: null }] } });
    }
    const bytes = file.bytes!;
    if (type === "excel") {
      const sheets = await excelSheets(bytes);
      const items = sheets.map((s) => ({ column_names: names(gridBatches(s.grid, { ...opts, rows_to_read: 0 }).next().value?.header ?? []), sheet_name: s.sheet }));
      return c.json({ result: { items } });
    }
    if (type === "columnar") return c.json({ result: { items: [{ column_names: await columnarHeader(bytes) }] } });
    const first = csvBatches(bytes, { ...opts, rows_to_read: 1 }).next();
    const header = first.done ? [] : first.value.header;
    return c.json({ result: { items: [{ column_names: names(header), sheet_name: null }] } });
  } catch (e) {
    if (e instanceof UploadParseError) throw unprocessable(`Parsing error: ${e.message}`);
    throw e;
  } finally {
    await file.drain();
  }
});

databaseUploadApi.get("/api/v1/database/:pk/schemas_access_for_file_upload/", requires("can_read", "Database"), async (c) => {
  const database = await uploadTarget(c, idParam(c));
  return c.json({ schemas: uploadSchemas(database.extra) });
});

databaseUploadApi.post("/api/v1/database/:pk/upload/", requires("can_upload", "Database"), async (c) => {
  const database = await uploadTarget(c, idParam(c));
  const { form, file } = await uploadForm(c, streamsCsv(["type", "table_name"]));
  let opts: ReturnType<typeof readUploadOptions>;
  try {
    opts = readUploadOptions(form);
    objectName(opts.table_name, "table");
    objectName(opts.schema, "schema");
    if (!uploadAllowed(database, opts.schema)) throw unprocessable("Database type does not support file uploads.", "GENERIC_COMMAND_ERROR");
  } catch (e) {
    await file.drain();
    throw e;
  }
  const write = async (onProgress?: UploadProgress) => {
    const connector = await connectorFor(c.env, database, c.var.secret);
    try {
      const input = file.chunks ? { chunks: file.chunks, size: file.size } : { bytes: file.bytes! };
      await writeUpload(connector, engineSpec(database.engine).name, await uploadBatches(input, opts), opts, onProgress);
    } catch (e) {
      if (e instanceof UploadParseError) throw unprocessable(`Parsing error: ${e.message}`);
      // the form's own faults (a field after the file, a body cut short, too large) keep their status
      if (e instanceof ApiError && !(e instanceof UploadFormError) && e.status !== 422) throw unprocessable(`Database upload file failed: ${e.message}`);
      throw e;
    } finally {
      await connector.close();
    }
    const datasetId = await registerUploadDataset(c, database, opts.table_name, opts.schema);
    // live dashboards reading the table refresh now rather than at their next interval (issue 29)
    c.executionCtx.waitUntil(notifyDataChanged(c.env, c.var.db, [datasetId]));
  };
  if (!wantsProgress(c)) {
    try {
      await write();
    } finally {
      await file.drain();
    }
    return c.json({ message: "OK" }, 201);
  }
  return progressAnswer(c, file, write);
});

/**
 * A client that asks for application/x-ndjson (our upload dialog; Superset's clients never do) is answered as the
 * write goes: lines of {"written","fraction"} (rows written, share of the file read), then one {"status","body"}
 * line with what the plain answer would have been. The answer starts once the request body has been read (a
 * Worker cannot read it after answering), so for a streamed CSV the lines come at the end and the dialog's
 * sending bar, held back by the write, is the progress.
 */
const wantsProgress = (c: Context<AppEnv>) => (c.req.header("accept") ?? "").includes("application/x-ndjson");

async function progressAnswer(c: Context<AppEnv>, file: UploadFile, write: (onProgress: UploadProgress) => Promise<void>): Promise<Response> {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  // never awaited: the lines queue until the answer is read, which starts only once the body is consumed
  const send = (line: unknown) => void writer.write(encoder.encode(`${JSON.stringify(line)}\n`)).catch(() => {});
  const done = (async () => {
    try {
      await write((written, fraction) => send({ written, fraction }));
      send({ status: 201, body: { message: "OK" } });
    } catch (e) {
      send(errorAnswer(e, `${c.req.method} ${new URL(c.req.url).pathname}`));
    } finally {
      await file.drain().catch(() => {});
      void writer.close().catch(() => {});
    }
  })();
  c.executionCtx.waitUntil(done);
  await Promise.race([file.consumed, done]);
  return new Response(readable, { status: 200, headers: { "Content-Type": "application/x-ndjson", "Cache-Control": "no-store" } });
}

async function uploadTarget(c: Context<AppEnv>, id: number) {
  const p = principalOf(c);
  const row = await databaseById(c.var.db, id);
  if (!row || (!isAdmin(p) && !canAccessDatabase(p, databasePermName(row.database_name, row.id)))) throw notFound("Database not found.");
  return row;
}

async function uploadForm(c: Context<AppEnv>, streamable: (form: FormFields) => boolean): Promise<{ form: FormFields; file: UploadFile }> {
  const { form, file } = await readUploadForm(c.req.raw, MAX_UPLOAD_BYTES, streamable);
  const refuse = async (e: unknown) => {
    await file.drain();
    throw e;
  };
  if (/\.xls$/i.test(file.name)) await refuse(badRequest(XLS_MESSAGE));
  const allowed = extensionsOf(form.type?.[0]);
  if (allowed && !allowed.test(file.name)) await refuse(validationError({ file: ["File extension is not allowed."] }));
  return { form, file };
}
