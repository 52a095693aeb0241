import { expect, test } from "vitest";
import {
  connectionProblems, connectionUri, emptyConnectionForm, formFromStored, savePayload, testConnectionPayload, withEngine,
  type StoredConnection,
} from "./connection-form";
import { parseDatabasePayload } from "./database-payload";
import { PASSWORD_MASK } from "./uri";

const stored = (over: Partial<StoredConnection> = {}): StoredConnection => ({
  database_name: "warehouse",
  engine: "postgresql",
  sqlalchemy_uri: `postgresql://alice:${PASSWORD_MASK}@db.internal:6543/sales?sslmode=require`,
  configuration_method: "dynamic_form",
  parameters: { host: "db.internal", port: 6543, database: "sales", username: "alice", query: { sslmode: "require" } },
  expose_in_sqllab: true,
  allow_run_async: true,
  allow_dml: false,
  allow_ctas: false,
  allow_cvas: false,
  force_ctas_schema: null,
  cache_timeout: 600,
  extra: '{"disable_data_preview": true}',
  ...over,
});

test("the fields build the URI, encoding what needs it", () => {
  const form = { ...emptyConnectionForm("postgresql"), host: "127.0.0.1", port: "5432", database: "test", username: "postgres" };
  expect(connectionUri(form)).toBe("postgresql://postgres@127.0.0.1:5432/test");
  expect(connectionUri({ ...form, username: "a b", password: "p@ss/word" })).toBe("postgresql://a%20b:p%40ss%2Fword@127.0.0.1:5432/test");
  expect(connectionUri({ ...emptyConnectionForm("mysql"), database: "test", username: "root" })).toBe("mysql://root@127.0.0.1:3306/test");
  expect(connectionUri(emptyConnectionForm("d1"))).toBe("d1://EXAMPLES");
});

test("an existing database fills the form without its password, and a blank password keeps the stored one", () => {
  const form = formFromStored(stored());
  expect(form).toMatchObject({ engine: "postgresql", mode: "fields", host: "db.internal", port: "6543", username: "alice", password: "", hasStoredPassword: true });
  expect(form.cache_timeout).toBe("600");
  const uri = connectionUri(form);
  expect(uri).toBe(`postgresql://alice:${PASSWORD_MASK}@db.internal:6543/sales?sslmode=require`);
  // the server reads the mask as "keep the stored password"
  expect(parseDatabasePayload(savePayload(form), "update").password).toBeUndefined();
  expect(parseDatabasePayload(savePayload({ ...form, password: "new-secret" }), "update").password).toBe("new-secret");
});

test("a URI-configured database opens in URI mode with its masked URI", () => {
  const form = formFromStored(stored({ configuration_method: "sqlalchemy_form" }));
  expect(form.mode).toBe("uri");
  expect(connectionUri(form)).toBe(stored().sqlalchemy_uri);
});

test("switching engine resets the connection fields to the engine's defaults", () => {
  const form = withEngine({ ...emptyConnectionForm(), database_name: "kept", username: "u", password: "p" }, "mysql");
  expect(form).toMatchObject({ engine: "mysql", port: "3306", username: "", password: "", database_name: "kept" });
});

test("problems are found before anything is sent", () => {
  const base = { ...emptyConnectionForm("postgresql"), database_name: "x", database: "test" };
  expect(connectionProblems(base, "save")).toEqual({});
  expect(connectionProblems({ ...base, database_name: " " }, "save")).toHaveProperty("database_name");
  expect(connectionProblems({ ...base, database_name: "" }, "test")).toEqual({});
  expect(connectionProblems({ ...base, port: "70000" }, "test")).toHaveProperty("port");
  expect(connectionProblems({ ...base, host: "" }, "test")).toHaveProperty("host");
  expect(connectionProblems({ ...base, extra: "{not json" }, "save").extra).toContain("JSON");
  expect(connectionProblems({ ...base, extra: "[1]" }, "save").extra).toContain("JSON object");
  expect(connectionProblems({ ...base, cache_timeout: "ten" }, "save")).toHaveProperty("cache_timeout");
  expect(connectionProblems({ ...base, mode: "uri", sqlalchemy_uri: "oracle://u@h/db" }, "test").sqlalchemy_uri).toContain("oracle");
  expect(connectionProblems({ ...base, mode: "uri", sqlalchemy_uri: "mysql://u@h/db" }, "test").sqlalchemy_uri).toContain("not a PostgreSQL");
  expect(connectionProblems({ ...emptyConnectionForm("d1"), database: "not a binding" }, "test")).toHaveProperty("database");
});

test("the payloads are what the databases API accepts", () => {
  const form = { ...emptyConnectionForm("postgresql"), database_name: " pg ", database: "test", username: "postgres", allow_ctas: true, force_ctas_schema: "tmp", cache_timeout: "60", extra: ' {"a": 1} ' };
  const body = savePayload(form);
  expect(body).toMatchObject({ database_name: "pg", configuration_method: "dynamic_form", force_ctas_schema: "tmp", cache_timeout: 60, extra: '{"a": 1}' });
  expect(parseDatabasePayload(body, "create").fields).toMatchObject({ database_name: "pg", engine: "postgresql", allow_ctas: true });
  expect(savePayload({ ...form, allow_ctas: false }).force_ctas_schema).toBeNull();
  expect(testConnectionPayload(form)).toEqual({ sqlalchemy_uri: "postgresql://postgres@127.0.0.1:5432/test", engine: "postgresql", database_name: "pg", extra: '{"a": 1}' });
  expect(() => parseDatabasePayload(testConnectionPayload(form), "test")).not.toThrow();
});
