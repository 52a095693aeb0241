// A MariaDB of its own, started by a test with a server-wide sql_mode (NO_BACKSLASH_ESCAPES, ANSI_QUOTES, ...):
// the machine's MariaDB on 3306 is shared, so its global mode is never changed. An empty temporary datadir and
// --skip-grant-tables start it in about 4 s without mariadb-install-db; it listens on 127.0.0.1 on a free port
// and is stopped (and its datadir removed) by stop(). mariadbd is part of this machine kind: a missing binary
// fails the test.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createConnection, type Connection } from "mysql2/promise";

const MARIADBD = ["/usr/sbin/mariadbd", "/usr/sbin/mysqld", "/usr/bin/mariadbd"].find((path) => existsSync(path));

export interface ModeServer {
  sqlMode: string;
  port: number;
  /** A new connection to its `test` database (the caller ends it) */
  connect(): Promise<Connection>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export async function startMariaDbInMode(sqlMode: string): Promise<ModeServer> {
  if (!MARIADBD) throw new Error("mariadbd is not installed (expected at /usr/sbin/mariadbd)");
  const dir = mkdtempSync(join(tmpdir(), "gate-mariadb-"));
  const port = await freePort();
  const child: ChildProcess = spawn(
    MARIADBD,
    [
      "--no-defaults", `--datadir=${dir}`, `--socket=${join(dir, "sock")}`, `--pid-file=${join(dir, "pid")}`,
      `--port=${port}`, "--bind-address=127.0.0.1", "--skip-grant-tables", `--sql-mode=${sqlMode}`,
      "--innodb-buffer-pool-size=16M", "--innodb-log-file-size=4M", "--skip-log-bin", "--user=root",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const connect = () => createConnection({ host: "127.0.0.1", port, user: "root", database: "test", connectTimeout: 3000 });
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`mariadbd exited while starting (sql_mode ${sqlMode}): ${log}`);
    }
    try {
      const conn = await createConnection({ host: "127.0.0.1", port, user: "root", connectTimeout: 1000 });
      await conn.query("CREATE DATABASE IF NOT EXISTS test");
      await conn.end();
      break;
    } catch (err) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`mariadbd did not start in 60 s (sql_mode ${sqlMode}): ${(err as Error).message}\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  return { sqlMode, port, connect, stop };
}
