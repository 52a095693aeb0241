import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { idParam, objectName } from "../http/input";
import { ApiError, badRequest, notFound, unprocessable, validationError } from "../../core/http/errors";
import { readOptions, readUploadOptions, type FormFields } from "../../core/uploads/options";
import { UploadParseError } from "../../core/uploads/errors";
import { csvBatches } from "../../core/uploads/csv";
import { batchSource } from "../../core/uploads/source";
import { excelSheets } from "../../core/uploads/excel";
import { gridBatches } from "../../core/uploads/cells";
import { columnarHeader } from "../../core/uploads/columnar";
import { planColumns } from "../../core/uploads/frame";
import { uploadAllowed, uploadSchemas } from "../../core/uploads/access";
import type { UploadEngine } from "../../core/uploads/sql";
import { connectorFor } from "../../services/connectors/registry";
import { writeUpload, type UploadProgress } from "../../services/uploads/write-upload";
import { errorAnswer } from "../http/on-error";
import { databaseById } from "../../db/databases/databases";
import { canAccessDatabase, databasePermName, isAdmin } from "../../core/security/permissions";
import { registerUploadDataset } from "../datasets/upload-dataset";

// Superset's file upload into a database: POST /api/v1/database/<pk>/upload/ (multipart UploadPostSchema),
// POST /api/v1/database/upload_metadata/ (the file's column names, for the form) and
// GET /api/v1/database/<pk>/schemas_access_for_file_upload/. Uploading takes can_upload on Database and a
// database that allows file upload (in the schemas its extra lists, when it lists any). CSV, Excel (.xlsx, one
// sheet) and columnar (.parquet) files are read; their readers are loaded only for their own uploads.

/** Larger files are refused before reading (the Worker holds the file while it makes its two passes). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** The file names each type takes (Superset's CSV/EXCEL/COLUMNAR_EXTENSIONS, less what no reader here reads: .xls, zipped Parquet). */
const EXTENSIONS: Record<string, RegExp> = { csv: /\.(csv|tsv|txt)$/i, excel: /\.xlsx$/i, columnar: /\.parquet$/i };

export const databaseUploadApi = new Hono<AppEnv>({ strict: true });

databaseUploadApi.post("/api/v1/database/upload_metadata/", requires("can_upload", "Database"), async (c) => {
  const { form, file } = await uploadForm(c);
  const errors: Record<string, string[]> = {};
  const type = form.type?.[0];
  if (!type) errors.type = ["Missing data for required field."];
  else if (!(type in EXTENSIONS)) errors.type = ["Must be one of: csv, excel, columnar."];
  const opts = readOptions(form, errors);
  if (Object.keys(errors).length) throw validationError(errors);
  const names = (header: string[]) => planColumns(header, { ...opts, columns_read: [], index_column: null, dataframe_index: false, column_dates: [] }).map((col) => col.name);
  try {
    if (type === "excel") {
      const sheets = await excelSheets(file);
      const items = sheets.map((s) => ({ column_names: names(gridBatches(s.grid, { ...opts, rows_to_read: 0 }).next().value?.header ?? []), sheet_name: s.sheet }));
      return c.json({ result: { items } });
    }
    if (type === "columnar") return c.json({ result: { items: [{ column_names: await columnarHeader(file) }] } });
    const first = csvBatches(file, { ...opts, rows_to_read: 1 }).next();
    const header = first.done ? [] : first.value.header;
    return c.json({ result: { items: [{ column_names: names(header), sheet_name: null }] } });
  } catch (e) {
    if (e instanceof UploadParseError) throw unprocessable(`Parsing error: ${e.message}`);
    throw e;
  }
});

databaseUploadApi.get("/api/v1/database/:pk/schemas_access_for_file_upload/", requires("can_read", "Database"), async (c) => {
  const database = await uploadTarget(c, idParam(c));
  return c.json({ schemas: uploadSchemas(database.extra) });
});

