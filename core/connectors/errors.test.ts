import { expect, test } from "vitest";
import { classifyConnectionError } from "./errors";

const pg = { engine: "postgresql", host: "db.example.com", port: 5432, username: "alice", database: "sales" };

test("connection failures map to Superset's CONNECTION_* error types with its messages", () => {
  const cases: [unknown, string, string][] = [
    [{ code: "28P01", message: "password authentication failed" }, "CONNECTION_INVALID_PASSWORD_ERROR", 'The password provided for username "alice" is incorrect.'],
    [{ code: "28000", message: 'role "alice" does not exist' }, "CONNECTION_INVALID_USERNAME_ERROR", 'The username "alice" does not exist.'],
    [{ code: "3D000", message: 'database "sales" does not exist' }, "CONNECTION_UNKNOWN_DATABASE_ERROR", 'Unable to connect to database "sales".'],
    [{ code: "ENOTFOUND" }, "CONNECTION_INVALID_HOSTNAME_ERROR", 'The hostname "db.example.com" cannot be resolved.'],
    [new Error("proxy request failed, cannot connect to the specified address"), "CONNECTION_PORT_CLOSED_ERROR", 'Port 5432 on hostname "db.example.com" refused the connection.'],
    [{ code: "CONNECT_TIMEOUT", message: "write CONNECT_TIMEOUT" }, "CONNECTION_HOST_DOWN_ERROR", `The host "db.example.com" might be down, and can't be reached on port 5432.`],
  ];
  for (const [err, type, message] of cases) {
    const e = classifyConnectionError(err, pg);
    expect([e.status, e.errorType, e.message]).toEqual([422, type, message]);
  }
  const my = classifyConnectionError({ code: "ER_ACCESS_DENIED_ERROR", errno: 1045 }, { ...pg, engine: "mysql" });
  expect([my.errorType, my.message]).toEqual(["CONNECTION_ACCESS_DENIED_ERROR", 'Either the username "alice" or the password is incorrect.']);
});

test("an unknown failure keeps the driver's text without credentials", () => {
  const e = classifyConnectionError(new Error("odd failure for postgresql://alice:pw@db/sales"), pg);
  expect(e.errorType).toBe("GENERIC_DB_ENGINE_ERROR");
  expect(e.message).not.toContain("pw@");
});
