// PostgreSQL look-alikes on a free local port, for what a real server will not do on demand. Each lets the
// client in (AuthenticationOk, no password asked) and then: `drop-after-auth` hangs up before ReadyForQuery,
// `drop-after-ready` hangs up right after it, `silent` reads whatever comes next and never answers. Each counts
// the connections it was opened.
import { createServer, type AddressInfo, type Socket } from "node:net";

export type FakeMode = "drop-after-auth" | "drop-after-ready" | "silent";

export interface FakePostgres {
  port: number;
  /** connections opened so far */
  connections: () => number;
  close: () => Promise<void>;
}

const message = (type: string, body: Buffer) => {
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
};
const AUTH_OK = message("R", Buffer.from([0, 0, 0, 0]));
const READY = message("Z", Buffer.from("I"));

export async function fakePostgres(mode: FakeMode): Promise<FakePostgres> {
  let count = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffer = Buffer.alloc(0);
    let started = false;
    socket.on("data", (chunk) => {
      if (started) return; // silent: what follows the startup is read and left unanswered
      buffer = Buffer.concat([buffer, chunk]);
      if (buffer.length >= 8 && buffer.readInt32BE(4) === 80877103) {
        socket.write("N"); // SSLRequest: no TLS here
        buffer = buffer.subarray(8);
      }
      if (buffer.length >= 8 && buffer.readInt32BE(4) === 196608) {
        started = true;
        if (mode === "drop-after-auth") socket.end(AUTH_OK);
        else if (mode === "drop-after-ready") socket.end(Buffer.concat([AUTH_OK, READY]));
        else socket.write(Buffer.concat([AUTH_OK, READY]));
      }
    });
  });
  await new Promise<void>((res) => server.listen(0, "127.0.0.1", res));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => count,
    close: () =>
      new Promise<void>((res) => {
        for (const s of sockets) s.destroy();
        server.close(() => res());
      }),
  };
}
