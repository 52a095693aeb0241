import type { Database } from "../client";
import { databases, users } from "../schema";
import { inList } from "../d1-params";

// Bulk name look-ups for SQL Lab payloads: one query per page instead of one per row.

export interface UserRef {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
}

export async function usersById(db: Database, ids: (number | null | undefined)[]): Promise<Map<number, UserRef>> {
  const wanted = [...new Set(ids.filter((i): i is number => typeof i === "number"))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: users.id, first_name: users.first_name, last_name: users.last_name, username: users.username })
    .from(users)
    .where(inList(users.id, wanted))
    .all();
  return new Map(rows.map((r) => [r.id, r]));
}

export async function databaseNamesById(db: Database, ids: (number | null | undefined)[]): Promise<Map<number, string>> {
  const refs = await databaseRefsById(db, ids);
  return new Map([...refs].map(([id, r]) => [id, r.name]));
}

/** Name and engine of each database named (the engine says which SQL dialect its statements are in). */
export async function databaseRefsById(db: Database, ids: (number | null | undefined)[]): Promise<Map<number, { name: string; engine: string }>> {
  const wanted = [...new Set(ids.filter((i): i is number => typeof i === "number"))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: databases.id, name: databases.database_name, engine: databases.engine }).from(databases).where(inList(databases.id, wanted)).all();
  return new Map(rows.map((r) => [r.id, { name: r.name, engine: r.engine }]));
}