databaseUploadApi.post("/api/v1/database/:pk/upload/", requires("can_upload", "Database"), async (c) => {
  const database = await uploadTarget(c, idParam(c));
  const { form, file } = await uploadForm(c);
  const opts = readUploadOptions(form);
  objectName(opts.table_name, "table");
  objectName(opts.schema, "schema");
  if (!uploadAllowed(database, opts.schema)) throw unprocessable("Database type does not support file uploads.", "GENERIC_COMMAND_ERROR");
  const write = async (onProgress?: UploadProgress) => {
    const connector = await connectorFor(c.env, database, c.var.secret);
    try {
      await writeUpload(connector, database.engine as UploadEngine, batchSource(file, opts), opts, onProgress);
    } catch (e) {
      if (e instanceof UploadParseError) throw unprocessable(`Parsing error: ${e.message}`);
      if (e instanceof ApiError && e.status !== 422) throw unprocessable(`Database upload file failed: ${e.message}`);
      throw e;
    } finally {
      await connector.close();
    }
    await registerUploadDataset(c, database, opts.table_name, opts.schema);
  };
  if (!wantsProgress(c)) {
    await write();
    return c.json({ message: "OK" }, 201);
  }
  return progressAnswer(c, write);
});

/**
 * A client that asks for application/x-ndjson (our upload dialog; Superset's clients never do) is answered as the
 * write goes: lines of {"written","total"} rows, then one {"status","body"} line with what the plain answer would
 * have been. Everything refused before the write (form, options, access) is still answered plainly.
 */
const wantsProgress = (c: Context<AppEnv>) => (c.req.header("accept") ?? "").includes("application/x-ndjson");

function progressAnswer(c: Context<AppEnv>, write: (onProgress: UploadProgress) => Promise<void>): Response {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  const send = (line: unknown) => writer.write(encoder.encode(`${JSON.stringify(line)}\n`)).catch(() => {});
  const done = (async () => {
    try {
      await write((written, total) => void send({ written, total }));
      await send({ status: 201, body: { message: "OK" } });
    } catch (e) {
      await send(errorAnswer(e, `${c.req.method} ${new URL(c.req.url).pathname}`));
    } finally {
      await writer.close().catch(() => {});
    }
  })();
  c.executionCtx.waitUntil(done);
  return new Response(readable, { status: 200, headers: { "Content-Type": "application/x-ndjson", "Cache-Control": "no-store" } });
}

async function uploadTarget(c: Context<AppEnv>, id: number) {
  const p = principalOf(c);
  const row = await databaseById(c.var.db, id);
  if (!row || (!isAdmin(p) && !canAccessDatabase(p, databasePermName(row.database_name, row.id)))) throw notFound("Database not found.");
  return row;
}

async function uploadForm(c: Context<AppEnv>): Promise<{ form: FormFields; file: Uint8Array }> {
  const length = Number(c.req.header("content-length") ?? 0);
  if (length > MAX_UPLOAD_BYTES + 1024 * 1024) throw new ApiError(413, "Request body is too large", "INVALID_PAYLOAD_FORMAT_ERROR");
  let body: FormData;
  try {
    body = await c.req.raw.formData();
  } catch {
    throw badRequest("Request body must be multipart/form-data");
  }
  const form: FormFields = {};
  let file: File | null = null;
  for (const [name, value] of body.entries()) {
    if (typeof value === "string") (form[name] ??= []).push(value);
    else if (name === "file") file = value;
  }
  if (!file) throw validationError({ file: ["Field may not be null."] });
  if (file.size > MAX_UPLOAD_BYTES) throw new ApiError(413, "Request body is too large", "INVALID_PAYLOAD_FORMAT_ERROR");
  const allowed = EXTENSIONS[form.type?.[0] ?? ""];
  if (allowed && !allowed.test(file.name)) throw validationError({ file: ["File extension is not allowed."] });
  return { form, file: new Uint8Array(await file.arrayBuffer()) };
}
