import type { Database } from "../client";
import { revokedSessions } from "../schema";

// A signed-out session id stays refused until its token would have expired anyway (housekeeping then drops it).

export async function revokeSession(db: Database, sid: string, expiresOn: string): Promise<void> {
  await db.insert(revokedSessions).values({ sid, expires_on: expiresOn }).onConflictDoNothing().run();
}
