import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Database = ReturnType<typeof build>;

function build(d1: D1Database) {
  return drizzle(d1, { schema });
}

// drizzle() walks the whole schema to build its relational config: about half the CPU of a bare request when
// done per request (measured with bench/_profile.mjs). The instance holds nothing of a request, only the
// binding, so one per binding object is kept for the isolate's life.
const opened = new WeakMap<D1Database, Database>();

export function openDatabase(d1: D1Database): Database {
  let db = opened.get(d1);
  if (!db) {
    db = build(d1);
    opened.set(d1, db);
  }
  return db;
}
