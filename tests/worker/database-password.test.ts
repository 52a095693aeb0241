import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";

// A stored database password follows its URI only while the URI reaches the same engine, host, port, user and
// database (core/connectors/stored-password.ts). Before, a PUT (or test_connection) with the masked password and
// another host kept the stored password and the next connection handed it to that host.

let admin: ApiClient;
const unique = () => Math.random().toString(36).slice(2, 8);
const NEEDED = { message: { _schema: ["Must provide a password for the database"] } };

beforeAll(async () => {
  admin = await loginAsAdmin();
});

async function createPg(): Promise<{ id: number; name: string; uri: string }> {
  const name = `pw follows ${unique()}`;
  const res = await admin.post("/api/v1/database/", { database_name: name, sqlalchemy_uri: `postgresql://postgres:Stored-Secret-${unique()}@127.0.0.1:5432/test` });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { id: number; result: { sqlalchemy_uri: string } };
  expect(body.result.sqlalchemy_uri).toBe("postgresql://postgres:XXXXXXXXXX@127.0.0.1:5432/test");
  return { id: body.id, name, uri: body.result.sqlalchemy_uri };
}

const storedUri = async (id: number) => ((await (await admin.get(`/api/v1/database/${id}/connection`)).json()) as { result: { sqlalchemy_uri: string } }).result.sqlalchemy_uri;

test("PUT with the masked password and another host, port, user, database or engine is asked for the password (422), nothing saved", async () => {
  const db = await createPg();
  for (const moved of [
    "postgresql://postgres:XXXXXXXXXX@evil.example:5432/test",
    "postgresql://postgres:XXXXXXXXXX@127.0.0.2:5432/test",
    "postgresql://postgres:XXXXXXXXXX@127.0.0.1:6543/test",
    "postgresql://root:XXXXXXXXXX@127.0.0.1:5432/test",
    "postgresql://postgres:XXXXXXXXXX@127.0.0.1:5432/postgres",
    "mysql://postgres:XXXXXXXXXX@127.0.0.1:5432/test",
  ]) {
    const res = await admin.put(`/api/v1/database/${db.id}`, { sqlalchemy_uri: moved, allow_dml: true });
    expect(res.status, moved).toBe(422);
    expect(await res.json(), moved).toEqual(NEEDED);
  }
  // the dynamic form's parameters with the masked password, pointed elsewhere, likewise
  const params = await admin.put(`/api/v1/database/${db.id}`, { engine: "postgresql", parameters: { host: "evil.example", port: 5432, username: "postgres", password: "XXXXXXXXXX", database: "test" } });
  expect(params.status).toBe(422);
  expect(await storedUri(db.id)).toBe(db.uri);
});

test("PUT keeps the stored password for the same target written another way, and takes a new host with a new password", async () => {
  const db = await createPg();
  const same = await admin.put(`/api/v1/database/${db.id}`, { sqlalchemy_uri: "postgresql+psycopg2://postgres:XXXXXXXXXX@127.0.0.1/test", allow_dml: false });
  expect(same.status).toBe(200);
  // the database still answers on its own host
  expect((await admin.get(`/api/v1/database/${db.id}/schemas/?q=(force:!t)`)).status).toBe(200);
  const moved = await admin.put(`/api/v1/database/${db.id}`, { sqlalchemy_uri: "postgresql://postgres:typed-again@127.0.0.2:5432/test" });
  expect(moved.status).toBe(200);
  expect(await storedUri(db.id)).toBe("postgresql://postgres:XXXXXXXXXX@127.0.0.2:5432/test");
  // a PUT without a URI keeps everything
  expect((await admin.put(`/api/v1/database/${db.id}`, { expose_in_sqllab: true })).status).toBe(200);
});

test("test_connection with the masked password and a changed URI asks for the password instead of trying without it", async () => {
  const db = await createPg();
  // named by id, or by name as Superset's own form does
  for (const naming of [{ id: db.id }, { database_name: db.name }]) {
    const res = await admin.post("/api/v1/database/test_connection/", { ...naming, sqlalchemy_uri: "postgresql://postgres:XXXXXXXXXX@127.0.0.2:5432/test" });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(NEEDED);
  }
  // a mask naming no saved database stands for nothing
  const unnamed = await admin.post("/api/v1/database/test_connection/", { sqlalchemy_uri: "postgresql://postgres:XXXXXXXXXX@127.0.0.1:5432/test" });
  expect(unnamed.status).toBe(422);
  // the stored target itself is tested with its stored password
  expect((await admin.post("/api/v1/database/test_connection/", { id: db.id, sqlalchemy_uri: db.uri })).status).toBe(200);
});
