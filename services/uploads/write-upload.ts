import type { Connector, WriteStatement } from "../../core/connectors/types";
import { gateSql } from "../../core/sql-gate/index";
import { engineSpec } from "../../core/engines/registry";
import type { Batches } from "../../core/uploads/source";
import { planColumns, project, type OutColumn } from "../../core/uploads/frame";
import { createInference, strictConverter, type Cell } from "../../core/uploads/infer";
import { CellRefused, UploadParseError } from "../../core/uploads/errors";
import type { ColumnKind, UploadOptions } from "../../core/uploads/options";
import { isStaleStaging, stagingName, uploadSql, type UploadEngine } from "../../core/uploads/sql";
import { unprocessable } from "../../core/http/errors";
import { checkUploadWidth } from "../../core/uploads/width";

// An upload in one pass over the file as it arrives. The first rows (PREFIX_ROWS, or PREFIX_CHARS of text,
// whichever comes first: every row of most files) are held to choose the column types; then they and every later
// row are converted and written in batches to a staging table, which reaches the target name in one last step:
// renamed (fail, replace) or copied over in one INSERT … SELECT (append). A later value that does not fit its
// column's type is a bad row: its line is reported, as for a value of a type given in column_dates or
// column_data_types. Any failure drops the staging table, so the target is as it was.
//
// Chosen over "stage everything as text, convert with SQL at the end": that would take the types from every row,
// but it doubles the rows written (D1 bills and limits writes), and pandas-like date parsing (day-first, offsets,
// slashed dates) has no portable SQL across SQLite, PostgreSQL and MySQL.

export const TABLE_EXISTS_MESSAGE =
  "Table already exists. You can change your 'if table already exists' strategy to append or replace or provide a different Table Name to use.";

/** Rows, and characters of their text, held before the column types are chosen. */
export const PREFIX_ROWS = 20_000;
export const PREFIX_CHARS = 4 * 1024 * 1024;

export interface UploadResult {
  rows: number;
  columns: { name: string; kind: ColumnKind }[];
}

/** How far the write is: rows written to the staging table, and the share of the file read (0–1). */
export type UploadProgress = (written: number, fraction: number) => void;

export async function writeUpload(
  connector: Connector, engine: UploadEngine, batches: Batches, opts: UploadOptions, onProgress: UploadProgress = () => {},
): Promise<UploadResult> {
  const nulls = new Set(opts.null_values);
  let columns: OutColumn[] | null = null;
  let rowNumber = 0;
  let prefix: { line: number; values: (string | null)[] }[] = [];
  let chars = 0;
  let writer: Awaited<ReturnType<typeof openStaging>> | null = null;
  try {
    for await (const batch of batches) {
      if (!columns) {
        columns = planColumns(batch.header, opts);
        // before any statement: a table the database cannot make is refused with the way out, not half made
        checkUploadWidth(engine, columns.length);
      }
      if (!writer) {
        for (const row of batch.rows) {
          const values = project(row, rowNumber++, columns, nulls);
          prefix.push({ line: row.line, values });
          for (const v of values) chars += v?.length ?? 0;
        }
        if (prefix.length < PREFIX_ROWS && chars < PREFIX_CHARS) continue;
        writer = await openStaging(connector, engine, columns, prefix, opts, onProgress);
        for (const row of prefix) await writer.add(row.values, row.line);
        prefix = [];
      } else {
        for (const row of batch.rows) await writer.add(project(row, rowNumber++, columns, nulls), row.line);
      }
      await writer.progress(batch.fraction ?? 0);
    }
    if (!writer) {
      writer = await openStaging(connector, engine, columns ?? [], prefix, opts, onProgress);
      for (const row of prefix) await writer.add(row.values, row.line);
    }
    await writer.finish();
    return { rows: rowNumber, columns: writer.columns };
  } catch (e) {
    // from the moment the staging table exists (the held rows included: a row the database refuses may be among
    // them), any failure drops it
    await writer?.abandon();
    throw e;
  }
}

/**
 * Chooses the types from the prefix and makes the staging table; the caller writes the prefix into it, once it
 * holds the writer that can drop it again.
 */
