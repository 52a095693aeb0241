import type { ExecuteOptions, QueryResult } from "../../core/connectors/types";
import { ApiError } from "../../core/http/errors";
import type { ConnectionSpec } from "./types";

// What crosses between the pooled connector (services/connectors/pooled.ts) and the ConnectionPool Durable
// Object (durable-objects/connection-pool.ts): the object implements ConnectionPoolRpc, the connector calls
// it through a stub, and neither imports the other.

export type PooledOptions = Omit<ExecuteOptions, "signal">;

/** An ApiError crosses the RPC boundary as data; anything else as its message. */
export type WireError = { api: true; status: number; message: string; errorType: string; extra?: Record<string, unknown> } | { api: false; message: string };

/**
 * A result travels in parts below the RPC message cap: `result.rows` holds the first, and `parts` - 1 more
 * wait for `nextPart(runKey)`.
 */
export type PooledAnswer = { ok: true; result: QueryResult; parts: number } | { ok: false; error: WireError };

/** The RPC methods of the ConnectionPool Durable Object. */
export interface ConnectionPoolRpc extends Rpc.DurableObjectBranded {
  /** Runs one statement on a warm connection (or a new one), answering the result or the error as data. */
  execute(spec: ConnectionSpec, text: string, options: PooledOptions, runKey: string): Promise<PooledAnswer>;
  /** The next part of a big result, handed over once (null when there is none left). */
  nextPart(runKey: string): unknown[][] | null;
  /** Stops a run of `execute` (SQL Lab's stop, or the caller's own abort). */
  cancel(runKey: string): void;
  /** How many connections wait idle, per target (tests and diagnostics). */
  idleCount(): number;
}

export function toWire(e: unknown): WireError {
  if (e instanceof ApiError) return { api: true, status: e.status, message: e.message, errorType: e.errorType, extra: e.extra };
  return { api: false, message: e instanceof Error ? e.message : String(e) };
}

export function fromWire(error: WireError): Error {
  return error.api ? new ApiError(error.status, error.message, error.errorType, error.extra) : new Error(error.message);
}
