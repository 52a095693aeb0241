// Node stand-in for `cloudflare:sockets`, so modules that import it load in vitest's Node projects. The
// connector tests (tests/integration/connectors.test.ts) run the engines' code in Node against the real
// PostgreSQL, and the PostgreSQL connector opens its sockets through this module: a plain TCP socket with the
// same shape (web streams, `opened`, `closed`, `close()`). TLS upgrades are workerd's business and refused here.
import { Socket } from "node:net";
import { Duplex } from "node:stream";

export function connect(address: { hostname: string; port: number }, options: { secureTransport?: string } = {}) {
  if (options.secureTransport && options.secureTransport !== "off") throw new Error("TLS sockets are only available inside workerd");
  const socket = new Socket();
  const opened = new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("error", reject);
  });
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  opened.catch(() => {});
  socket.connect(address.port, address.hostname);
  const { readable, writable } = Duplex.toWeb(socket);
  return {
    readable: readable as ReadableStream<Uint8Array>,
    writable: writable as WritableStream<Uint8Array>,
    opened,
    closed,
    close: async () => {
      socket.end();
      await closed;
    },
    startTls: (): never => {
      throw new Error("TLS sockets are only available inside workerd");
    },
  };
}
