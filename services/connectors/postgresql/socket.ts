import { connect } from "cloudflare:sockets";
import { EventEmitter } from "node:events";
import { Buffer } from "node:buffer";

// postgres.js reconnects at once, and without end, when a connection closes before its first ReadyForQuery (its
// `closed()` retries the pending startup with no backoff and no count): a server that lets the client in and
// then hangs up was hit ~630 times a second for as long as the Worker lived. postgres.js takes a socket factory
// (`socket` option), so the connection attempts are counted here: each attempt after the first waits longer, and
// after MAX_ATTEMPTS handshakes in a row that never reached ReadyForQuery the next one fails at once, without
// the network. A handshake that completes gives the budget back.
//
// The socket mirrors postgres.js's own Workers polyfill (cf/polyfills.js), which the package does not export:
// an EventEmitter over a `cloudflare:sockets` socket with the fields its `tls.connect` upgrades for sslmode.

export const MAX_ATTEMPTS = 4;
const backoffMs = (attempt: number) => (attempt <= 1 ? 0 : Math.min(2000, 200 * 2 ** (attempt - 2)));

export class ConnectAttemptsError extends Error {
  code = "CONNECTION_CLOSED";
}

interface PgSocket extends EventEmitter {
  readyState: string;
  host: string;
  port: number;
  ssl: boolean;
  destroyed?: boolean;
  raw: ReturnType<typeof connect> | null;
  writer: WritableStreamDefaultWriter<Uint8Array> | null;
  reader: ReadableStreamDefaultReader<Uint8Array> | null;
  write(data: Uint8Array, cb?: () => void): boolean;
  end(data?: Uint8Array): unknown;
  destroy(): void;
  read(): Promise<void>;
}

/** The `socket` option for postgres.js: one budget of attempts per client (a connector's one connection). */
export function boundedSocketFactory(target: { host: string; port: number; ssl: boolean }) {
  let failedInARow = 0;
  return async () => {
    failedInARow += 1;
    if (failedInARow > MAX_ATTEMPTS) {
      return failedSocket(target, new ConnectAttemptsError(`the server closed the connection during the handshake ${MAX_ATTEMPTS} times in a row`));
    }
    const wait = backoffMs(failedInARow);
    if (wait) await new Promise((r) => setTimeout(r, wait));
    return openSocket(target, () => (failedInARow = 0));
  };
}

/** A socket that reports `error` and closes on the next turn, after postgres.js has attached its handlers. */
function failedSocket(target: { host: string; port: number; ssl: boolean }, error: Error): PgSocket {
  const tcp = Object.assign(new EventEmitter(), {
    readyState: "closed", host: target.host, port: target.port, ssl: target.ssl, raw: null, writer: null, reader: null,
    write: () => true, end: () => undefined, destroy: () => undefined, read: async () => {},
  });
  setTimeout(() => {
    tcp.emit("error", error);
    tcp.emit("close");
  }, 0);
  return tcp;
}

function openSocket(target: { host: string; port: number; ssl: boolean }, onReady: () => void): PgSocket {
  const scan = readyScanner(onReady);
  const tcp: PgSocket = Object.assign(new EventEmitter(), {
    readyState: "opening", host: target.host, port: target.port, ssl: target.ssl, raw: null, writer: null, reader: null,
    write(data: Uint8Array, cb?: () => void) {
      tcp.writer!.write(data).then(cb, error);
      return true;
    },
    end(data?: Uint8Array) {
      return data ? tcp.write(data, () => void tcp.raw!.close()) : tcp.raw!.close();
    },
    destroy() {
      tcp.destroyed = true;
      tcp.end();
    },
    async read() {
      try {
        for (;;) {
          const { done, value } = await tcp.reader!.read();
          if (done) break;
          scan(value);
          tcp.emit("data", Buffer.from(value));
        }
      } catch (err) {
        error(err);
      }
    },
  });
  function close() {
    if (tcp.readyState === "closed") return;
    tcp.readyState = "closed";
    tcp.emit("close");
  }
  function error(err: unknown) {
    // a read or write that fails after the driver closed or destroyed the socket ("This socket has been closed") is
    // its end, not a failure to report; and an emitter with no error listener would throw out of read() as an
    // unhandled rejection
    if (!tcp.destroyed && tcp.readyState !== "closed" && tcp.listenerCount("error") > 0) tcp.emit("error", err);
    close();
  }
  try {
    tcp.raw = connect({ hostname: target.host, port: target.port }, { secureTransport: target.ssl ? "starttls" : "off", allowHalfOpen: false });
  } catch (err) {
    setTimeout(() => error(err), 0);
    return tcp;
  }
  // postgres.js's tls.connect swaps `raw` for the upgraded socket, then this one's `closed` settles
  tcp.raw.closed.then(
    () => (tcp.readyState !== "upgrade" ? close() : ((tcp.readyState = "open"), tcp.emit("secureConnect"))),
    (e) => error(e),
  );
  tcp.writer = tcp.raw.writable.getWriter();
  tcp.reader = tcp.raw.readable.getReader();
  if (target.ssl) {
    // only the one-byte answer to SSLRequest is read here: the reader must be free for the upgrade
    void tcp.reader.read().then(({ value }) => value && tcp.emit("data", Buffer.from(value)), error);
  } else {
    void tcp.read();
  }
  tcp.writer.ready.then(() => {
    if (tcp.readyState === "opening") tcp.readyState = "open";
  }, error);
  return tcp;
}

/** Calls `onReady` once the backend's messages reach a ReadyForQuery ('Z'): the handshake is done. */
function readyScanner(onReady: () => void) {
  let done = false;
  let skip = 0;
  let head: number[] = [];
  return (bytes: Uint8Array) => {
    for (let i = 0; !done && i < bytes.length; ) {
      if (skip > 0) {
        const n = Math.min(skip, bytes.length - i);
        skip -= n;
        i += n;
        continue;
      }
      head.push(bytes[i++]);
      if (head.length < 5) continue;
      if (head[0] === 0x5a) {
        done = true;
        onReady();
      }
      skip = ((head[1] << 24) | (head[2] << 16) | (head[3] << 8) | head[4]) - 4;
      head = [];
    }
  };
}
