import { ApiError } from "../http/errors";
import { sameConnectionTarget } from "./uri";

// The stored password of a database is never shown: its URI comes back with the mask (XXXXXXXXXX), and a URI sent
// back with the mask stands for the stored password. That is only safe while the URI still reaches the same place
// as the same user: otherwise whoever edits the host (PUT, an overwriting import, test_connection) would have the
// stored password sent to a server of their choosing. One rule for every path that takes a masked URI.

/** Superset's message (its database importer's `_schema` error, which its UI recognises to ask for a password). */
export const PASSWORD_NEEDED = "Must provide a password for the database";

export interface StoredConnection {
  sqlalchemy_uri: string;
  hasPassword: boolean;
}

/**
 * What a masked or unmasked URI means for the password:
 * - "sent": the payload carries its own password (or none at all): use that;
 * - "stored": the URI holds the mask and reaches the stored engine, host, port, user and database: use the stored one;
 * - "ask": the URI holds the mask but the target changed (or nothing is stored): the password must be sent again.
 *
 * `sent` is the password written in the payload: a string, null when the URI has none, undefined when it holds
 * the mask. `nextUri` undefined means no URI was sent (the stored one stays, with its password).
 */
export function storedPasswordUse(sent: string | null | undefined, stored: StoredConnection | null, nextUri: string | undefined): "sent" | "stored" | "ask" {
  if (sent !== undefined) return "sent";
  if (nextUri === undefined) return "stored";
  return stored?.hasPassword && sameConnectionTarget(stored.sqlalchemy_uri, nextUri) ? "stored" : "ask";
}

/** The 422 asking for the password again, in the shape of Superset's validation errors ({ message: { _schema } }). */
export function passwordNeeded(): ApiError {
  return new ApiError(422, PASSWORD_NEEDED, "GENERIC_COMMAND_ERROR", undefined, { _schema: [PASSWORD_NEEDED] });
}
