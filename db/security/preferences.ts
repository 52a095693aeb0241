import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { users } from "../schema";
import { forgetPrincipals } from "./principal-cache";
import type { UserPreferences } from "../../core/time-zone/preferences";

/** A user's own zone and locale (checked by core/time-zone/preferences.ts); the principal cache forgets them. */
export async function setUserPreferences(db: Database, userId: number, prefs: UserPreferences): Promise<void> {
  await db.update(users).set({ ...prefs, changed_on: new Date().toISOString(), changed_by_fk: userId }).where(eq(users.id, userId));
  forgetPrincipals(userId);
}
