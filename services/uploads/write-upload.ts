import type { Connector, WriteStatement } from "../../core/connectors/types";
import { gateSql } from "../../core/sql-gate/index";
import { dialectFor } from "../../core/connectors/dialects";
import type { BatchSource } from "../../core/uploads/source";
import { planColumns, project, type OutColumn } from "../../core/uploads/frame";
import { convert, createInference, type Cell } from "../../core/uploads/infer";
import type { ColumnKind, UploadOptions } from "../../core/uploads/options";
import { isStaleStaging, stagingName, uploadSql, type UploadEngine } from "../../core/uploads/sql";
import { unprocessable } from "../../core/http/errors";

// An upload in two passes over the file: the first reads every row to choose the column types and to find a
// bad row (reported with its line) before anything is written; the second converts and writes the rows in
// batches to a staging table, which reaches the target name in one last step: renamed (fail, replace) or
// copied over in one INSERT … SELECT (append). Any failure drops the staging table, so the target is as it was.

export const TABLE_EXISTS_MESSAGE =
  "Table already exists. You can change your 'if table already exists' strategy to append or replace or provide a different Table Name to use.";

/**
 * INSERTs sent in one write (one round trip to D1, one transaction elsewhere): D1 takes at most 100 bound
 * parameters a statement, so its statements are small and many go together.
 */
const STATEMENTS_PER_WRITE: Record<UploadEngine, number> = { d1: 100, postgresql: 4, mysql: 4 };

export interface UploadResult {
  rows: number;
  columns: { name: string; kind: ColumnKind }[];
}

/** How far the write is: rows written to the staging table of all the file's rows. */
export type UploadProgress = (written: number, total: number) => void;

export async function writeUpload(
  connector: Connector, engine: UploadEngine, source: BatchSource, opts: UploadOptions, onProgress: UploadProgress = () => {},
): Promise<UploadResult> {
  const nulls = new Set(opts.null_values);
  // pass 1: plan, infer, validate
  let columns: OutColumn[] | null = null;
  let inference: ReturnType<typeof createInference> | null = null;
  let rowNumber = 0;
  for await (const batch of await source()) {
    columns ??= planColumns(batch.header, opts);
    inference ??= createInference(columns.map((c) => c.name), opts);
    for (const row of batch.rows) inference.observe(project(row, rowNumber++, columns, nulls), row.line);
  }
  const total = rowNumber;
  const kinds = inference!.kinds();
  const spec = { engine, schema: opts.schema, columns: columns!.map((c, i) => ({ name: c.name, kind: kinds[i] })) };
  const sql = uploadSql(spec);
  const gate = gatedBy(engine);
  const run = (statements: WriteStatement[]) => connector.write(statements.map(gate), { schema: opts.schema });

  const tables = (await connector.tables(opts.schema)).map((t) => t.name);
  const stale = tables.filter((t) => isStaleStaging(t));
  if (stale.length) await run(stale.map((t) => sql.drop(t)));
  const exists = tables.includes(opts.table_name);
  if (exists && opts.already_exists === "fail") throw unprocessable(TABLE_EXISTS_MESSAGE);
  // append onto a missing table creates it, as pandas' to_sql does

  const staging = stagingName();
  await run([sql.create(staging)]);
  try {
    // pass 2: convert and write
    rowNumber = 0;
    let pending: Cell[][] = [];
    let statements: WriteStatement[] = [];
    let written = 0;
    onProgress(0, total);
    const flush = async (all: boolean) => {
      if (pending.length && (all || pending.length >= sql.rowsPerInsert)) {
        statements.push(sql.insert(staging, pending));
        pending = [];
      }
      if (statements.length && (all || statements.length >= STATEMENTS_PER_WRITE[engine])) {
        await run(statements);
        written += statements.reduce((n, st) => n + st.params.length, 0) / Math.max(1, spec.columns.length);
        statements = [];
        onProgress(written, total);
      }
    };
    for await (const batch of await source()) {
      for (const row of batch.rows) {
        const values = project(row, rowNumber++, columns!, nulls);
        pending.push(values.map((v, i) => (v === null ? null : (convert(v, kinds[i], opts) as Cell))));
        if (pending.length >= sql.rowsPerInsert) await flush(false);
      }
    }
    await flush(true);
    await finish(run, sql, engine, staging, opts, exists);
  } catch (e) {
    await run([sql.drop(staging)]).catch(() => {});
    throw e;
  }
  return { rows: rowNumber, columns: spec.columns };
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
  if (engine === "mysql") {
    // RENAME TABLE with two pairs swaps atomically; the old table is dropped afterwards
    const old = `${staging}_old`;
    await run([sql.rename(staging, target, [target, old])]);
    return run([sql.drop(old)]);
  }
  return run([sql.drop(target), sql.rename(staging, target)]);
}

/** Every statement goes through the SQL gate like any other SQL reaching a database (DML allowed: we wrote it). */
function gatedBy(engine: UploadEngine) {
  const flavour = dialectFor(engine).flavour;
  const checked = new Set<string>();
  return (s: WriteStatement): WriteStatement => {
    if (!checked.has(s.sql)) {
      gateSql(s.sql, { dialect: flavour, allowDml: true });
      checked.add(s.sql);
    }
    return s;
  };
}
