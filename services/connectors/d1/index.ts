import { wrapWithLimit } from "../../../core/connectors/limit-statement";
import { dialectFor } from "../../../core/connectors/dialects";
import { databaseError } from "../../../core/connectors/errors";
import { CompoundLimitError, regroupCompounds } from "../../../core/sql-gate/compound";
import { GenericType, type Connector, type QueryResult, type ResultColumn } from "../../../core/connectors/types";
import { ApiError, notFound } from "../../../core/http/errors";
import { cutToLimit, guardQuery } from "../run-guard";
import { listTables, readTableMetadata } from "./metadata";
import { SQLITE_FUNCTIONS } from "../../../core/engines/d1/functions";

const dialect = dialectFor("d1");
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A D1 database as a data source. D1 cannot stop a running statement, so a timeout or a stop answers
 * at once and the statement's result is dropped; D1 has no read-only transactions either, which leaves
 * the SQL gate (run before any job) as the guard against writes.
 */
export function d1Connector(d1: D1Database, binding: string): Connector {
  return {
    engine: "d1",
    async execute(sql, options) {
      let raw: unknown[][];
      try {
        const limited = forD1(options.limit === undefined ? sql : wrapWithLimit(sql, options.limit + 1, dialect.flavour));
        raw = await guardQuery(d1.prepare(limited).raw({ columnNames: true }), options);
      } catch (e) {
        throw mapD1Error(e);
      }
      const names = (raw.shift() ?? []) as string[];
      const truncated = cutToLimit(raw, options.limit);
      return { columns: inferColumns(names, raw), rows: raw, truncated } satisfies QueryResult;
    },
    async explain(sql) {
      try {
        const { results } = await d1.prepare(`EXPLAIN QUERY PLAN ${forD1(sql)}`).all<Record<string, unknown>>();
        return results;
      } catch (e) {
        throw mapD1Error(e);
      }
    },
    async write(statements) {
      if (!statements.length) return;
      try {
        // a D1 batch is one transaction: a failing statement rolls back the ones before it
        await d1.batch(statements.map((s) => d1.prepare(s.sql).bind(...s.params)));
      } catch (e) {
        throw mapD1Error(e);
      }
    },
    async testConnection() {
      try {
        await d1.prepare("SELECT 1").first();
      } catch (e) {
        throw mapD1Error(e);
      }
    },
    async catalogs() {
      return [];
    },
    async schemas() {
      return ["main"];
    },
    tables: () => listTables(d1),
    // D1 refuses PRAGMA function_list, so SQLite's built-ins come from the dialect's own list
    functionNames: async () => [...SQLITE_FUNCTIONS],
    async tableMetadata(table, schema) {
      const meta = await readTableMetadata(d1, table, schema);
      if (!meta) throw notFound(`Table ${table} not found in ${binding}`);
      return meta;
    },
    async close() {},
  };
}

/** D1 reports no column types for a query: they are read from the first non-null value of each column. */
function inferColumns(names: string[], rows: unknown[][]): ResultColumn[] {
  return names.map((name, i) => {
    let sample: unknown = null;
    for (const row of rows) {
      if (row[i] !== null && row[i] !== undefined) {
        sample = row[i];
        break;
      }
    }
    if (typeof sample === "number") {
      const type = Number.isInteger(sample) ? "INTEGER" : "REAL";
      return { name, type, type_generic: GenericType.NUMERIC, is_dttm: false };
    }
    if (typeof sample === "string" && ISO_DATETIME.test(sample)) return { name, type: "DATETIME", type_generic: GenericType.TEMPORAL, is_dttm: true };
    if (sample instanceof ArrayBuffer || ArrayBuffer.isView(sample)) return { name, type: "BLOB", type_generic: GenericType.STRING, is_dttm: false };
    return { name, type: sample === null ? null : "TEXT", type_generic: GenericType.STRING, is_dttm: false };
  });
}

/**
 * Every query D1 runs for a user (SQL Lab, chart data over virtual datasets, samples, filter values) passes here:
 * D1 allows 5 terms in a compound SELECT, so longer chains are regrouped into nested ones with the same result.
 */
function forD1(sql: string): string {
  return regroupCompounds(sql);
}

function mapD1Error(e: unknown): Error {
  if (e instanceof ApiError) return e;
  if (e instanceof CompoundLimitError) return databaseError("d1", e.message);
  const message = String((e as Error)?.message ?? e).replace(/^D1_ERROR:\s*/, "").replace(/: SQLITE_\w+$/, "");
  return databaseError("d1", message);
}
