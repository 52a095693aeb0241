import { eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { users } from "../schema";

// The login counters of ab_user (Superset's login_count, fail_login_count, last_login): the only writes a
// sign-in makes to a user.

export type UserRow = typeof users.$inferSelect;

export async function userByUsername(db: Database, username: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.username, username)).get();
}

export async function countFailedLogin(db: Database, userId: number): Promise<void> {
  await db.update(users).set({ fail_login_count: sql`${users.fail_login_count} + 1` }).where(eq(users.id, userId));
}

/** A good login: one more login, failures reset, last_login now. */
export async function countLogin(db: Database, userId: number): Promise<void> {
  await db.update(users).set({ login_count: sql`${users.login_count} + 1`, fail_login_count: 0, last_login: new Date().toISOString() }).where(eq(users.id, userId));
}
