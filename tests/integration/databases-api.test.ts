// The databases API through the real Worker in workerd: CRUD with the password encrypted and masked,
// test_connection's error types, and browsing (schemas, tables, metadata, select *) over cloudflare:sockets
// to the PostgreSQL and MariaDB of this machine (part of this machine kind: an unreachable one fails the test).
import { beforeAll, expect, test } from "vitest";
import postgres from "postgres";
import { createConnection } from "mysql2/promise";
import { createServer, type AddressInfo } from "node:net";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { fakePostgres } from "../support/fake-postgres";
import { MAX_ATTEMPTS } from "../../services/connectors/postgresql/socket";
import { METADATA_TIMEOUT_MS } from "../../services/connectors/deadline";

let admin: ApiClient;
const reachable: Record<string, string | true> = {};
const suffix = Date.now().toString(36);

beforeAll(async () => {
  admin = await loginAsAdmin();
  const pg = postgres({ host: "127.0.0.1", port: 5432, user: "postgres", database: "test", max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await pg.unsafe("DROP TABLE IF EXISTS api_child; DROP TABLE IF EXISTS api_parent");
    await pg.unsafe("CREATE TABLE api_parent (id SERIAL PRIMARY KEY, name TEXT NOT NULL, created TIMESTAMP)");
    await pg.unsafe("CREATE TABLE api_child (id INT PRIMARY KEY, parent_id INT REFERENCES api_parent(id), amount NUMERIC(8,2))");
    await pg.unsafe("CREATE INDEX api_child_amount ON api_child (amount)");
    reachable.postgresql = true;
  } catch (e) {
    reachable.postgresql = (e as Error).message;
  } finally {
    await pg.end({ timeout: 1 });
  }
  try {
    const my = await createConnection({ host: "127.0.0.1", port: 3306, user: "root", database: "test", connectTimeout: 3000 });
    await my.query("DROP TABLE IF EXISTS api_items");
    await my.query("CREATE TABLE api_items (id INT PRIMARY KEY, label VARCHAR(20), seen DATETIME, ok TINYINT(1))");
    await my.end();
    reachable.mysql = true;
  } catch (e) {
    reachable.mysql = (e as Error).message;
  }
});

function need(engine: string, _ctx?: unknown) {
  if (reachable[engine] !== true) throw new Error(`${engine} is not reachable on this machine: ${reachable[engine]}`);
}

/**
 * A PostgreSQL look-alike on a free local port that asks for the password in clear text and records what it
 * is sent: where a stored password would leak to a host the caller names, it lands here.
 */
async function passwordCatcher(): Promise<{ port: number; caught: string[]; close: () => void }> {
  const caught: string[] = [];
  const server = createServer((socket) => {
    let buffer = Buffer.alloc(0);
    socket.on("error", () => {});
    socket.on("data", (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (buffer.length >= 8 && buffer.readInt32BE(4) === 80877103) {
        socket.write("N"); // no TLS
        buffer = buffer.subarray(8);
      }
      if (buffer.length >= 8 && buffer.readInt32BE(4) === 196608) {
        buffer = buffer.subarray(buffer.readInt32BE(0));
        const ask = Buffer.alloc(9);
        ask.write("R", 0);
        ask.writeInt32BE(8, 1);
        ask.writeInt32BE(3, 5); // AuthenticationCleartextPassword
        socket.write(ask);
      }
      if (buffer.length >= 5 && buffer[0] === 0x70) {
        caught.push(buffer.subarray(5, 1 + buffer.readInt32BE(1) - 1).toString("utf8"));
        buffer = Buffer.alloc(0);
        // a FATAL authentication error, so the driver gives up instead of reconnecting
        const fields = Buffer.from("SFATAL\0C28P01\0Mpassword authentication failed\0\0", "utf8");
        const head = Buffer.alloc(5);
        head.write("E", 0);
        head.writeInt32BE(4 + fields.length, 1);
        socket.end(Buffer.concat([head, fields]));
      }
    });
  });
  await new Promise<void>((res) => server.listen(0, "127.0.0.1", res));
  return { port: (server.address() as AddressInfo).port, caught, close: () => server.close() };
}

async function json(res: Response) {
  return (await res.json()) as Record<string, any>;
}

test("creating a PostgreSQL database stores the password encrypted and answers it masked", async (ctx) => {
  need("postgresql", ctx);
  const res = await admin.post("/api/v1/database/", {
    database_name: `pg ${suffix}`,
    sqlalchemy_uri: "postgresql+psycopg2://postgres:S3cret-Pa55@127.0.0.1:5432/test",
    expose_in_sqllab: true,
    allow_run_async: true,
    extra: JSON.stringify({ disable_data_preview: true }),
  });
  expect(res.status).toBe(201);
  const body = await json(res);
  const text = JSON.stringify(body);
  expect(text).not.toContain("S3cret-Pa55");
  expect(body.result.sqlalchemy_uri).toBe("postgresql+psycopg2://postgres:XXXXXXXXXX@127.0.0.1:5432/test");
  expect(body.result).toMatchObject({ backend: "postgresql", allow_run_async: true, disable_data_preview: true, expose_in_sqllab: true });
  const id = body.id;
  for (const path of [`/api/v1/database/${id}`, `/api/v1/database/${id}/connection`, "/api/v1/database/?q=(page_size:100)"]) {
    const got = await admin.get(path);
    expect(got.status).toBe(200);
    expect(await got.text()).not.toContain("S3cret-Pa55");
  }
  // The masked URI sent back keeps the stored password; the connection still works with it.
  const put = await admin.put(`/api/v1/database/${id}`, { sqlalchemy_uri: body.result.sqlalchemy_uri, allow_dml: false });
  expect(put.status).toBe(200);
  const tested = await admin.post("/api/v1/database/test_connection/", { database_name: `pg ${suffix}`, sqlalchemy_uri: body.result.sqlalchemy_uri });
  expect(tested.status).toBe(200);
});

test("test_connection never sends a stored password to a host the caller names", async () => {
  need("postgresql");
  const secret = `Victim-Secret-${suffix}`;
  const created = await json(
    await admin.post("/api/v1/database/", { database_name: `victim ${suffix}`, sqlalchemy_uri: `postgresql://postgres:${secret}@127.0.0.1:5432/test` }),
  );
  const catcher = await passwordCatcher();
  try {
    const elsewhere = `postgresql://postgres:XXXXXXXXXX@127.0.0.1:${catcher.port}/test`;
    // by name (Superset's form), by id, and by both: the mask stands for no password on another host
    for (const naming of [{ database_name: `victim ${suffix}` }, { id: created.id }, { id: created.id, database_name: `victim ${suffix}` }]) {
      const res = await admin.post("/api/v1/database/test_connection/", { ...naming, sqlalchemy_uri: elsewhere });
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    // another user name or database on the stored host is another target too
    await admin.post("/api/v1/database/test_connection/", { id: created.id, sqlalchemy_uri: `postgresql://root:XXXXXXXXXX@127.0.0.1:${catcher.port}/postgres` });
    // a PUT moving the database to the catcher with the masked password is asked for the password; had it been
    // saved, browsing the database would send the stored password there
    const moved = await admin.put(`/api/v1/database/${created.id}`, { sqlalchemy_uri: elsewhere });
    expect(moved.status).toBe(422);
    expect(await moved.json()).toEqual({ message: { _schema: ["Must provide a password for the database"] } });
    await admin.get(`/api/v1/database/${created.id}/schemas/?q=(force:!t)`);
    expect(catcher.caught.some((p) => p.includes(secret))).toBe(false);
    // the stored target itself is still tested with the stored password
    const same = await admin.post("/api/v1/database/test_connection/", { id: created.id, sqlalchemy_uri: "postgresql://postgres:XXXXXXXXXX@127.0.0.1:5432/test" });
    expect(same.status).toBe(200);
  } finally {
    catcher.close();
    await admin.delete(`/api/v1/database/${created.id}`);
  }
});

test("schemas, tables and table metadata of PostgreSQL over cloudflare:sockets", async (ctx) => {
  need("postgresql", ctx);
  const created = await json(await admin.post("/api/v1/database/", { database_name: `pg browse ${suffix}`, sqlalchemy_uri: "postgresql://postgres@127.0.0.1:5432/test" }));
  const id = created.id;
  expect(await json(await admin.get(`/api/v1/database/${id}/schemas/?q=(force:!f)`))).toMatchObject({ result: expect.arrayContaining(["public"]) });
  expect(await json(await admin.get(`/api/v1/database/${id}/catalogs/`))).toEqual({ result: ["test"] });
  const tables = await json(await admin.get(`/api/v1/database/${id}/tables/?q=(schema_name:public,force:!f)`));
  expect(tables.result).toContainEqual({ value: "api_child", type: "table", extra: null });
  expect(tables.count).toBe(tables.result.length);
  const meta = await json(await admin.get(`/api/v1/database/${id}/table_metadata/?name=api_child&schema=public`));
  expect(meta.columns.map((c: any) => [c.name, c.type, c.type_generic])).toEqual([["id", "integer", 0], ["parent_id", "integer", 0], ["amount", "numeric(8,2)", 0]]);
  expect(meta.primaryKey).toMatchObject({ constrained_columns: ["id"], type: "pk" });
  expect(meta.foreignKeys[0]).toMatchObject({ constrained_columns: ["parent_id"], referred_table: "api_parent", referred_columns: ["id"] });
  expect(meta.indexes).toContainEqual(expect.objectContaining({ name: "api_child_amount", column_names: ["amount"] }));
  expect(meta.selectStar).toBe('SELECT "id",\n       "parent_id",\n       "amount"\nFROM "public"."api_child"\nLIMIT 100');
  expect(await json(await admin.get(`/api/v1/database/${id}/table_metadata/extra/?name=api_child&schema=public`))).toEqual({});
  expect(await json(await admin.get(`/api/v1/database/${id}/select_star/api_parent/public/`))).toEqual({ result: 'SELECT *\nFROM "public"."api_parent"\nLIMIT 100' });
  expect((await admin.get(`/api/v1/database/${id}/table_metadata/?name=nope&schema=public`)).status).toBe(404);
  expect(await json(await admin.get(`/api/v1/database/${id}/related_objects/`))).toEqual({ charts: { count: 0, result: [] }, dashboards: { count: 0, result: [] }, sqllab_tab_states: { count: 0, result: [] } });
  expect((await admin.delete(`/api/v1/database/${id}`)).status).toBe(200);
  expect((await admin.get(`/api/v1/database/${id}`)).status).toBe(404);
});

test("MySQL/MariaDB metadata through the Worker", async (ctx) => {
  need("mysql", ctx);
  const created = await json(await admin.post("/api/v1/database/", { database_name: `my ${suffix}`, sqlalchemy_uri: "mysql://root@127.0.0.1:3306/test" }));
  const id = created.id;
  expect(created.result.backend).toBe("mysql");
  const tables = await json(await admin.get(`/api/v1/database/${id}/tables/?q=(schema_name:test)`));
  expect(tables.result).toContainEqual({ value: "api_items", type: "table", extra: null });
  const meta = await json(await admin.get(`/api/v1/database/${id}/table_metadata/?name=api_items&schema=test`));
  expect(meta.columns.map((c: any) => [c.name, c.type_generic])).toEqual([["id", 0], ["label", 1], ["seen", 2], ["ok", 3]]);
  expect(meta.primaryKey.constrained_columns).toEqual(["id"]);
});

test("test_connection names what went wrong", async (ctx) => {
  need("postgresql", ctx);
  const cases: [string, string][] = [
    ["postgresql://nobody_here@127.0.0.1:5432/test", "CONNECTION_INVALID_USERNAME_ERROR"],
    ["postgresql://postgres@127.0.0.1:5432/no_such_db", "CONNECTION_UNKNOWN_DATABASE_ERROR"],
    ["postgresql://postgres@127.0.0.1:1/test", "CONNECTION_PORT_CLOSED_ERROR"],
  ];
  if (reachable.mysql === true) cases.push(["mysql://root:wrong-password@127.0.0.1:3306/test", "CONNECTION_ACCESS_DENIED_ERROR"]);
  for (const [uri, type] of cases) {
    const res = await admin.post("/api/v1/database/test_connection/", { sqlalchemy_uri: uri });
    const body = await json(res);
    expect([uri, res.status, body.errors?.[0]?.error_type]).toEqual([uri, 422, type]);
    expect(JSON.stringify(body)).not.toContain("wrong-password");
  }
});

test("bad URIs, unknown engines, bad extra and the metadata binding are clear 400s", async () => {
  const bad = [
    { database_name: "x1", sqlalchemy_uri: "oracle://u:p@h/db" },
    { database_name: "x2", sqlalchemy_uri: "definitely not a uri" },
    { database_name: "x3", sqlalchemy_uri: "postgresql://u@h/db", extra: "{not json" },
    { database_name: "x4" },
  ];
  for (const payload of bad) expect((await admin.post("/api/v1/database/", payload)).status).toBe(400);
  const meta = await admin.post("/api/v1/database/test_connection/", { sqlalchemy_uri: "d1://DB" });
  expect(meta.status).toBe(400);
  expect((await json(meta)).message).toContain('D1 binding "DB" is not available');
  expect((await admin.post("/api/v1/database/test_connection/", { sqlalchemy_uri: "d1://EXAMPLES" })).status).toBe(200);
});

test("the examples D1 database is browsable", async () => {
  const created = await json(await admin.post("/api/v1/database/", { database_name: `d1 ${suffix}`, sqlalchemy_uri: "d1://EXAMPLES" }));
  expect(created.result.backend).toBe("d1");
  expect(await json(await admin.get(`/api/v1/database/${created.id}/schemas/`))).toEqual({ result: ["main"] });
  const tables = await json(await admin.get(`/api/v1/database/${created.id}/tables/?q=(schema_name:main)`));
  expect(tables.result.map((t: any) => t.value)).not.toContain("d1_migrations");
  expect((await admin.delete(`/api/v1/database/${created.id}`)).status).toBe(200);
});

test("available/ lists the engines", async () => {
  const body = await json(await admin.get("/api/v1/database/available/"));
  expect(body.databases.map((d: any) => d.engine)).toEqual(["postgresql", "mysql", "d1", "clickhouse"]);
});

test("a PostgreSQL server that drops every connection after authenticating is tried a few times, spaced out, then reported", async () => {
  for (const mode of ["drop-after-auth", "drop-after-ready"] as const) {
    const server = await fakePostgres(mode);
    try {
      const uri = `postgresql://postgres@127.0.0.1:${server.port}/test`;
      const started = Date.now();
      const res = await admin.post("/api/v1/database/test_connection/", { sqlalchemy_uri: uri });
      const body = await json(res);
      expect([mode, res.status]).toEqual([mode, 422]);
      if (mode === "drop-after-auth") expect(body.message).toContain(`closed the connection during the handshake ${MAX_ATTEMPTS} times in a row`);
      expect(Date.now() - started).toBeLessThan(8000);
      const created = await json(await admin.post("/api/v1/database/", { database_name: `dropper ${mode} ${suffix}`, sqlalchemy_uri: uri }));
      const schemas = await admin.get(`/api/v1/database/${created.id}/schemas/?q=(force:!t)`);
      expect([mode, schemas.status]).toEqual([mode, 400]);
      // nothing keeps trying behind the answers (before: ~630 reconnects a second, for as long as workerd lived)
      const afterAnswers = server.connections();
      expect(afterAnswers).toBeLessThanOrEqual(4 * MAX_ATTEMPTS);
      await new Promise((r) => setTimeout(r, 1500));
      expect(server.connections()).toBe(afterAnswers);
      await admin.delete(`/api/v1/database/${created.id}`);
    } finally {
      await server.close();
    }
  }
});

test("metadata calls to a PostgreSQL server that never answers time out with a clear error", async () => {
  const server = await fakePostgres("silent");
  try {
    const uri = `postgresql://postgres@127.0.0.1:${server.port}/test`;
    const created = await json(await admin.post("/api/v1/database/", { database_name: `silent ${suffix}`, sqlalchemy_uri: uri }));
    const started = Date.now();
    const answers = await Promise.all([
      admin.post("/api/v1/database/test_connection/", { sqlalchemy_uri: uri }),
      admin.get(`/api/v1/database/${created.id}/schemas/?q=(force:!t)`),
      admin.get(`/api/v1/database/${created.id}/tables/?q=(schema_name:public,force:!t)`),
      admin.get(`/api/v1/database/${created.id}/table_metadata/?name=t&schema=public`),
    ].map(async (p) => {
      const res = await p;
      return [res.status, (await json(res)).errors?.[0]] as const;
    }));
    for (const [status, error] of answers) {
      expect(status).toBe(408);
      expect(error).toMatchObject({ error_type: "CONNECTION_DATABASE_TIMEOUT", extra: { timeout: METADATA_TIMEOUT_MS / 1000 } });
      expect(error.message).toContain(`PostgreSQL did not answer within ${METADATA_TIMEOUT_MS / 1000} seconds`);
    }
    expect(Date.now() - started).toBeLessThan(METADATA_TIMEOUT_MS + 8000);
    await admin.delete(`/api/v1/database/${created.id}`);
  } finally {
    await server.close();
  }
});