async function openStaging(
  connector: Connector, engine: UploadEngine, columns: OutColumn[], prefix: { line: number; values: (string | null)[] }[], opts: UploadOptions, onProgress: UploadProgress,
) {
  const names = columns.map((c) => c.name);
  const inference = createInference(names, opts);
  for (const row of prefix) inference.observe(row.values, row.line);
  const kinds = inference.kinds();
  const convertRow = strictConverter(names, kinds, opts);
  const { upload } = engineSpec(engine);
  const inKey = sortKeyColumns(names, opts.sort_key, upload.tableOptions !== undefined);
  // on engines whose columns take no empties unless told (EngineUpload.nullable), a column is made to take them when its
  // first rows hold one, or later by ALTER when a later row brings the first; a sort key's column never is
  const spec = {
    engine, schema: opts.schema, sortKey: opts.sort_key,
    columns: names.map((name, i) => ({ name, kind: kinds[i], nullable: !inKey[i] && prefix.some((r) => r.values[i] === null) })),
  };
  const sql = uploadSql(spec);
  const gate = gatedBy(engine);
  const run = (statements: WriteStatement[], gated = true) => connector.write(gated ? statements.map(gate) : statements, { schema: opts.schema });

  const tables = (await connector.tables(opts.schema)).map((t) => t.name);
  const stale = tables.filter((t) => isStaleStaging(t));
  if (stale.length) await run(stale.map((t) => sql.drop(t)));
  const exists = tables.includes(opts.table_name);
  if (exists && opts.already_exists === "fail") throw unprocessable(TABLE_EXISTS_MESSAGE);
  // append onto a missing table creates it, as pandas' to_sql does

  const staging = stagingName();
  // the INSERT's shape is gated once; the statements themselves carry the rows (as literals on D1, built by
  // d1Literal, whose only output is numbers, NULL and quoted strings), so they are not parsed again. Gated before
  // the table is made: nothing may fail between making it and handing back the writer that drops it.
  gate(sql.insert(staging, [names.map(() => null)]));
  await run([sql.create(staging)]);
  const packer = sql.packer(staging);
  let statements: WriteStatement[] = [];
  let added = 0;
  let written = 0;
  let fraction = 0;
  const send = async () => {
    if (!statements.length) return;
    await run(statements, false);
    statements = [];
    // the rows still in the statement being packed are not written yet
    written = added - packer.held();
    onProgress(written, fraction);
  };
  const takeEmpties = async (cells: Cell[], line: number) => {
    for (let i = 0; i < cells.length; i++) {
      if (cells[i] !== null || spec.columns[i].nullable) continue;
      if (inKey[i]) throw new UploadParseError(`line ${line}: column "${names[i]}" is in the table's sort key and may not be empty`, line);
      if (!upload.nullable) continue;
      // the rows sent or held before this one have a value here, which the wider type keeps
      await run([sql.makeNullable(staging, i)]);
      spec.columns[i].nullable = true;
    }
  };
  const writer = {
    columns: spec.columns,
    async add(values: (string | null)[], line: number) {
      const cells = convertRow(values, line);
      if (upload.nullable || opts.sort_key.length) await takeEmpties(cells, line);
      let st: WriteStatement | null;
      try {
        st = packer.push(cells);
      } catch (e) {
        if (e instanceof CellRefused) throw new UploadParseError(`line ${line}: ${e.message} in column "${names[e.column]}"`, line);
        throw e;
      }
      added++;
      if (st) statements.push(st);
      if (statements.length >= upload.statementsPerWrite) await send();
    },
    async progress(f: number) {
      fraction = f;
    },
    async finish() {
      const last = packer.end();
      if (last) statements.push(last);
      await send();
      onProgress(written, 1);
      await finish(run, sql, engine, staging, opts, exists);
    },
    async abandon() {
      await run([sql.drop(staging)]).catch(() => {});
    },
  };
  onProgress(0, 0);
  return writer;
}

/** Which columns (by position) the sort key names; a key the engine cannot take, or an unknown name, is refused. */
function sortKeyColumns(names: string[], sortKey: string[], engineTakesOne: boolean): boolean[] {
  // 422 with the way out, as a table too wide is (the route keeps an upload's 422s as they are)
  if (sortKey.length && !engineTakesOne) throw unprocessable("This database's tables take no sort key: leave “Sort the table by” empty.");
  const unknown = sortKey.filter((k) => !names.includes(k));
  if (unknown.length) throw unprocessable(`The sort key names columns the file does not have: ${unknown.map((k) => `"${k}"`).join(", ")}.`);
  return names.map((n) => sortKey.includes(n));
}

async function finish(
  run: (s: WriteStatement[]) => Promise<void>, sql: ReturnType<typeof uploadSql>, engine: UploadEngine, staging: string, opts: UploadOptions, exists: boolean,
) {
  const target = opts.table_name;
  if (!exists) return run([sql.rename(staging, target)]);
  if (opts.already_exists === "append") {
    await run([sql.appendFrom(staging, target)]);
    return run([sql.drop(staging)]);
  }
  // replace
  if (engineSpec(engine).upload.renameSwap) {
    // RENAME TABLE with two pairs swaps atomically; the old table is dropped afterwards
    const old = `${staging}_old`;
    await run([sql.rename(staging, target, [target, old])]);
    return run([sql.drop(old)]);
  }
  return run([sql.drop(target), sql.rename(staging, target)]);
}

/** Every statement we make goes through the SQL gate like any other SQL reaching a database (DML allowed: we wrote it). */
function gatedBy(engine: UploadEngine) {
  const flavour = engineSpec(engine).gateDialect;
  const checked = new Set<string>();
  return (s: WriteStatement): WriteStatement => {
    if (!checked.has(s.sql)) {
      gateSql(s.sql, { dialect: flavour, allowDml: true });
      checked.add(s.sql);
    }
    return s;
  };
}
