import { expect, test } from "vitest";
import { passwordNeeded, storedPasswordUse, PASSWORD_NEEDED } from "./stored-password";
import { errorEnvelope } from "../http/errors";

const stored = { sqlalchemy_uri: "postgresql://app:XXXXXXXXXX@db.internal:5432/sales", hasPassword: true };

test("a masked URI keeps the stored password only for the same engine, host, port, user and database", () => {
  expect(storedPasswordUse(undefined, stored, "postgresql+psycopg2://app:XXXXXXXXXX@DB.internal/sales?sslmode=require")).toBe("stored");
  for (const moved of [
    "postgresql://app:XXXXXXXXXX@evil.example:5432/sales", // host
    "postgresql://app:XXXXXXXXXX@127.0.0.1:5432/sales", // host, even a local one
    "postgresql://app:XXXXXXXXXX@db.internal:6543/sales", // port
    "postgresql://root:XXXXXXXXXX@db.internal:5432/sales", // user
    "postgresql://app:XXXXXXXXXX@db.internal:5432/hr", // database
    "mysql://app:XXXXXXXXXX@db.internal:5432/sales", // engine
    "postgresql://app:XXXXXXXXXX@db.internal.evil.example:5432/sales",
  ]) {
    expect(storedPasswordUse(undefined, stored, moved), moved).toBe("ask");
  }
});

test("a payload with its own password, or none, uses it; no URI keeps what is stored; nothing stored means asking", () => {
  expect(storedPasswordUse("new-secret", stored, "postgresql://app:new-secret@evil.example/sales")).toBe("sent");
  expect(storedPasswordUse(null, stored, "postgresql://app@evil.example/sales")).toBe("sent");
  expect(storedPasswordUse(undefined, stored, undefined)).toBe("stored");
  expect(storedPasswordUse(undefined, null, "postgresql://app:XXXXXXXXXX@db.internal:5432/sales")).toBe("ask");
  expect(storedPasswordUse(undefined, { ...stored, hasPassword: false }, stored.sqlalchemy_uri)).toBe("ask");
});

test("asking again is a 422 in Superset's field-error shape with its message", () => {
  const e = passwordNeeded();
  expect(e.status).toBe(422);
  expect(errorEnvelope(e)).toEqual({ message: { _schema: [PASSWORD_NEEDED] } });
  expect(PASSWORD_NEEDED).toBe("Must provide a password for the database");
});
