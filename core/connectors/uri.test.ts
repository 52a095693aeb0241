import { expect, test } from "vitest";
import { ApiError } from "../http/errors";
import { buildUri, maskUri, parseSqlalchemyUri, passwordInUri, PASSWORD_MASK, sameConnectionTarget } from "./uri";

test("parses PostgreSQL URIs with and without a driver", () => {
  const p = parseSqlalchemyUri("postgresql+psycopg2://alice:s%40cret@db.example.com:6543/sales?sslmode=require");
  expect(p).toMatchObject({ engine: "postgresql", username: "alice", password: "s@cret", host: "db.example.com", port: 6543, database: "sales" });
  expect(p.query).toEqual({ sslmode: "require" });
  expect(parseSqlalchemyUri("postgresql://postgres@127.0.0.1/test")).toMatchObject({ port: 5432, password: null, database: "test" });
});

test("parses MySQL and MariaDB URIs", () => {
  expect(parseSqlalchemyUri("mysql://root@127.0.0.1:3306/test")).toMatchObject({ engine: "mysql", username: "root", port: 3306 });
  expect(parseSqlalchemyUri("mysql+mysqldb://u:p@h/db")).toMatchObject({ engine: "mysql", port: 3306, password: "p" });
  expect(parseSqlalchemyUri("mariadb://u@h:3307/db")).toMatchObject({ engine: "mysql", port: 3307 });
});

test("parses D1 bindings", () => {
  expect(parseSqlalchemyUri("d1://EXAMPLES")).toMatchObject({ engine: "d1", database: "EXAMPLES", host: null });
  expect(() => parseSqlalchemyUri("d1://not a binding")).toThrow("d1://<BINDING>");
});

test("unknown engines and unparseable URIs are a clear 400", () => {
  const cases = ["oracle://u:p@h/db", "not a uri", "", "postgresql://u:p@/db", "postgresql://h:99999/db", "postgresql://h:0/db"];
  for (const uri of cases) {
    try {
      parseSqlalchemyUri(uri);
      expect.unreachable(uri);
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).status).toBe(400);
    }
  }
  expect(() => parseSqlalchemyUri("oracle://u:p@h/db")).toThrow("Could not load database driver: oracle");
  expect(() => parseSqlalchemyUri(42)).toThrow("sqlalchemy_uri is required");
});

test("maskUri hides the password and passwordInUri finds it", () => {
  expect(maskUri("postgresql://u:hunter2@h:5432/db")).toBe(`postgresql://u:${PASSWORD_MASK}@h:5432/db`);
  expect(maskUri("postgresql://u@h/db")).toBe("postgresql://u@h/db");
  expect(maskUri("d1://EXAMPLES")).toBe("d1://EXAMPLES");
  expect(passwordInUri("mysql://u:p%2Fw@h/db")).toBe("p/w");
  expect(passwordInUri(`mysql://u:${PASSWORD_MASK}@h/db`)).toBeNull();
  expect(passwordInUri("mysql://u@h/db")).toBeNull();
});

test("buildUri writes the form's fields as a URI that parses back", () => {
  const uri = buildUri({ engine: "postgresql", host: "127.0.0.1", port: 5432, database: "test", username: "postgres", password: "p@ss" });
  expect(uri).toBe("postgresql://postgres:p%40ss@127.0.0.1:5432/test");
  expect(parseSqlalchemyUri(uri)).toMatchObject({ password: "p@ss", database: "test" });
  expect(buildUri({ engine: "d1", database: "EXAMPLES" })).toBe("d1://EXAMPLES");
});

test("sameConnectionTarget: engine, host (any case), port (default filled), user and database must all match", () => {
  const stored = "postgresql://app:XXXXXXXXXX@db.internal/sales";
  expect(sameConnectionTarget(stored, "postgresql+psycopg2://app:XXXXXXXXXX@DB.internal:5432/sales")).toBe(true);
  expect(sameConnectionTarget(stored, "postgresql://app:XXXXXXXXXX@evil.example/sales")).toBe(false);
  expect(sameConnectionTarget(stored, "postgresql://app:XXXXXXXXXX@db.internal:6543/sales")).toBe(false);
  expect(sameConnectionTarget(stored, "postgresql://other:XXXXXXXXXX@db.internal/sales")).toBe(false);
  expect(sameConnectionTarget(stored, "postgresql://app:XXXXXXXXXX@db.internal/hr")).toBe(false);
  expect(sameConnectionTarget(stored, "mysql://app:XXXXXXXXXX@db.internal/sales")).toBe(false);
  expect(sameConnectionTarget(stored, "not a uri")).toBe(false);
});
